import http from "node:http";
import { randomInt } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { InjectedFailure } from "../accounting/controls.js";
import { InjectedFailures } from "../accounting/injected-failures.js";
import { keepIdleConnectionsOpen } from "../keep-alive.js";
import {
  type Answer,
  authorizationFailure,
  fault,
  lapsedSubscription,
  serverError,
  throttled,
  unauthorized,
} from "./answers.js";
import { QuickBooksCompany } from "./company.js";
import { QuickBooksOAuth } from "./oauth.js";
import { postInvoice, postPayment } from "./transactions.js";

/**
 * The stand-in's HTTP side: Intuit's OAuth paths and the QuickBooks Online REST API v3 under
 * `/v3/company/{realmId}/`, on 127.0.0.1 at a free port. Before a request reaches the company it
 * passes, in order: an injected failure (if one matches), the bearer check (401 with QuickBooks'
 * fault body), the company's rate limit (429 beyond `perMinute` in any rolling minute, and
 * `perSecond` if set), and the `requestid` replay (a repeated id answers the stored first answer and
 * changes nothing).
 */
export type QuickBooksStandInOptions = {
  clientId?: string;
  clientSecret?: string;
  realmId?: string;
  companyName?: string;
  /** Requests a company takes per rolling minute before answering 429 (QuickBooks publishes 500). */
  perMinute?: number;
  /** Requests per rolling second (QuickBooks publishes 10); off unless set. */
  perSecond?: number;
  /** How long a spent refresh token still works (Intuit: 24 h); 0 (default): once only, so double spends fail. */
  refreshTokenGraceMs?: number;
  /** The stand-in's clock (epoch ms) for token expiry. */
  now?: () => number;
};

export class QuickBooksStandInServer {
  readonly company: QuickBooksCompany;
  readonly oauth: QuickBooksOAuth;
  readonly log: { method: string; path: string; at: number }[] = [];
  /** How many requests the rate limit answered 429 (injected 429s not included). */
  throttledCount = 0;
  readonly failures = new InjectedFailures();
  readonly #replays = new Map<string, Answer>();
  readonly #recent: number[] = [];
  readonly #server: http.Server;
  readonly #limits: { perMinute: number; perSecond: number | null };

  constructor(readonly options: QuickBooksStandInOptions = {}) {
    const now = options.now ?? Date.now;
    // Each stand-in is its own company unless a test names one: test files share a worker's modules, and a
    // company id repeated on a reused port would let one file's remembered income item answer another's.
    const realmId = options.realmId ?? `93414530${String(randomInt(10_000_000, 100_000_000))}`;
    this.company = new QuickBooksCompany(realmId, options.companyName ?? "Sandbox Company_US_1");
    this.oauth = new QuickBooksOAuth(() => this.company.realmId, now, options.refreshTokenGraceMs);
    this.oauth.clients.set(options.clientId ?? "qbo-client-id", options.clientSecret ?? "qbo-client-secret");
    this.#limits = { perMinute: options.perMinute ?? 500, perSecond: options.perSecond ?? null };
    this.#server = http.createServer((request, response) => {
      this.handle(request, response).catch(() => reply(response, serverError()));
    });
    keepIdleConnectionsOpen(this.#server);
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  failNext(failure: InjectedFailure): void {
    this.failures.add(failure);
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const method = (request.method ?? "GET").toUpperCase();
    const text = await readBody(request);
    this.log.push({ method, path: url.pathname + url.search, at: Date.now() });

    const failure = this.failures.take(method, url.pathname, url.pathname.startsWith("/v3/"));
    if (failure?.kind === "drop-before-commit") return this.failures.drop(response);
    if (failure?.kind === "hold") return this.failures.hold(response);
    if (failure?.kind === "429") return reply(response, throttled(failure.retryAfterSeconds ?? 1));
    if (failure?.kind === "500") return reply(response, serverError());
    if (failure?.kind === "401") {
      this.oauth.expire(bearerOf(request));
      return reply(response, unauthorized());
    }
    const answer = this.route(method, url, text, request);
    if (failure?.kind === "drop-after-commit") return this.failures.drop(response); // done, but the answer is lost
    reply(response, answer);
  }

  private route(method: string, url: URL, text: string, request: http.IncomingMessage): Answer {
    const path = url.pathname;
    if (method === "GET" && path === "/connect/oauth2") return this.oauth.consent(url.searchParams);
    if (method === "POST" && path === "/oauth2/v1/tokens/bearer")
      return this.oauth.token(request.headers.authorization, new URLSearchParams(text));
    if (method === "POST" && path === "/v2/oauth2/tokens/revoke")
      return this.oauth.revoke(request.headers.authorization, parseJson(text) ?? {});
    const api = /^\/v3\/company\/([^/]+)\/(.+)$/.exec(path);
    if (!api) return { status: 404, body: { error: "not_found" } };
    const realmId = decodeURIComponent(api[1]!);
    const granted = this.oauth.realmOf(bearerOf(request));
    if (!granted) return unauthorized();
    if (this.company.userLostAccess) return authorizationFailure();
    if (granted !== realmId || realmId !== this.company.realmId)
      return fault(
        "003100",
        "message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403",
        "This app may not use this company",
        403,
        "AUTHENTICATION",
      );
    const limited = this.rateLimit();
    if (limited) return limited;
    const requestId = url.searchParams.get("requestid");
    const replayKey = requestId ? `${realmId}|${requestId}` : null;
    const replay = replayKey ? this.#replays.get(replayKey) : undefined;
    if (replay) return replay;
    const answer = this.api(method, api[2]!, url.searchParams, text);
    if (replayKey && method === "POST" && answer.status < 300) this.#replays.set(replayKey, answer);
    return answer;
  }

  private api(method: string, resource: string, query: URLSearchParams, text: string): Answer {
    const company = this.company;
    const [entity, id] = resource.split("/");
    if (method === "GET") {
      if (entity === "query") return company.query(query.get("query") ?? "");
      if (entity === "companyinfo" && id === company.realmId)
        return {
          status: 200,
          body: {
            CompanyInfo: { Id: "1", SyncToken: "0", CompanyName: company.companyName, Country: company.country },
            time: new Date().toISOString(),
          },
        };
      if (entity === "preferences" && !id) return company.preferences();
      const readable = { customer: "Customer", invoice: "Invoice", payment: "Payment", item: "Item" } as const;
      const name = readable[entity as keyof typeof readable];
      if (name && id) return company.read(name, decodeURIComponent(id));
      return fault("610", "Object Not Found", `Object Not Found : ${resource}`);
    }
    if (company.subscriptionLapsed) return lapsedSubscription();
    const body = parseJson(text);
    if (!body) return fault("2010", "Request has invalid or unsupported property", "Request body is not a JSON object");
    if (entity === "customer" && !id) return company.postCustomer(body);
    if (entity === "item" && !id) return company.postItem(body);
    if (entity === "invoice" && !id) return postInvoice(company, body, query.get("operation"));
    if (entity === "payment" && !id) return postPayment(company, body);
    return fault("4000", "Unsupported operation", `The stand-in does not support POST ${resource}`);
  }

  private rateLimit(): Answer | null {
    const now = Date.now();
    while (this.#recent.length && this.#recent[0]! <= now - 60_000) this.#recent.shift();
    const lastSecond = this.#limits.perSecond === null ? 0 : this.#recent.filter((at) => at > now - 1000).length;
    if (
      this.#recent.length >= this.#limits.perMinute ||
      (this.#limits.perSecond !== null && lastSecond >= this.#limits.perSecond)
    ) {
      this.throttledCount += 1;
      const freesAt = this.#recent.length >= this.#limits.perMinute ? this.#recent[0]! + 60_000 : now + 1000;
      return throttled(Math.max(1, Math.ceil((freesAt - now) / 1000)));
    }
    this.#recent.push(now);
    return null;
  }
}

function bearerOf(request: http.IncomingMessage): string {
  return /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function reply(response: http.ServerResponse, answer: Answer): void {
  if (response.headersSent) return;
  const isText = typeof answer.body === "string";
  response.writeHead(answer.status, {
    "content-type": isText ? "text/plain" : "application/json",
    ...answer.headers,
  });
  response.end(isText ? (answer.body as string) : JSON.stringify(answer.body));
}
