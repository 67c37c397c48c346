import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AccountingStandInControls } from "../accounting/controls.js";
import { InjectedFailures } from "../accounting/injected-failures.js";
import { keepIdleConnectionsOpen } from "../keep-alive.js";
import { type Answer, forbidden, problem, serverError, unauthorized } from "./answers.js";
import { XeroIdentity } from "./oauth.js";
import { XeroOrganisation } from "./organisation.js";
import { type XeroLimits, XeroRateLimits } from "./rate-limits.js";

/**
 * A local Xero for tests: identity (consent, token, revocation), GET/DELETE /connections, and the
 * Accounting API under /api.xro/2.0 (Organisation, Accounts, Contacts, Invoices, Payments) for one
 * organisation, speaking Xero's documented JSON. It checks the bearer and the xero-tenant-id header,
 * replays the first answer to a repeated Idempotency-Key, counts requests per organisation against
 * Xero's limits (60 a minute and 5,000 a day; X-MinLimit-Remaining and X-DayLimit-Remaining
 * on every answer; 429 with Retry-After and X-Rate-Limit-Problem), and fails on demand (controls.ts).
 * There is no OpenID discovery document: the provider does not use XeroClient's discovery.
 */
export type XeroStandInOptions = {
  clientId?: string;
  clientSecret?: string;
  tenantId?: string;
  organisationName?: string;
  baseCurrency?: string;
  /** Currencies the organisation may invoice in (Xero's multi-currency). */
  currencies?: string[];
  limits?: Partial<XeroLimits>;
  /** Xero's grace period for re-presenting a spent refresh token (Xero: 1800 s); 0, strict, by default. */
  refreshGraceSeconds?: number;
  now?: () => number;
};

export type XeroStandIn = AccountingStandInControls & {
  clientId: string;
  clientSecret: string;
  tenantId: string;
  organisation: XeroOrganisation;
  contacts(): Record<string, unknown>[];
  invoices(): Record<string, unknown>[];
  payments(): Record<string, unknown>[];
  /** Requests answered from the idempotency store instead of being carried out again. */
  idempotentReplays(): number;
  /** The Idempotency-Key of every API request that carried one, in order. */
  idempotencyKeys(): string[];
  setLimits(limits: Partial<XeroLimits>): void;
};

const API = "/api.xro/2.0";

export async function startXeroStandIn(options: XeroStandInOptions = {}): Promise<XeroStandIn> {
  const now = options.now ?? Date.now;
  const clientId = options.clientId ?? "xero-client-id";
  const clientSecret = options.clientSecret ?? "xero-client-secret";
  const tenantId = options.tenantId ?? randomUUID();
  const organisation = new XeroOrganisation(
    tenantId,
    options.organisationName ?? "Demo Company (US)",
    options.baseCurrency ?? "USD",
    options.currencies ?? ["USD", "EUR", "GBP", "CAD"],
  );
  const ledger = organisation.transactions;
  const identity = new XeroIdentity(() => [{ tenantId, name: organisation.name }], now, options.refreshGraceSeconds ?? 0);
  identity.clients.set(clientId, clientSecret);
  const limits = new XeroRateLimits(options.limits ?? {}, now);
  const failures = new InjectedFailures();
  const log: { method: string; path: string; at: number }[] = [];
  const stored = new Map<string, Answer>();
  const keys: string[] = [];
  let replays = 0;

  const api = (method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): Answer => {
    const resource = path.slice(API.length).split("/").filter(Boolean);
    const [collection, id] = [resource[0]?.toLowerCase(), resource[1]];
    if (collection === "organisation" && method === "GET") return organisation.organisation();
    if (collection === "accounts" && method === "GET" && !id) return organisation.getAccounts(query.get("where"));
    if (organisation.readOnlyUser && (method === "PUT" || method === "POST"))
      return problem(403, "Forbidden", "User doesn't have permission to access the resource.");
    if (collection === "contacts") {
      if (method === "GET" && !id) return organisation.getContacts(query.get("where"));
      if ((method === "PUT" || method === "POST") && !id) {
        const first = firstElement(body, "Contacts");
        if (method === "POST" && typeof first.ContactID === "string") return organisation.updateContact(first.ContactID, body);
        return organisation.createContacts(body);
      }
      if (method === "POST" && id) return organisation.updateContact(id, body);
    }
    if (collection === "invoices") {
      if (method === "GET") return id ? ledger.getInvoice(id) : ledger.getInvoices();
      if ((method === "PUT" || method === "POST") && !id) {
        const first = firstElement(body, "Invoices");
        if (method === "POST" && typeof first.InvoiceID === "string") return ledger.updateInvoice(first.InvoiceID, body);
        return ledger.createInvoices(body);
      }
      if (method === "POST" && id) return ledger.updateInvoice(id, body);
    }
    if (collection === "payments") {
      if (method === "GET" && !id)
        return {
          status: 200,
          body: {
            Payments: [...ledger.payments.values()].map((p) => ledger.paymentView(p)),
          },
        };
      if ((method === "PUT" || method === "POST") && !id) return ledger.createPayment(body);
      if (method === "POST" && id) return ledger.deletePayment(id, body);
    }
    return problem(404, "Not Found", `The resource you're looking for cannot be found (${method} ${path})`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = (req.method ?? "GET").toUpperCase();
    const path = url.pathname;
    log.push({ method, path, at: now() });
    const raw = await readBody(req);
    const failure = failures.take(method, path, path.startsWith(API) || path.startsWith("/connections"));
    if (failure?.kind === "drop-before-commit") return failures.drop(res); // Nothing done, no answer.
    if (failure?.kind === "hold") return failures.hold(res);
    if (failure?.kind === "500") return send(res, serverError());
    if (failure?.kind === "401") return send(res, unauthorized());
    if (failure?.kind === "429") {
      const seconds = failure.retryAfterSeconds ?? 1;
      return send(res, { ...tooMany(), headers: { "retry-after": String(seconds), "x-rate-limit-problem": "minute" } });
    }
    const answer = route(method, path, url.searchParams, req, raw);
    if (failure?.kind === "drop-after-commit") return failures.drop(res); // Carried out; the answer is lost.
    send(res, answer);
  };

  const route = (method: string, path: string, query: URLSearchParams, req: IncomingMessage, raw: string): Answer => {
    if (method === "GET" && path === "/identity/connect/authorize") return identity.consent(query);
    if (method === "POST" && path === "/connect/token")
      return identity.token(req.headers.authorization, new URLSearchParams(raw));
    if (method === "POST" && path === "/connect/revocation")
      return identity.revoke(req.headers.authorization, new URLSearchParams(raw));
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (path === "/connections" || path.startsWith("/connections/")) {
      const grant = identity.grantOf(bearer);
      if (!grant) return unauthorized();
      if (method === "GET" && path === "/connections") return { status: 200, body: grant.connections };
      const id = path.slice("/connections/".length);
      if (method === "DELETE" && id) {
        const index = grant.connections.findIndex((connection) => connection.id === id);
        if (index < 0) return problem(404, "Not Found", "Connection not found");
        grant.connections.splice(index, 1);
        return { status: 204, body: "" };
      }
      return problem(404, "Not Found", "Not found");
    }
    if (!path.startsWith(`${API}/`)) return problem(404, "Not Found", `Nothing at ${path}`);
    if (!identity.grantOf(bearer)) return unauthorized();
    const tenant = String(req.headers["xero-tenant-id"] ?? "");
    if (tenant !== tenantId || !identity.allows(bearer, tenant)) return forbidden();
    const admitted = limits.admit(tenant);
    if (!admitted.ok) return { ...tooMany(), headers: { ...admitted.headers } };
    return withHeaders(apiWithIdempotency(method, path, query, req, raw, tenant), admitted.headers);
  };

  const apiWithIdempotency = (
    method: string,
    path: string,
    query: URLSearchParams,
    req: IncomingMessage,
    raw: string,
    tenant: string,
  ): Answer => {
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return problem(400, "Bad Request", "The request body is not valid JSON");
      }
    }
    const key = req.headers["idempotency-key"];
    const idempotencyKey = typeof key === "string" && key ? key : null;
    if (idempotencyKey) {
      keys.push(idempotencyKey);
      if (idempotencyKey.length > 128) return problem(400, "Bad Request", "Idempotency-Key must be at most 128 characters");
    }
    const slot = idempotencyKey ? `${tenant} ${method} ${path} ${idempotencyKey}` : null;
    const earlier = slot ? stored.get(slot) : undefined;
    if (earlier) {
      replays += 1;
      return earlier;
    }
    const answer = api(method, path, query, body);
    // Only successes are kept: a refused request may be corrected and sent again under the same key.
    if (slot && answer.status < 300) stored.set(slot, answer);
    return answer;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, problem(500, "Stand-in error", String(error)));
    });
  });
  keepIdleConnectionsOpen(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    clientId,
    clientSecret,
    tenantId,
    organisation,
    failNext: (failure) => failures.add(failure),
    releaseHeld: () => failures.releaseHeld(),
    heldCount: () => failures.heldCount(),
    expireAccessTokens: () => identity.expireAll(),
    counts: () => ({
      customers: organisation.contacts.size,
      invoices: ledger.invoices.size,
      payments: [...ledger.payments.values()].filter((payment) => payment.Status !== "DELETED").length,
    }),
    refreshTokenSpends: () => new Map(identity.spends),
    requests: () => [...log],
    contacts: () => [...organisation.contacts.values()],
    invoices: () => [...ledger.invoices.values()].map((row) => ledger.invoiceView(row)),
    payments: () => [...ledger.payments.values()].map((row) => ledger.paymentView(row)),
    idempotentReplays: () => replays,
    idempotencyKeys: () => [...keys],
    setLimits: (next) => limits.set(next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function firstElement(body: Record<string, unknown>, plural: string): Record<string, unknown> {
  const list = body[plural];
  return (Array.isArray(list) ? list[0] : body) ?? {};
}

function tooMany(): Answer {
  return problem(429, "Too Many Requests", "You have exceeded the rate limit");
}

function withHeaders(answer: Answer, headers: Record<string, string>): Answer {
  return { ...answer, headers: { ...headers, ...answer.headers } };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, answer: Answer): void {
  const headers = { ...answer.headers };
  const isText = typeof answer.body === "string";
  if (!Object.keys(headers).some((name) => name.toLowerCase() === "content-type") && answer.body !== "")
    headers["content-type"] = isText ? "text/plain; charset=utf-8" : "application/json; charset=utf-8";
  res.writeHead(answer.status, headers);
  res.end(answer.body === "" ? undefined : isText ? (answer.body as string) : JSON.stringify(answer.body));
}
