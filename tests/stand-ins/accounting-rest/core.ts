import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { AccountingStandInControls, RemoteCounts } from "../accounting/controls.js";
import { InjectedFailures } from "../accounting/injected-failures.js";
import { keepIdleConnectionsOpen } from "../keep-alive.js";

/**
 * The shared core of the REST stand-ins (FreshBooks, Wave, Sage, NetSuite): a real HTTP server on
 * 127.0.0.1 at a free port that logs every request, applies injected failures (tests/stand-ins/
 * accounting/controls.ts) before the provider's own routes, and, for OAuth providers, runs the
 * token endpoint (single-use codes, single-use refresh tokens, expiry on demand). Each provider
 * file adds its documented paths, bodies and error shapes.
 */

export type StandInRequest = {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: unknown;
  /** The origin the client addressed (for signature base strings). */
  origin: string;
};

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

export type ProviderRoutes = {
  /** Requests failures apply to by default (the API, not the token endpoint). */
  isApi(path: string): boolean;
  /** The provider's 401 body (expired or unknown token, bad signature). */
  unauthorized(): Answer;
  /** null: allowed; else the refusal (checked after injected failures, before routing). */
  authenticate(request: StandInRequest, oauth: StandInOAuth): Answer | null;
  route(request: StandInRequest, oauth: StandInOAuth): Answer;
  counts(): RemoteCounts;
  /** What `pathIncludes` of an injected failure is matched against (default the path; Wave adds the operation name). */
  failureTarget?(request: StandInRequest): string;
};

export class StandInOAuth {
  readonly refreshSpends = new Map<string, number>();
  readonly #live = new Set<string>();
  readonly #refreshTokens = new Set<string>();
  readonly #usedCodes = new Set<string>();

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
    readonly clientAuthentication: "basic" | "body",
  ) {}

  isLive(bearer: string | null): boolean {
    return bearer !== null && this.#live.has(bearer);
  }

  /** A long-lived credential (an API key) that answers like a live token until expired. */
  allow(token: string): void {
    this.#live.add(token);
  }

  expireAll(): void {
    this.#live.clear();
  }

  expire(bearer: string | null): void {
    if (bearer) this.#live.delete(bearer);
  }

  /** A token pair without the consent dance, for tests that start connected. */
  issue(): { access_token: string; refresh_token: string; expires_in: number; token_type: string } {
    const access = `at-${randomBytes(9).toString("hex")}`;
    const refresh = `rt-${randomBytes(9).toString("hex")}`;
    this.#live.add(access);
    this.#refreshTokens.add(refresh);
    return { access_token: access, refresh_token: refresh, expires_in: 3600, token_type: "Bearer" };
  }

  /** RFC 6749 token endpoint: authorization_code (each code once) and refresh_token (each token once). */
  token(request: StandInRequest): Answer {
    const form = new URLSearchParams(request.text);
    const credentials = this.clientCredentials(request, form);
    if (!credentials || credentials.id !== this.clientId || credentials.secret !== this.clientSecret)
      return { status: 401, body: { error: "invalid_client", error_description: "Client authentication failed." } };
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      const code = form.get("code") ?? "";
      if (!code || this.#usedCodes.has(code) || code === "bad-code")
        return {
          status: 400,
          body: { error: "invalid_grant", error_description: "The authorization code is invalid or expired." },
        };
      this.#usedCodes.add(code);
      return { status: 200, body: this.issue() };
    }
    if (grant === "refresh_token") {
      const refresh = form.get("refresh_token") ?? "";
      this.refreshSpends.set(refresh, (this.refreshSpends.get(refresh) ?? 0) + 1);
      if (!this.#refreshTokens.delete(refresh))
        return {
          status: 400,
          body: { error: "invalid_grant", error_description: "The refresh token is invalid or was already used." },
        };
      return { status: 200, body: this.issue() };
    }
    return { status: 400, body: { error: "unsupported_grant_type" } };
  }

  private clientCredentials(request: StandInRequest, form: URLSearchParams): { id: string; secret: string } | null {
    if (this.clientAuthentication === "body") {
      const id = form.get("client_id");
      const secret = form.get("client_secret");
      return id && secret ? { id, secret } : null;
    }
    const header = request.headers.authorization ?? "";
    if (!header.startsWith("Basic ")) return null;
    const [id, secret] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
    return id && secret ? { id: decodeURIComponent(id), secret: decodeURIComponent(secret) } : null;
  }
}

export function bearerOf(request: StandInRequest): string | null {
  const header = request.headers.authorization ?? "";
  return header.startsWith("Bearer ") ? header.slice(7) : null;
}

/** Starts the server; the controls every accounting test drives. */
export async function startRestStandIn(routes: ProviderRoutes, oauth: StandInOAuth): Promise<AccountingStandInControls> {
  const failures = new InjectedFailures();
  const log: { method: string; path: string; at: number }[] = [];

  const handle = async (incoming: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const origin = `http://${incoming.headers.host ?? "127.0.0.1"}`;
    const url = new URL(incoming.url ?? "/", origin);
    const method = (incoming.method ?? "GET").toUpperCase();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const request: StandInRequest = { method, url, headers: incoming.headers, text, json, origin };
    log.push({ method, path: url.pathname + url.search, at: Date.now() });

    const failure = failures.take(method, routes.failureTarget?.(request) ?? url.pathname, routes.isApi(url.pathname));
    if (failure?.kind === "drop-before-commit") return failures.drop(response);
    if (failure?.kind === "hold") return failures.hold(response);
    if (failure?.kind === "429")
      return reply(response, {
        status: 429,
        headers: { "retry-after": String(failure.retryAfterSeconds ?? 1) },
        body: { message: "Too Many Requests" },
      });
    if (failure?.kind === "500") return reply(response, { status: 500, body: { message: "Internal Server Error" } });
    if (failure?.kind === "401") {
      oauth.expire(bearerOf(request));
      return reply(response, routes.unauthorized());
    }
    const refused = routes.isApi(url.pathname) ? routes.authenticate(request, oauth) : null;
    const answer = refused ?? routes.route(request, oauth);
    if (failure?.kind === "drop-after-commit") return failures.drop(response); // done, but the answer is lost
    reply(response, answer);
  };

  const server = http.createServer((incoming, response) => {
    handle(incoming, response).catch(() => reply(response, { status: 500, body: { message: "stand-in error" } }));
  });
  keepIdleConnectionsOpen(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    failNext: (failure) => failures.add(failure),
    releaseHeld: () => failures.releaseHeld(),
    heldCount: () => failures.heldCount(),
    expireAccessTokens: () => oauth.expireAll(),
    counts: () => routes.counts(),
    refreshTokenSpends: () => new Map(oauth.refreshSpends),
    requests: () => [...log],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function reply(response: http.ServerResponse, answer: Answer): void {
  if (response.headersSent) return;
  const headers: Record<string, string> = { ...answer.headers };
  if (answer.body !== undefined) headers["content-type"] ??= "application/json";
  response.writeHead(answer.status, headers);
  response.end(
    answer.body === undefined ? undefined : typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body),
  );
}

/** A numeric id sequence per collection, as the providers' integer ids. */
export function sequence(start = 1000): () => string {
  let next = start;
  return () => String(next++);
}
