// Shared by bench/audit-writes.mjs and bench/audit-crash.mjs: a throwaway database (a PGlite folder or a database of
// its own on the PostgreSQL server) holding one account with a client and ended, editable calls, made through the
// built server's API; raw SQL on it while no server holds it; the built server started on it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { freePort, signUpCookie, startProcess, stopProcess } from "./lib.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const secretsKey = Buffer.alloc(32, 27).toString("base64");

/** Runs `work(query)` on a database of the PostgreSQL server; `query(text)` (no parameters) resolves to the last statement's rows. */
async function onPostgres(database, work) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    // Several statements in one text answer one result each: the last one's rows.
    return await work((text) => client.query(text).then((r) => (Array.isArray(r) ? r.at(-1).rows : r.rows)));
  } finally {
    await client.end();
  }
}

/** The same on a PGlite folder (only while no server has it open: one process per folder). */
async function onPglite(dir, work) {
  const db = await PGlite.create({ dataDir: `file://${path.join(dir, "pglite")}` });
  try {
    return await work((text) => db.exec(text).then((results) => results.at(-1)?.rows ?? []));
  } finally {
    await db.close();
  }
}

/** A throwaway database of `kind` named after `name`: { env for the server, query(work), copy(name), drop() }. */
export async function throwawayDatabase(kind, name) {
  if (kind === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `minutely-bench-${name}-`));
    return pgliteDatabase(dir, name);
  }
  const database = `minutely_bench_${name}_${process.pid}`;
  await onPostgres("postgres", async (q) => {
    await q(`drop database if exists ${database} with (force)`);
    await q(`create database ${database}`);
  });
  return postgresDatabase(database, name);
}

function pgliteDatabase(dir, name) {
  return {
    env: { DATA_DIR: dir },
    query: (work) => onPglite(dir, work),
    copy: async (copyName) => {
      const copy = fs.mkdtempSync(path.join(os.tmpdir(), `minutely-bench-${copyName}-`));
      fs.cpSync(dir, copy, { recursive: true });
      return pgliteDatabase(copy, copyName);
    },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    name,
  };
}

function postgresDatabase(database, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString(), SECRETS_KEY: secretsKey },
    query: (work) => onPostgres(database, work),
    copy: async (copyName) => {
      const copy = `minutely_bench_${copyName}_${process.pid}`;
      await onPostgres("postgres", async (q) => {
        await q(`drop database if exists ${copy} with (force)`);
        await q(`create database ${copy} template ${database}`);
      });
      return postgresDatabase(copy, copyName);
    },
    drop: () => onPostgres("postgres", (q) => q(`drop database if exists ${database} with (force)`)),
    name,
  };
}

/** The built server on `env`'s database, on a free port: { child, base }. */
export async function startApp(env, extra = {}) {
  if (!fs.existsSync("dist/server/main.js")) throw new Error("not built: npm run build first");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await startProcess(
    ["dist/server/main.js"],
    { PORT: String(port), HOST: "127.0.0.1", MINUTELY_NO_REBUILD: "1", ...env, ...extra },
    `${base}/api/health`,
    600_000,
  );
  return { ...app, base };
}

export const JSON_HEADERS = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };

export async function api(base, cookie, method, route, body) {
  const response = await fetch(`${base}${route}`, { method, headers: { ...JSON_HEADERS, cookie }, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** The call's first duration: every edit sets another, so the audit rows of a call form a chain from it. */
export const FIRST_DURATION = 600;

/**
 * Signs up an account on `database` through a server started for the purpose, with one client and `calls` ended calls
 * of FIRST_DURATION seconds (none invoiced, so all editable); stops the server. Returns { cookie, callIds }: the
 * session lives in the database, so the cookie works on any later server (or copy) of it.
 */
export async function seedEditableCalls(database, calls) {
  const setup = await startApp(database.env);
  try {
    return await seedThrough(setup.base, calls);
  } finally {
    await stopProcess(setup.child);
  }
}

/** The same account, client and calls made through a server that is already running (`base`): { cookie, callIds }. */
export async function seedThrough(base, calls) {
  const cookie = await signUpCookie(base, `bench-audit-${process.pid}@example.test`);
  const client = await api(base, cookie, "POST", "/api/clients", { name: "Audit Bench LLP", billingRate: "150.00" });
  const callIds = [];
  for (let i = 0; i < calls; i++) {
    const startTime = new Date(Date.now() - (i + 1) * 3600_000).toISOString();
    const call = await api(base, cookie, "POST", "/api/calls", { clientId: client.id, startTime, duration: FIRST_DURATION });
    callIds.push(call.id);
  }
  return { cookie, callIds };
}

/** The audit triggers of the tables the trail records (drizzle/0015_audit_trail_rounding_scope.sql). */
export const AUDIT_TRIGGERS = [
  ["clients", "clients_audit"],
  ["calls", "calls_audit"],
  ["tracked_emails", "tracked_emails_audit"],
  ["invoices", "invoices_audit"],
  ["invoice_items", "invoice_items_audit"],
  ["accounts", "accounts_audit"],
  ["users", "users_audit"],
  ["integrations", "integrations_audit"],
  ["sessions", "sessions_audit_sign_in"],
];

/** SQL that disables the given audit triggers: only ever run by a bench on its own throwaway database. */
export function disableTriggersSql(triggers = AUDIT_TRIGGERS) {
  return triggers.map(([table, trigger]) => `alter table ${table} disable trigger ${trigger};`).join("\n");
}
