import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.js";
import { compiledOnce } from "../db/compiled-statement.js";
import { statementRunner } from "../db/transaction-statements.js";

/**
 * Who is changing data, for the audit trail (docs/audit-trail.md). The database triggers write the
 * audit rows themselves (migration 0015), in the same transaction as the change; they learn the actor
 * from the transaction-local setting `minutely.actor`, which every transaction opened through the
 * app's database sets first (auditedTransactions below). The actor comes from the request (or job)
 * the transaction runs in, found through AsyncLocalStorage, so no service has to pass it along.
 */
export type AuditActor = {
  kind: "user" | "visitor" | "provider" | "system";
  userId: number | null;
  ip: string | null;
  agent: string | null;
  via: string;
};

type ActorSource = { request: FastifyRequest } | { job: string };

const storage = new AsyncLocalStorage<ActorSource>();

const MAX_AGENT = 200;

/** The actor of the request or job this code runs in, or null outside both (a script, a test's direct write). */
export function currentAuditActor(): AuditActor | null {
  const source = storage.getStore();
  if (!source) return null;
  if ("job" in source) return { kind: "system", userId: null, ip: null, agent: null, via: `job ${source.job}` };
  const { request } = source;
  const route = request.routeOptions?.url ?? request.url.split("?")[0];
  const isWebhook = typeof route === "string" && route.startsWith("/api/webhooks/");
  const agent = request.headers["user-agent"];
  return {
    kind: request.auth ? "user" : isWebhook ? "provider" : "visitor",
    userId: request.auth?.userId ?? null,
    ip: request.ip ?? null,
    agent: typeof agent === "string" ? agent.slice(0, MAX_AGENT) : null,
    via: `${request.method} ${route}`,
  };
}

/**
 * Every route handler runs in its request's actor scope. A preHandler hook, not onRequest: a body is
 * parsed from the socket's stream events, whose async context is not the request's, so a scope
 * entered before parsing would be lost by the handler of a POST.
 */
export function registerAuditScope(app: FastifyInstance): void {
  app.addHook("preHandler", (request, _reply, done) => {
    storage.run({ request }, done);
  });
}

/** Runs a background job's work as the "system" actor named after the job. */
export function runAsJob<T>(job: string, work: () => Promise<T>): Promise<T> {
  return storage.run({ job }, work);
}

type PreparedQuery = { execute: (...values: unknown[]) => Promise<unknown> };
type Session = { prepareQuery: (...args: unknown[]) => PreparedQuery };
const sessionOf = (db: Db) => (db as unknown as { session: Session }).session;
const WRITE = /^\s*(insert|update|delete)\b/i;

/**
 * Every write this database runs outside a transaction, inside a request or job, runs in a short
 * transaction of its own, so the audit trigger learns the actor there too (a plain `db.insert(…)` in
 * a service records who did it like one inside `db.transaction`). Drizzle builds every statement
 * through its session's `prepareQuery`; the top-level session is wrapped, a transaction's is not.
 */
function auditedAutocommitWrites(db: Db): void {
  const session = sessionOf(db);
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (...args: unknown[]) => {
    const prepared = prepare(...args);
    const query = args[0] as { sql?: unknown } | undefined;
    if (typeof query?.sql !== "string" || !WRITE.test(query.sql)) return prepared;
    const execute = prepared.execute.bind(prepared);
    prepared.execute = (...values: unknown[]) =>
      currentAuditActor()
        ? db.transaction((tx) =>
            sessionOf(tx)
              .prepareQuery(...args)
              .execute(...values),
          )
        : execute(...values);
    return prepared;
  };
}

/** The databases auditedTransactions wrapped (a transaction on one of them is not among them). */
const auditedDatabases = new WeakSet<Db>();

/**
 * The audit actor's setting for a transaction on `db` whose FIRST statement tells the audit triggers
 * who acts itself (`set_config('minutely.actor', <this>, true)` inside that statement, before any
 * audited write) instead of the `set_config` statement auditedTransactions runs first. The capture
 * pipeline does this (one statement fewer per webhook delivery: docs/performance.md). Null when there
 * is no actor, or when `db` is not an audited database: a transaction (a nested call), whose outer
 * transaction set the actor already.
 */
export function actorSettingFor(db: Db): string | null {
  if (!auditedDatabases.has(db)) return null;
  const actor = currentAuditActor();
  return actor ? JSON.stringify(actor) : null;
}

const setActor = compiledOnce<{ actor: string }>(
  sql`select set_config('minutely.actor', ${sql.placeholder("actor")}, true)`,
);

/**
 * Makes every `db.transaction(…)` of this database start by telling the audit triggers who acts
 * (`set_config(…, true)`: local to the transaction, so a pooled connection never carries it on).
 * A write outside a transaction, or outside any request or job, is recorded with no actor ("system").
 */
export function auditedTransactions(db: Db): void {
  const open = db.transaction.bind(db);
  auditedDatabases.add(db);
  const transaction: Db["transaction"] = (work, config) =>
    open(async (tx) => {
      const actor = currentAuditActor();
      // A prepared statement: every webhook delivery's transaction starts here (docs/performance.md).
      if (actor) await statementRunner(db, tx)(setActor({ actor: JSON.stringify(actor) }));
      return work(tx);
    }, config);
  db.transaction = transaction;
  auditedAutocommitWrites(db);
}
