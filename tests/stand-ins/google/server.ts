import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { keepIdleConnectionsOpen } from "../keep-alive.js";

/**
 * A local Google for tests and benches: OAuth 2.0 (consent page, token endpoint), Calendar v3
 * (calendars.get, events.watch, channels.stop, events.list with sync tokens or timeMin/timeMax) and
 * Meet REST v2 (conferenceRecords.list with its filter on space.meeting_code, space.name, start_time
 * and end_time, newest first, pageSize/pageToken; participants.list paged; spaces.get by id or
 * meeting code). It speaks the documented wire format the official SDKs use (form-encoded token
 * requests; `{error, error_description}` from OAuth, `{error:{code,message,status}}` from the APIs),
 * keeps state in memory, and fails on demand (an HTTP status, a 401 that also expires the token it
 * was given, or no answer at all). Point the app at it with GOOGLE_OAUTH_BASE and GOOGLE_API_BASE =
 * `standIn.baseUrl`.
 */

export type StandInEvent = {
  id: string;
  status?: "confirmed" | "cancelled";
  summary?: string;
  start: { dateTime: string };
  end: { dateTime: string };
  attendees?: { email: string; displayName?: string; self?: boolean; responseStatus?: string; resource?: boolean }[];
  hangoutLink?: string;
  conferenceData?: Record<string, unknown>;
};

export type StandInParticipant = {
  signedinUser?: { user: string; displayName: string };
  anonymousUser?: { displayName: string };
  phoneUser?: { displayName: string };
};

export type StandInConference = {
  meetingCode: string;
  startTime: string;
  endTime?: string | null;
  participants: StandInParticipant[];
};

export type Channel = {
  id: string;
  resourceId: string;
  address: string;
  token: string;
  expiration: number;
  stopped: boolean;
  messageNumber: number;
};

type Failure = { method?: string; path: RegExp; status?: number; timeout?: boolean; remaining: number };

type Json = Record<string, unknown>;

/** The account that consents on the stand-in's consent page. */
export const STAND_IN_ACCOUNT = "owner@gmail.test";

export class GoogleStandIn {
  /** Registered OAuth clients: id → secret. */
  readonly clients = new Map<string, string>();
  readonly channels = new Map<string, Channel>();
  /** Every token-endpoint request's grant type, in order (tests count refreshes). */
  readonly tokenRequests: { grantType: string; clientId: string | null }[] = [];
  /** Every API request (method, path with query), in order. */
  readonly apiRequests: { method: string; path: string }[] = [];
  /** How long the token endpoint takes to answer a refresh (ms): makes concurrent refreshes overlap. */
  refreshDelayMs = 0;
  accessTokenTtlSeconds = 3600;
  account = STAND_IN_ACCOUNT;
  /**
   * When set, lists answer at most this many items a page whatever was asked ("the service might
   * return fewer than this value", Meet v2 and Calendar v3): tests page through a few records.
   */
  pageLimit: number | null = null;

  readonly #codes = new Map<string, { clientId: string; redirectUri: string; scope: string }>();
  readonly #refreshTokens = new Map<string, { clientId: string; revoked: boolean }>();
  readonly #accessTokens = new Map<string, number>();
  readonly #events = new Map<string, StandInEvent & { seq: number; updated: string }>();
  readonly #conferences: (StandInConference & { name: string; space: string })[] = [];
  /** Meeting code → the space's server-generated id (spaces/{id}). */
  readonly #spaces = new Map<string, string>();
  readonly #failures: Failure[] = [];
  readonly #sockets = new Set<Socket>();
  #seq = 0;
  #validSyncFrom = 0;
  #server: http.Server | null = null;
  baseUrl = "";

  async start(): Promise<this> {
    this.#server = http.createServer((request, response) => {
      this.#handle(request, response).catch((error) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { code: 500, message: String(error), status: "INTERNAL" } }));
      });
    });
    this.#server.on("connection", (socket) => {
      this.#sockets.add(socket);
      socket.on("close", () => this.#sockets.delete(socket));
    });
    keepIdleConnectionsOpen(this.#server);
    await new Promise<void>((resolve) => this.#server!.listen(0, "127.0.0.1", resolve));
    this.baseUrl = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  // ---- what tests arrange ----

  addClient(clientId: string, clientSecret: string): void {
    this.clients.set(clientId, clientSecret);
  }

  /** The next `times` requests matching `path` (and method) answer `status` with Google's error shape, or never answer. */
  failNext(options: { path: RegExp; method?: string; status?: number; timeout?: boolean; times?: number }): void {
    this.#failures.push({ ...options, remaining: options.times ?? 1 });
  }

  clearFailures(): void {
    this.#failures.length = 0;
  }

  /** Google revokes every refresh token (expired, revoked, password changed): the next refresh is invalid_grant. */
  expireRefreshTokens(): void {
    for (const grant of this.#refreshTokens.values()) grant.revoked = true;
  }

  /** Every access token expires now (the app must refresh before its next call). */
  expireAccessTokens(): void {
    this.#accessTokens.clear();
  }

  refreshCount(): number {
    return this.tokenRequests.filter((r) => r.grantType === "refresh_token").length;
  }

  /** Adds or changes a calendar event (it shows up in the next incremental sync). */
  putEvent(event: StandInEvent): void {
    this.#seq += 1;
    this.#events.set(event.id, { status: "confirmed", ...event, seq: this.#seq, updated: new Date().toISOString() });
  }

  /** Every sync token issued so far becomes invalid: the next incremental sync gets 410 Gone. */
  invalidateSyncTokens(): void {
    this.#validSyncFrom = this.#seq + 1;
    this.#seq += 1;
  }

  addConference(conference: StandInConference): string {
    const name = `conferenceRecords/${randomUUID()}`;
    const code = conference.meetingCode.toLowerCase();
    if (!this.#spaces.has(code)) this.#spaces.set(code, randomBytes(9).toString("base64url"));
    this.#conferences.push({ ...conference, name, space: `spaces/${this.#spaces.get(code)}` });
    return name;
  }

  /** The channel the app opened most recently (not stopped). */
  activeChannel(): Channel | undefined {
    return [...this.channels.values()].filter((c) => !c.stopped).at(-1);
  }

  /**
   * Posts to the channel's address as Google does: empty body, X-Goog-* headers. `messageNumber`
   * defaults to the channel's next one; overrides forge or replay.
   */
  async notify(
    channel: Channel,
    options: { state?: "sync" | "exists" | "not_exists"; messageNumber?: number; channelId?: string; token?: string } = {},
  ): Promise<Response> {
    const messageNumber = options.messageNumber ?? ++channel.messageNumber;
    return fetch(channel.address, {
      method: "POST",
      headers: {
        "X-Goog-Channel-ID": options.channelId ?? channel.id,
        "X-Goog-Channel-Token": options.token ?? channel.token,
        "X-Goog-Channel-Expiration": new Date(channel.expiration).toUTCString(),
        "X-Goog-Resource-ID": channel.resourceId,
        "X-Goog-Resource-URI": `${this.baseUrl}/calendar/v3/calendars/primary/events?alt=json`,
        "X-Goog-Resource-State": options.state ?? "exists",
        "X-Goog-Message-Number": String(messageNumber),
        "User-Agent": "APIs-Google; (+https://developers.google.com/webmasters/APIs-Google.html)",
      },
    });
  }

  /** Share (0–1) of push deliveries (deliver) dropped, like pushes Google gave up on, and the random source deciding it. */
  dropShare = 0;
  random: () => number = Math.random;
  dropped = 0;
  delivered = 0;

  /** A push of a change (`exists`, the channel's next message number), dropped with `dropShare`: null when dropped. */
  async deliver(channel: Channel): Promise<Response | null> {
    channel.messageNumber += 1;
    if (this.dropShare > 0 && this.random() < this.dropShare) {
      this.dropped += 1;
      return null;
    }
    this.delivered += 1;
    return this.notify(channel, { messageNumber: channel.messageNumber });
  }

  /**
   * A user clicking "Allow" on the consent page: the URL Google would redirect the browser to
   * (the app's redirect_uri with code and state). Throws on an unknown client, as Google shows an error page.
   */
  consent(authorizeUrl: string): string {
    const url = new URL(authorizeUrl);
    return this.#approve(url.searchParams);
  }

  // ---- the wire ----

  #approve(query: URLSearchParams): string {
    const clientId = query.get("client_id") ?? "";
    const redirectUri = query.get("redirect_uri") ?? "";
    if (!this.clients.has(clientId)) throw new Error("Error 401: invalid_client. The OAuth client was not found.");
    const code = `4/${randomBytes(18).toString("base64url")}`;
    this.#codes.set(code, { clientId, redirectUri, scope: query.get("scope") ?? "" });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("scope", query.get("scope") ?? "");
    if (query.get("state")) back.searchParams.set("state", query.get("state")!);
    return back.toString();
  }

  async #handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    const raw = await new Promise<string>((resolve) => {
      let text = "";
      request.on("data", (chunk) => {
        text += chunk;
      });
      request.on("end", () => resolve(text));
    });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (body === null) {
        response.writeHead(status, headers);
        response.end();
        return;
      }
      response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
      response.end(JSON.stringify(body));
    };

    const failure = this.#failures.find(
      (f) => f.remaining > 0 && f.path.test(url.pathname) && (!f.method || f.method === method),
    );
    if (failure) {
      failure.remaining -= 1;
      if (failure.timeout) return; // never answers; the socket is destroyed at stop()
      const status = failure.status ?? 500;
      if (status === 401) {
        // The access token expired before its time (revoked, or Google's clock): gone for good.
        const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
        if (presented) this.#accessTokens.delete(presented);
        return send(401, UNAUTHENTICATED);
      }
      return send(status, {
        error: {
          code: status,
          message: status === 429 ? "Rate Limit Exceeded" : "Backend Error",
          status: status === 429 ? "RESOURCE_EXHAUSTED" : "INTERNAL",
        },
      });
    }

    if (url.pathname === "/o/oauth2/v2/auth" && method === "GET") return this.#consentPage(url, response);
    if (url.pathname === "/o/oauth2/v2/approve" && method === "GET") {
      try {
        response.writeHead(302, { location: this.#approve(url.searchParams) });
      } catch (error) {
        response.writeHead(400, { "content-type": "text/plain" });
        response.end((error as Error).message);
        return;
      }
      response.end();
      return;
    }
    if (url.pathname === "/token" && method === "POST") return this.#token(request, new URLSearchParams(raw), send);
    if (url.pathname === "/revoke" && method === "POST") {
      const token = url.searchParams.get("token") ?? new URLSearchParams(raw).get("token") ?? "";
      const grant = this.#refreshTokens.get(token);
      if (grant) grant.revoked = true;
      return send(200, {});
    }

    // The APIs: a valid bearer token first.
    this.apiRequests.push({ method, path: url.pathname + url.search });
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const expiresAt = bearer ? this.#accessTokens.get(bearer) : undefined;
    if (!expiresAt || expiresAt < Date.now()) return send(401, UNAUTHENTICATED);
    const body = raw ? (JSON.parse(raw) as Json) : {};

    if (url.pathname === "/calendar/v3/calendars/primary" && method === "GET")
      return send(200, { kind: "calendar#calendar", id: this.account, summary: this.account, timeZone: "UTC" });
    if (url.pathname === "/calendar/v3/calendars/primary/events/watch" && method === "POST") return send(200, this.#watch(body));
    if (url.pathname === "/calendar/v3/channels/stop" && method === "POST") {
      const channel = this.channels.get(String(body.id));
      if (!channel || channel.resourceId !== body.resourceId)
        return send(404, {
          error: { code: 404, message: `Channel '${String(body.id)}' not found for project`, status: "NOT_FOUND" },
        });
      channel.stopped = true;
      return send(204, null);
    }
    if (url.pathname === "/calendar/v3/calendars/primary/events" && method === "GET") return this.#listEvents(url, send);
    if (url.pathname === "/v2/conferenceRecords" && method === "GET") {
      const listed = this.#listConferences(url);
      return "error" in listed ? send(400, listed) : send(200, listed);
    }
    const participants = /^\/v2\/(conferenceRecords\/[^/]+)\/participants$/.exec(url.pathname);
    if (participants && method === "GET") {
      const conference = this.#conferences.find((c) => c.name === participants[1]);
      if (!conference) return send(404, NOT_FOUND);
      return send(200, this.#listParticipants(conference, url));
    }
    const space = /^\/v2\/spaces\/([^/]+)$/.exec(url.pathname);
    if (space && method === "GET") {
      const id = decodeURIComponent(space[1]!);
      const code = [...this.#spaces].find(([c, spaceId]) => spaceId === id || c === id.toLowerCase())?.[0];
      if (!code) return send(404, NOT_FOUND);
      return send(200, {
        name: `spaces/${this.#spaces.get(code)}`,
        meetingUri: `https://meet.google.com/${code}`,
        meetingCode: code,
        config: { accessType: "TRUSTED", entryPointAccess: "ALL" },
      });
    }
    return send(404, { error: { code: 404, message: `Not found: ${method} ${url.pathname}`, status: "NOT_FOUND" } });
  }

  #consentPage(url: URL, response: http.ServerResponse): void {
    const clientId = url.searchParams.get("client_id") ?? "";
    if (!this.clients.has(clientId)) {
      response.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      response.end(
        "<!doctype html><title>Error</title><h1>Access blocked: Authorisation error</h1><p>Error 401: invalid_client</p>",
      );
      return;
    }
    const approve = new URL("/o/oauth2/v2/approve", this.baseUrl);
    approve.search = url.search;
    const deny = new URL(url.searchParams.get("redirect_uri") ?? "/");
    deny.searchParams.set("error", "access_denied");
    if (url.searchParams.get("state")) deny.searchParams.set("state", url.searchParams.get("state")!);
    const html = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><title>Sign in - Google Accounts</title>
<h1>Minutely wants to access your Google Account</h1><p>${html(this.account)}</p>
<p>Scopes: ${html(url.searchParams.get("scope") ?? "")}</p>
<a href="${html(approve.toString())}">Allow</a> <a href="${html(deny.toString())}">Cancel</a></html>`);
  }

  async #token(
    request: http.IncomingMessage,
    form: URLSearchParams,
    send: (status: number, body: unknown) => void,
  ): Promise<void> {
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (basic) [clientId, clientSecret] = Buffer.from(basic, "base64").toString("utf8").split(":") as [string, string];
    const grantType = form.get("grant_type") ?? "";
    this.tokenRequests.push({ grantType, clientId });
    if (!clientId || !this.clients.has(clientId))
      return send(401, { error: "invalid_client", error_description: "The OAuth client was not found." });
    if (this.clients.get(clientId) !== clientSecret)
      return send(401, { error: "invalid_client", error_description: "Unauthorized" });

    if (grantType === "authorization_code") {
      const grant = this.#codes.get(form.get("code") ?? "");
      if (!grant || grant.clientId !== clientId)
        return send(400, { error: "invalid_grant", error_description: "Malformed auth code." });
      this.#codes.delete(form.get("code")!);
      if (grant.redirectUri !== form.get("redirect_uri"))
        return send(400, { error: "redirect_uri_mismatch", error_description: "Bad Request" });
      const refreshToken = `1//${randomBytes(24).toString("base64url")}`;
      this.#refreshTokens.set(refreshToken, { clientId, revoked: false });
      return send(200, { ...this.#newAccessToken(), refresh_token: refreshToken, scope: grant.scope });
    }
    if (grantType === "refresh_token") {
      if (this.refreshDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.refreshDelayMs));
      const grant = this.#refreshTokens.get(form.get("refresh_token") ?? "");
      if (!grant || grant.revoked || grant.clientId !== clientId)
        return send(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      return send(200, this.#newAccessToken());
    }
    return send(400, { error: "unsupported_grant_type", error_description: `Invalid grant_type: ${grantType}` });
  }

  #newAccessToken(): Json {
    const token = `ya29.${randomBytes(24).toString("base64url")}`;
    this.#accessTokens.set(token, Date.now() + this.accessTokenTtlSeconds * 1000);
    return { access_token: token, expires_in: this.accessTokenTtlSeconds, token_type: "Bearer" };
  }

  #watch(body: Json): Json {
    const ttl = Number((body.params as Json | undefined)?.ttl ?? 604800);
    const channel: Channel = {
      id: String(body.id),
      resourceId: randomBytes(12).toString("base64url"),
      address: String(body.address),
      token: String(body.token ?? ""),
      expiration: Date.now() + ttl * 1000,
      stopped: false,
      messageNumber: 0,
    };
    this.channels.set(channel.id, channel);
    return {
      kind: "api#channel",
      id: channel.id,
      resourceId: channel.resourceId,
      resourceUri: `${this.baseUrl}/calendar/v3/calendars/primary/events?alt=json`,
      token: channel.token,
      expiration: String(channel.expiration),
    };
  }

  #listEvents(url: URL, send: (status: number, body: unknown) => void): void {
    const syncToken = url.searchParams.get("syncToken");
    let since = 0;
    if (syncToken) {
      since = Number(syncToken.replace(/^st-/, ""));
      if (!Number.isFinite(since) || since < this.#validSyncFrom) {
        send(410, {
          error: {
            code: 410,
            message: "Sync token is no longer valid, a full sync is required.",
            errors: [
              {
                domain: "calendar",
                reason: "fullSyncRequired",
                message: "Sync token is no longer valid, a full sync is required.",
              },
            ],
            status: "GONE",
          },
        });
        return;
      }
    }
    const timeMin = url.searchParams.get("timeMin");
    const timeMax = url.searchParams.get("timeMax");
    const all = [...this.#events.values()]
      .filter((event) => event.seq > since)
      .filter((event) => syncToken || !timeMin || new Date(event.end.dateTime) >= new Date(timeMin))
      // timeMax: an exclusive upper bound for an event's start (Calendar v3 events.list).
      .filter((event) => syncToken || !timeMax || new Date(event.start.dateTime) < new Date(timeMax))
      .filter((event) => syncToken || event.status !== "cancelled")
      .sort((a, b) => a.seq - b.seq);
    const offset = Number(url.searchParams.get("pageToken") ?? 0);
    const max = Math.min(Number(url.searchParams.get("maxResults") ?? 250), this.pageLimit ?? 2500);
    const page = all.slice(offset, offset + max);
    const more = offset + max < all.length;
    send(200, {
      kind: "calendar#events",
      summary: this.account,
      items: page.map(({ seq: _seq, ...event }) => ({ kind: "calendar#event", ...event })),
      ...(more ? { nextPageToken: String(offset + max) } : { nextSyncToken: `st-${this.#seq}` }),
    });
  }

  /**
   * conferenceRecords.list as documented: newest start first; `filter` clauses joined by AND on
   * space.meeting_code, space.name (=), start_time and end_time (=, <, <=, >, >=, or `end_time IS
   * NULL`); at most `pageSize` (default 25, at most 100) with a nextPageToken while more are left.
   * A clause it cannot read is Google's 400 INVALID_ARGUMENT.
   */
  #listConferences(url: URL): Json {
    const filter = url.searchParams.get("filter") ?? "";
    const tests: ((c: StandInConference & { space: string }) => boolean)[] = [];
    for (const clause of filter.trim() ? filter.split(/\s+AND\s+/i) : []) {
      const test = conferenceClause(clause.trim());
      if (!test) return { error: { code: 400, message: `Invalid filter: ${clause.trim()}`, status: "INVALID_ARGUMENT" } };
      tests.push(test);
    }
    const all = this.#conferences
      .filter((c) => tests.every((test) => test(c)))
      .sort((x, y) => Date.parse(y.startTime) - Date.parse(x.startTime) || y.name.localeCompare(x.name));
    const { offset, size } = pageOf(url, { defaultSize: 25, maxSize: this.pageLimit ?? 100, bound: filter });
    const page = all.slice(offset, offset + size);
    return {
      conferenceRecords: page.map((c) => ({
        name: c.name,
        startTime: c.startTime,
        ...(c.endTime ? { endTime: c.endTime } : {}),
        expireTime: new Date(Date.parse(c.endTime ?? c.startTime) + 30 * 86400_000).toISOString(),
        space: c.space,
      })),
      ...(offset + size < all.length ? { nextPageToken: pageToken(offset + size, filter) } : {}),
    };
  }

  /** participants.list: by join time, newest first; pageSize default 100, at most 250; totalSize. */
  #listParticipants(conference: StandInConference & { name: string }, url: URL): Json {
    const all = conference.participants.map((p, index) => ({
      name: `${conference.name}/participants/${index + 1}`,
      earliestStartTime: conference.startTime,
      ...(conference.endTime ? { latestEndTime: conference.endTime } : {}),
      ...p,
    }));
    const { offset, size } = pageOf(url, { defaultSize: 100, maxSize: this.pageLimit ?? 250, bound: conference.name });
    return {
      participants: all.slice(offset, offset + size),
      totalSize: all.length,
      ...(offset + size < all.length ? { nextPageToken: pageToken(offset + size, conference.name) } : {}),
    };
  }
}

const UNAUTHENTICATED = {
  error: {
    code: 401,
    message:
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
    status: "UNAUTHENTICATED",
  },
};
const NOT_FOUND = { error: { code: 404, message: "Requested entity was not found.", status: "NOT_FOUND" } };

/** An opaque page token: the offset, bound to the query it continues (another filter cannot use it). */
function pageToken(offset: number, bound: string): string {
  return Buffer.from(JSON.stringify({ offset, bound })).toString("base64url");
}

function pageOf(url: URL, options: { defaultSize: number; maxSize: number; bound: string }): { offset: number; size: number } {
  const asked = Number(url.searchParams.get("pageSize") ?? 0);
  const size = Math.min(asked > 0 ? asked : options.defaultSize, options.maxSize);
  const token = url.searchParams.get("pageToken");
  if (!token) return { offset: 0, size };
  try {
    const read = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as { offset?: unknown; bound?: unknown };
    if (read.bound === options.bound && typeof read.offset === "number") return { offset: read.offset, size };
  } catch {
    // not one of ours: start over, as a fresh list
  }
  return { offset: 0, size };
}

/** One clause of conferenceRecords.list's filter, or null when it is not one Google documents. */
function conferenceClause(clause: string): ((c: StandInConference & { space: string }) => boolean) | null {
  if (/^end_time\s+IS\s+NULL$/i.test(clause)) return (c) => !c.endTime;
  const match = /^(space\.meeting_code|space\.name|start_time|end_time)\s*(<=|>=|=|<|>)\s*"([^"]*)"$/.exec(clause);
  if (!match) return null;
  const [, field, op, value] = match as unknown as [string, string, string, string];
  if (field === "space.meeting_code") return op === "=" ? (c) => c.meetingCode.toLowerCase() === value.toLowerCase() : null;
  if (field === "space.name") return op === "=" ? (c) => c.space === value : null;
  const bound = Date.parse(value);
  if (Number.isNaN(bound)) return null;
  return (c) => {
    const at = field === "start_time" ? c.startTime : c.endTime;
    if (!at) return false;
    const t = Date.parse(at);
    return op === "=" ? t === bound : op === "<" ? t < bound : op === "<=" ? t <= bound : op === ">" ? t > bound : t >= bound;
  };
}

export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  return new GoogleStandIn().start();
}

/** A Calendar event with a Google Meet conference, as events.list returns it. */
export function meetEvent(options: {
  id: string;
  code: string;
  start: Date;
  end: Date;
  attendees: string[];
  summary?: string;
  self?: string;
}): StandInEvent {
  return {
    id: options.id,
    summary: options.summary ?? "Client meeting",
    start: { dateTime: options.start.toISOString() },
    end: { dateTime: options.end.toISOString() },
    attendees: options.attendees.map((email) => ({
      email,
      responseStatus: "accepted",
      ...(email === options.self ? { self: true } : {}),
    })),
    hangoutLink: `https://meet.google.com/${options.code}`,
    conferenceData: {
      conferenceId: options.code,
      conferenceSolution: { key: { type: "hangoutsMeet" }, name: "Google Meet" },
      entryPoints: [
        { entryPointType: "video", uri: `https://meet.google.com/${options.code}`, label: `meet.google.com/${options.code}` },
      ],
    },
  };
}
