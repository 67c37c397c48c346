import http from "node:http";
import type { AddressInfo } from "node:net";
import { keepIdleConnectionsOpen } from "../keep-alive.js";
import qs from "qs";

/**
 * A local Stripe for tests and benches: speaks the wire format the official `stripe` SDK uses
 * (form-encoded bodies with bracketed keys, JSON answers, `{error:{type,message,code}}` on
 * failure, Idempotency-Key replay), keeps its objects in memory, and fails on demand.
 * Point the SDK at it with `new Stripe(key, { host: "127.0.0.1", port, protocol: "http" })`
 * (or the app's STRIPE_API_BASE). Resources live in their own files beside this one and
 * register routes with `standIn.on(...)`; `createStripeStandIn()` in index.ts wires them all.
 */
export type StripeObject = { id: string; object: string; created: number } & Record<string, unknown>;

export type StandInRequest = {
  method: string;
  path: string;
  /** `:name` parts of the route pattern. */
  params: Record<string, string>;
  /** Decoded form body (POST) or query (GET), bracketed keys expanded by qs. */
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
};

/** `headers` (a redirect's Location) and a string body (an HTML page) serve the hosted pages a browser opens. */
export type StandInAnswer = { status: number; body: unknown; headers?: Record<string, string> };
export type Handler = (request: StandInRequest, standIn: StripeStandIn) => StandInAnswer | Promise<StandInAnswer>;

export type Failure =
  | { kind: "error"; status: number; type: string; message: string; code?: string; declineCode?: string }
  /** Hold the request and never answer (the SDK's timeout fires). */
  | { kind: "timeout" }
  /** Do the work, then drop the connection: the caller cannot know it succeeded. */
  | { kind: "drop-after-commit" };

type Route = { method: string; pattern: RegExp; names: string[]; handler: Handler; public: boolean };
type PendingFailure = { method?: string; path: RegExp; failure: Failure; remaining: number };

export const ok = (body: unknown): StandInAnswer => ({ status: 200, body });
export const stripeError = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): StandInAnswer => ({
  status,
  body: { error: { type, message, ...extra } },
});
export const missing = (id: string): StandInAnswer =>
  stripeError(404, "invalid_request_error", `No such object: '${id}'`, { code: "resource_missing" });

export class StripeStandIn {
  /** Every object by id (customers, subscriptions, invoices, intents …). */
  readonly objects = new Map<string, StripeObject>();
  /** Every request received, in order (method, path, decoded body, Idempotency-Key). */
  readonly requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | null }[] = [];
  /** The secret key callers must present as a bearer token. */
  secretKey: string;
  /**
   * Whether a trial's succeeded setup intent makes its card the subscription's default_payment_method.
   * Stripe does not document that it does (issue 30 §1), so tests run sign-up both ways.
   */
  setupSetsDefaultPaymentMethod = true;
  /** Stand-in time in Unix seconds; tests move it to expire trials. */
  now: () => number = () => Math.floor(Date.now() / 1000);

  readonly #routes: Route[] = [];
  readonly #failures: PendingFailure[] = [];
  readonly #idempotent = new Map<string, StandInAnswer>();
  #sequence = 0;
  #server: http.Server | null = null;

  constructor(options: { secretKey?: string } = {}) {
    this.secretKey = options.secretKey ?? "sk_test_standin";
  }

  /**
   * Registers a route; `pattern` like "/v1/customers/:id". `public` routes are Stripe's hosted
   * pages (Checkout) that a browser opens without the API key.
   */
  on(method: string, pattern: string, handler: Handler, options: { public?: boolean } = {}): void {
    const names: string[] = [];
    const source = pattern.replace(/:([a-z_]+)/g, (_m, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    this.#routes.push({
      method: method.toUpperCase(),
      pattern: new RegExp(`^${source}$`),
      names,
      handler,
      public: options.public ?? false,
    });
  }

  /** The next `times` requests matching `path` (and `method`) fail as described. */
  failNext(match: { method?: string; path: RegExp }, failure: Failure, times = 1): void {
    this.#failures.push({ method: match.method?.toUpperCase(), path: match.path, failure, remaining: times });
  }

  /** A Stripe-shaped id: `cus_…`, `sub_…`, `pi_…`. */
  newId(prefix: string): string {
    this.#sequence += 1;
    return `${prefix}_standin${String(this.#sequence).padStart(8, "0")}`;
  }

  put<T extends StripeObject>(object: T): T {
    this.objects.set(object.id, object);
    return object;
  }

  get<T extends StripeObject = StripeObject>(id: string): T | undefined {
    return this.objects.get(id) as T | undefined;
  }

  list<T extends StripeObject = StripeObject>(objectType: string): T[] {
    return [...this.objects.values()].filter((o) => o.object === objectType) as T[];
  }

  /** A copy of `object` with the dotted `expand` paths replaced by the objects their ids name. */
  expand(object: StripeObject, paths: string[]): StripeObject {
    const copy = structuredClone(object) as Record<string, unknown>;
    for (const path of paths) {
      const keys = path.split(".");
      let holder: Record<string, unknown> | undefined = copy;
      for (let i = 0; i < keys.length && holder; i += 1) {
        const key = keys[i]!;
        const value = holder[key];
        if (typeof value === "string" && this.objects.has(value)) holder[key] = structuredClone(this.objects.get(value));
        const next: unknown = holder[key];
        holder = next && typeof next === "object" ? (next as Record<string, unknown>) : undefined;
      }
    }
    return copy as StripeObject;
  }

  get url(): string {
    const address = this.#server?.address() as AddressInfo | null;
    if (!address) throw new Error("The Stripe stand-in is not running");
    return `http://127.0.0.1:${address.port}`;
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  async start(): Promise<this> {
    this.#server = http.createServer((req, res) => void this.#handle(req, res));
    keepIdleConnectionsOpen(this.#server);
    await new Promise<void>((resolve) => this.#server!.listen(0, "127.0.0.1", resolve));
    return this;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = (req.method ?? "GET").toUpperCase();
    const raw = method === "GET" || method === "DELETE" ? url.search.slice(1) : Buffer.concat(chunks).toString("utf8");
    const body = qs.parse(raw, { depth: 10, arrayLimit: 1000 }) as Record<string, unknown>;
    const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    this.requests.push({ method, path: url.pathname, body, idempotencyKey });

    const send = (answer: StandInAnswer) => {
      const page = typeof answer.body === "string";
      res.writeHead(answer.status, {
        "content-type": page ? "text/html; charset=utf-8" : "application/json",
        "request-id": `req_${this.#sequence}`,
        ...answer.headers,
      });
      res.end(page ? answer.body : JSON.stringify(answer.body));
    };

    const open = this.#routes.some((route) => route.public && route.method === method && route.pattern.test(url.pathname));
    if (!open && req.headers.authorization !== `Bearer ${this.secretKey}`) {
      send(stripeError(401, "invalid_request_error", "Invalid API Key provided: sk_test_****"));
      return;
    }
    const failure = this.#takeFailure(method, url.pathname);
    if (failure?.kind === "timeout") return; // never answered
    if (failure?.kind === "error") {
      send(
        stripeError(failure.status, failure.type, failure.message, {
          ...(failure.code ? { code: failure.code } : {}),
          ...(failure.declineCode ? { decline_code: failure.declineCode } : {}),
        }),
      );
      return;
    }
    const replayKey = idempotencyKey && method === "POST" ? `${url.pathname} ${idempotencyKey}` : null;
    const replay = replayKey ? this.#idempotent.get(replayKey) : undefined;
    if (replay) {
      send(replay);
      return;
    }
    const answer = await this.#route(method, url.pathname, body, req.headers);
    if (replayKey && answer.status < 500) this.#idempotent.set(replayKey, answer);
    if (failure?.kind === "drop-after-commit") {
      req.socket.destroy();
      return;
    }
    send(answer);
  }

  async #route(
    method: string,
    path: string,
    body: Record<string, unknown>,
    headers: http.IncomingHttpHeaders,
  ): Promise<StandInAnswer> {
    for (const route of this.#routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      try {
        return await route.handler({ method, path, params, body, headers }, this);
      } catch (error) {
        return stripeError(500, "api_error", (error as Error).message);
      }
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  #takeFailure(method: string, path: string): Failure | null {
    const pending = this.#failures.find((f) => (!f.method || f.method === method) && f.path.test(path));
    if (!pending) return null;
    pending.remaining -= 1;
    if (pending.remaining <= 0) this.#failures.splice(this.#failures.indexOf(pending), 1);
    return pending.failure;
  }
}
