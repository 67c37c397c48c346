import { randomBytes, randomUUID } from "node:crypto";
import type http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { selfSignedCertificate } from "./certificate.js";
import { keepIdleConnectionsOpen } from "../keep-alive.js";

/**
 * A local Microsoft identity platform and Microsoft Graph for tests and benches, over https with a
 * self-signed certificate (`cert`, to trust). It speaks the documented wire formats:
 * - POST /{tenant}/oauth2/v2.0/token (client_credentials): `{token_type, expires_in, access_token}`,
 *   or the identity platform's error JSON (`error`, `error_description` starting "AADSTS…",
 *   `error_codes`, `trace_id`, `correlation_id`, `timestamp`);
 * - Graph v1.0: POST/PATCH/DELETE /subscriptions (creation first POSTs the validation handshake to
 *   the notificationUrl, and to the lifecycleNotificationUrl when given, and refuses unless each is
 *   echoed), GET /communications/callRecords/{id} and its /participants_v2 (paged with
 *   @odata.nextLink), GET /communications/callRecords?$filter=startDateTime ge … (the list: no
 *   participants or sessions, 30 days kept), GET /users/{id | userPrincipalName}; errors as
 *   `{error:{code, message}}`.
 * Call records are served as Microsoft documents them today (issue 25 §2.2): `organizer_v2` expanded
 * by default with the user's id, displayName and tenantId and NO userPrincipalName (Microsoft's
 * example), never the retired `organizer`; participants_v2 entries carry the userPrincipalName.
 * It keeps its state in memory, fails on demand (`failNext`: any status with Retry-After, or
 * never answering), posts change notifications like Graph (`notify`, dropping a share of them on
 * demand: `dropShare`) and lifecycle notifications (`notifyLifecycle`).
 */
export type StandInApp = { tenantId: string; clientId: string; clientSecret: string };

export type GraphIdentity = {
  user?: { id: string; displayName?: string | null; userPrincipalName?: string | null; tenantId?: string } | null;
  phone?: { id: string; displayName?: string | null } | null;
  guest?: { id: string; displayName?: string | null } | null;
};

export type CallRecord = {
  id: string;
  version: number;
  type: "groupCall" | "peerToPeer" | "unknown";
  modalities: string[];
  lastModifiedDateTime: string;
  startDateTime: string;
  endDateTime: string;
  joinWebUrl: string | null;
  /** The organizer as a participant; served without the user's userPrincipalName, like Microsoft's example. */
  organizer_v2?: { id: string; identity: GraphIdentity } | null;
  participants_v2: { id: string; identity: GraphIdentity }[];
};

export type DirectoryUser = { id: string; displayName: string; userPrincipalName: string; mail: string | null };

export type LifecycleEvent = "reauthorizationRequired" | "subscriptionRemoved" | "missed";

export type Subscription = {
  id: string;
  resource: string;
  changeType: string;
  notificationUrl: string;
  clientState: string | null;
  expirationDateTime: string;
  applicationId: string;
  tenantId: string;
  lifecycleNotificationUrl: string | null;
};

export type Failure =
  | { kind: "error"; status: number; code: string; message: string; retryAfterSeconds?: number }
  /** Hold the request and never answer (the caller's timeout fires). */
  | { kind: "timeout" };

type PendingFailure = { method?: string; path: RegExp; failure: Failure; remaining: number };
type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** How long Graph keeps call records (the list answers only these). */
export const CALL_RECORD_RETENTION_DAYS = 30;

/** Graph's limit for callRecords subscriptions: 4230 minutes. */
export const MAX_CALL_RECORD_SUBSCRIPTION_MINUTES = 4230;

const graphError = (status: number, code: string, message: string, headers?: Record<string, string>): Answer => ({
  status,
  headers,
  body: { error: { code, message, innerError: { date: new Date().toISOString(), "request-id": randomUUID() } } },
});

export class MicrosoftStandIn {
  readonly apps: StandInApp[] = [];
  readonly callRecords = new Map<string, CallRecord>();
  /** The tenant's directory (GET /users/{id | userPrincipalName}). */
  readonly users = new Map<string, DirectoryUser>();
  readonly subscriptions = new Map<string, Subscription>();
  /** Every request received: method, path (with query), and for Graph whether a bearer came along. */
  readonly requests: { method: string; path: string; authorization: boolean }[] = [];
  /** Tokens issued: bearer → its app and expiry (ms). */
  readonly tokens = new Map<string, { app: StandInApp; expiresAt: number }>();
  /** Validation handshakes sent to notification URLs and what came back. */
  readonly validations: { url: string; status: number; body: string }[] = [];
  /** The stand-in's clock (ms) for subscription expiry (tokens follow the real clock, like msal's cache); tests move it with the app's. */
  now: () => number = () => Date.now();
  /** How many participants one page of participants_v2 holds. */
  participantsPageSize = 100;
  /** How many records one page of the call-record list holds. */
  listPageSize = 60;
  /** The share (0–1) of change notifications `notify` drops instead of posting, like deliveries lost for good. */
  dropShare = 0;
  /** The random source of `dropShare` (tests give a seeded one). */
  random: () => number = Math.random;
  /** Change notifications dropped so far. */
  dropped = 0;
  readonly cert: string;
  readonly #key: string;
  readonly #failures: PendingFailure[] = [];
  #server: https.Server | null = null;

  constructor() {
    const { key, cert } = selfSignedCertificate();
    this.cert = cert;
    this.#key = key;
  }

  /** A registered Entra ID app in a tenant (the stand-in knows only tenants that have one). */
  addApp(app: Partial<StandInApp> = {}): StandInApp {
    const registered: StandInApp = {
      tenantId: app.tenantId ?? randomUUID(),
      clientId: app.clientId ?? randomUUID(),
      clientSecret: app.clientSecret ?? `secret~${randomBytes(12).toString("base64url")}`,
    };
    this.apps.push(registered);
    return registered;
  }

  addCallRecord(
    record: Omit<CallRecord, "version" | "lastModifiedDateTime" | "modalities" | "type" | "joinWebUrl"> & Partial<CallRecord>,
  ): CallRecord {
    const full: CallRecord = {
      version: 1,
      type: "groupCall",
      modalities: ["audio", "video"],
      lastModifiedDateTime: record.endDateTime,
      joinWebUrl: `https://teams.microsoft.com/l/meetup-join/${record.id}`,
      ...record,
    };
    this.callRecords.set(full.id, full);
    return full;
  }

  /** A user of the tenant's directory (Entra ID). */
  addUser(user: Partial<DirectoryUser> & { userPrincipalName: string }): DirectoryUser {
    const full: DirectoryUser = {
      id: user.id ?? randomUUID(),
      displayName: user.displayName ?? user.userPrincipalName.split("@")[0]!,
      mail: user.mail ?? user.userPrincipalName,
      userPrincipalName: user.userPrincipalName,
    };
    this.users.set(full.id, full);
    return full;
  }

  /** The next `times` requests matching `path` (and `method`) fail as described. */
  failNext(match: { method?: string; path: RegExp }, failure: Failure, times = 1): void {
    this.#failures.push({ method: match.method?.toUpperCase(), path: match.path, failure, remaining: times });
  }

  /** Makes every token issued so far expired (Graph then answers 401 InvalidAuthenticationToken). */
  expireTokens(): void {
    for (const token of this.tokens.values()) token.expiresAt = 0;
  }

  get url(): string {
    const address = this.#server?.address() as AddressInfo | null;
    if (!address) throw new Error("The Microsoft stand-in is not running");
    return `https://127.0.0.1:${address.port}`;
  }

  /** The app's `config.microsoft` for this stand-in. */
  get appConfig(): { authorityHost: string; graphBase: string; trustedCa: string } {
    return { authorityHost: this.url, graphBase: this.url, trustedCa: this.cert };
  }

  /**
   * Posts a change notification for a call record like Graph does, to every subscription on
   * callRecords (or the one given), with its clientState unless overridden. The app's answers.
   */
  async notify(
    callRecordId: string,
    options: { subscriptionId?: string; clientState?: string | null; changeType?: string } = {},
  ): Promise<{ status: number; body: string }[]> {
    const targets = [...this.subscriptions.values()].filter(
      (s) => (options.subscriptionId ? s.id === options.subscriptionId : true) && s.resource === "/communications/callRecords",
    );
    const answers: { status: number; body: string }[] = [];
    for (const subscription of targets) {
      if (this.dropShare > 0 && this.random() < this.dropShare) {
        this.dropped += 1;
        continue;
      }
      const resource = `communications/callRecords/${callRecordId}`;
      const clientState = options.clientState === undefined ? subscription.clientState : options.clientState;
      const body = {
        value: [
          {
            subscriptionId: subscription.id,
            subscriptionExpirationDateTime: subscription.expirationDateTime,
            changeType: options.changeType ?? "created",
            resource,
            resourceData: { "@odata.type": "#microsoft.graph.callRecord", "@odata.id": resource, id: callRecordId },
            ...(clientState === null ? {} : { clientState }),
            tenantId: subscription.tenantId,
          },
        ],
      };
      const response = await fetch(subscription.notificationUrl, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify(body),
      });
      answers.push({ status: response.status, body: await response.text() });
    }
    return answers;
  }

  /**
   * Posts a lifecycle notification like Graph does to the subscription's lifecycleNotificationUrl:
   * `{value:[{subscriptionId, subscriptionExpirationDateTime, tenantId, clientState, lifecycleEvent}]}`.
   * subscriptionRemoved also forgets the subscription, as Graph has. The app's answer.
   */
  async notifyLifecycle(
    subscriptionId: string,
    lifecycleEvent: LifecycleEvent,
    options: { clientState?: string | null } = {},
  ): Promise<{ status: number; body: string }> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription?.lifecycleNotificationUrl)
      throw new Error(`Subscription ${subscriptionId} has no lifecycleNotificationUrl`);
    if (lifecycleEvent === "subscriptionRemoved") this.subscriptions.delete(subscriptionId);
    const clientState = options.clientState === undefined ? subscription.clientState : options.clientState;
    const response = await fetch(subscription.lifecycleNotificationUrl, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({
        value: [
          {
            subscriptionId,
            subscriptionExpirationDateTime: subscription.expirationDateTime,
            tenantId: subscription.tenantId,
            ...(clientState === null ? {} : { clientState }),
            lifecycleEvent,
          },
        ],
      }),
    });
    return { status: response.status, body: await response.text() };
  }

  async start(): Promise<this> {
    this.#server = https.createServer({ key: this.#key, cert: this.cert }, (req, res) => void this.#handle(req, res));
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

  #takeFailure(method: string, path: string): Failure | null {
    const index = this.#failures.findIndex((f) => (!f.method || f.method === method) && f.path.test(path));
    if (index < 0) return null;
    const pending = this.#failures[index]!;
    pending.remaining -= 1;
    if (pending.remaining <= 0) this.#failures.splice(index, 1);
    return pending.failure;
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "https://stand-in");
    const method = (req.method ?? "GET").toUpperCase();
    this.requests.push({ method, path: url.pathname + url.search, authorization: Boolean(req.headers.authorization) });
    const send = (answer: Answer) => {
      if (answer.status === 204 || answer.body === undefined) {
        res.writeHead(answer.status, answer.headers ?? {});
        res.end();
        return;
      }
      res.writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...answer.headers });
      res.end(JSON.stringify(answer.body));
    };
    const failure = this.#takeFailure(method, url.pathname);
    if (failure?.kind === "timeout") return;
    if (failure?.kind === "error") {
      send(
        graphError(
          failure.status,
          failure.code,
          failure.message,
          failure.retryAfterSeconds === undefined ? undefined : { "retry-after": String(failure.retryAfterSeconds) },
        ),
      );
      return;
    }
    try {
      send(await this.#route(method, url, raw, req.headers));
    } catch (error) {
      send(graphError(500, "generalException", (error as Error).message));
    }
  }

  async #route(method: string, url: URL, raw: string, headers: http.IncomingHttpHeaders): Promise<Answer> {
    const path = url.pathname;
    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    if (token && method === "POST") return this.#token(decodeURIComponent(token[1]!), new URLSearchParams(raw));
    if (!path.startsWith("/v1.0/")) return graphError(404, "BadRequest", `Resource not found for the segment '${path}'.`);

    const bearer = /^Bearer (.+)$/.exec(String(headers.authorization ?? ""))?.[1];
    const issued = bearer ? this.tokens.get(bearer) : undefined;
    if (!issued) return graphError(401, "InvalidAuthenticationToken", "Access token is empty.");
    if (issued.expiresAt <= Date.now())
      return graphError(401, "InvalidAuthenticationToken", "Lifetime validation failed, the token is expired.");

    const rest = path.slice("/v1.0".length);
    if (rest === "/subscriptions" && method === "POST") return this.#createSubscription(issued.app, JSON.parse(raw || "{}"));
    const subscription = /^\/subscriptions\/([^/]+)$/.exec(rest);
    if (subscription) return this.#subscription(method, decodeURIComponent(subscription[1]!), raw);
    if (rest === "/communications/callRecords" && method === "GET") return this.#listCallRecords(url);
    const user = /^\/users\/([^/]+)$/.exec(rest);
    if (user && method === "GET") return this.#user(decodeURIComponent(user[1]!));
    const participants = /^\/communications\/callRecords\/([^/]+)\/participants_v2$/.exec(rest);
    if (participants && method === "GET") return this.#participants(decodeURIComponent(participants[1]!), url);
    const record = /^\/communications\/callRecords\/([^/]+)$/.exec(rest);
    if (record && method === "GET") {
      const found = this.callRecords.get(decodeURIComponent(record[1]!));
      if (!found) return graphError(404, "NotFound", "The requested resource does not exist.");
      return {
        status: 200,
        body: {
          "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#communications/callRecords/$entity",
          ...asDocumented(found),
        },
      };
    }
    return graphError(400, "BadRequest", `Unsupported request: ${method} ${rest}`);
  }

  /** GET /communications/callRecords?$filter=startDateTime ge {instant} (and optionally lt): oldest first, paged. */
  #listCallRecords(url: URL): Answer {
    const filter = url.searchParams.get("$filter") ?? "";
    const bounds = [...filter.matchAll(/startDateTime\s+(ge|gt|lt|le)\s+([0-9T:.\-Z+]+)/gi)];
    if (filter && bounds.length === 0)
      return graphError(400, "BadRequest", `Invalid filter clause: '${filter}'. Filter on startDateTime.`);
    const kept = this.now() - CALL_RECORD_RETENTION_DAYS * 24 * 3600_000;
    const matches = (record: CallRecord) => {
      const start = Date.parse(record.startDateTime);
      if (start < kept) return false;
      return bounds.every(([, op, value]) => {
        const bound = Date.parse(value!);
        return op === "ge" ? start >= bound : op === "gt" ? start > bound : op === "lt" ? start < bound : start <= bound;
      });
    };
    const all = [...this.callRecords.values()]
      .filter(matches)
      .sort((a, b) => a.startDateTime.localeCompare(b.startDateTime) || a.id.localeCompare(b.id));
    const skip = Number(url.searchParams.get("$skiptoken") ?? 0) || 0;
    const page = all.slice(skip, skip + this.listPageSize).map((record) => {
      const { participants_v2: _participants, ...listed } = asDocumented(record);
      return listed;
    });
    const next = skip + this.listPageSize;
    const nextLink = new URL(`${this.url}/v1.0/communications/callRecords`);
    if (filter) nextLink.searchParams.set("$filter", filter);
    nextLink.searchParams.set("$skiptoken", String(next));
    return {
      status: 200,
      body: {
        "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#communications/callRecords",
        value: page,
        ...(next < all.length ? { "@odata.nextLink": nextLink.toString() } : {}),
      },
    };
  }

  #user(principal: string): Answer {
    const wanted = principal.toLowerCase();
    const found = [...this.users.values()].find(
      (user) => user.id.toLowerCase() === wanted || user.userPrincipalName.toLowerCase() === wanted,
    );
    if (!found)
      return graphError(
        404,
        "Request_ResourceNotFound",
        `Resource '${principal}' does not exist or one of its queried reference-property objects are not present.`,
      );
    return {
      status: 200,
      body: { "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users/$entity", ...found },
    };
  }

  #token(tenant: string, form: URLSearchParams): Answer {
    const traceId = randomUUID();
    const correlationId = randomUUID();
    const timestamp = new Date()
      .toISOString()
      .replace("T", " ")
      .replace(/\.\d+Z$/, "Z");
    const fail = (status: number, error: string, code: number, description: string): Answer => ({
      status,
      body: {
        error,
        error_description: `AADSTS${code}: ${description} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
        error_codes: [code],
        timestamp,
        trace_id: traceId,
        correlation_id: correlationId,
        error_uri: `${this.url}/error?code=${code}`,
      },
    });
    if (!this.apps.some((a) => a.tenantId === tenant))
      return fail(
        400,
        "invalid_request",
        90002,
        `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud. Check with your subscription administrator, this may happen if there are no active subscriptions for the tenant.`,
      );
    if (form.get("grant_type") !== "client_credentials")
      return fail(400, "unsupported_grant_type", 70003, "The app requested an unsupported grant type.");
    const clientId = form.get("client_id") ?? "";
    const app = this.apps.find((a) => a.tenantId === tenant && a.clientId === clientId);
    if (!app)
      return fail(
        400,
        "unauthorized_client",
        700016,
        `Application with identifier '${clientId}' was not found in the directory '${tenant}'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant.`,
      );
    if (form.get("client_secret") !== app.clientSecret)
      return fail(
        401,
        "invalid_client",
        7000215,
        `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${app.clientId}'.`,
      );
    if (form.get("scope") !== "https://graph.microsoft.com/.default")
      return fail(400, "invalid_scope", 1002012, `The provided value for scope ${form.get("scope")} is not valid.`);
    const accessToken = `eyJ0eXAi.${randomBytes(24).toString("base64url")}`;
    this.tokens.set(accessToken, { app, expiresAt: Date.now() + 3599_000 });
    return { status: 200, body: { token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599, access_token: accessToken } };
  }

  async #createSubscription(app: StandInApp, body: Record<string, unknown>): Promise<Answer> {
    const notificationUrl = String(body.notificationUrl ?? "");
    const expiration = Date.parse(String(body.expirationDateTime ?? ""));
    if (body.resource !== "/communications/callRecords" && body.resource !== "communications/callRecords")
      return graphError(400, "InvalidRequest", `Resource '${String(body.resource)}' is not supported.`);
    if (!notificationUrl || Number.isNaN(expiration))
      return graphError(400, "InvalidRequest", "notificationUrl and expirationDateTime are required.");
    const error = this.#expirationError(expiration);
    if (error) return error;
    const lifecycleNotificationUrl = typeof body.lifecycleNotificationUrl === "string" ? body.lifecycleNotificationUrl : null;
    for (const url of [notificationUrl, ...(lifecycleNotificationUrl ? [lifecycleNotificationUrl] : [])]) {
      const refused = await this.#validate(url);
      if (refused) return refused;
    }
    const subscription: Subscription = {
      id: randomUUID(),
      resource: "/communications/callRecords",
      changeType: String(body.changeType ?? "created"),
      notificationUrl,
      clientState: typeof body.clientState === "string" ? body.clientState : null,
      expirationDateTime: new Date(expiration).toISOString(),
      applicationId: app.clientId,
      tenantId: app.tenantId,
      lifecycleNotificationUrl,
    };
    this.subscriptions.set(subscription.id, subscription);
    return {
      status: 201,
      body: { "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#subscriptions/$entity", ...subscription },
    };
  }

  /** Graph's validation handshake to one URL; an error answer when it is not echoed. */
  async #validate(notificationUrl: string): Promise<Answer | null> {
    const validationToken = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`;
    const validationUrl = `${notificationUrl}${notificationUrl.includes("?") ? "&" : "?"}validationToken=${encodeURIComponent(validationToken)}`;
    try {
      const response = await fetch(validationUrl, {
        method: "POST",
        headers: { "content-type": "text/plain; charset=utf-8" },
        signal: AbortSignal.timeout(10_000),
      });
      const echoed = await response.text();
      this.validations.push({ url: notificationUrl, status: response.status, body: echoed });
      if (response.status !== 200 || echoed !== validationToken)
        return graphError(
          400,
          "ValidationError",
          `Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request. Response status code: ${response.status}.`,
        );
    } catch (cause) {
      this.validations.push({ url: notificationUrl, status: 0, body: String(cause) });
      return graphError(
        400,
        "ValidationError",
        "Subscription validation request failed. HttpRequestException: the notification endpoint could not be reached.",
      );
    }
    return null;
  }

  #expirationError(expiration: number): Answer | null {
    if (expiration > this.now() + MAX_CALL_RECORD_SUBSCRIPTION_MINUTES * 60_000 + 60_000)
      return graphError(
        400,
        "ExtensionError",
        `Subscription expiration can only be ${MAX_CALL_RECORD_SUBSCRIPTION_MINUTES} minutes in the future.`,
      );
    if (expiration <= this.now()) return graphError(400, "ExtensionError", "Subscription expiration must be in the future.");
    return null;
  }

  #subscription(method: string, id: string, raw: string): Answer {
    const found = this.subscriptions.get(id);
    if (!found) return graphError(404, "ResourceNotFound", `The object was not found. Subscription '${id}'`);
    if (method === "DELETE") {
      this.subscriptions.delete(id);
      return { status: 204 };
    }
    if (method === "PATCH") {
      const expiration = Date.parse(String((JSON.parse(raw || "{}") as Record<string, unknown>).expirationDateTime ?? ""));
      if (Number.isNaN(expiration)) return graphError(400, "InvalidRequest", "expirationDateTime is required.");
      const error = this.#expirationError(expiration);
      if (error) return error;
      found.expirationDateTime = new Date(expiration).toISOString();
      return { status: 200, body: found };
    }
    if (method === "GET") return { status: 200, body: found };
    return graphError(405, "BadRequest", `${method} is not allowed on a subscription.`);
  }

  #participants(id: string, url: URL): Answer {
    const found = this.callRecords.get(id);
    if (!found) return graphError(404, "NotFound", "The requested resource does not exist.");
    const skip = Number(url.searchParams.get("$skiptoken") ?? 0) || 0;
    const page = found.participants_v2.slice(skip, skip + this.participantsPageSize);
    const next = skip + this.participantsPageSize;
    return {
      status: 200,
      body: {
        value: page,
        ...(next < found.participants_v2.length
          ? { "@odata.nextLink": `${this.url}/v1.0/communications/callRecords/${id}/participants_v2?$skiptoken=${next}` }
          : {}),
      },
    };
  }
}

/** A record as Graph v1.0 serves it today: organizer_v2 without the user's userPrincipalName, no `organizer`. */
function asDocumented(record: CallRecord): CallRecord {
  const organizer = record.organizer_v2;
  if (!organizer?.identity.user) return record;
  const { userPrincipalName: _upn, ...user } = organizer.identity.user;
  return { ...record, organizer_v2: { ...organizer, identity: { ...organizer.identity, user } } };
}

export function createMicrosoftStandIn(): MicrosoftStandIn {
  return new MicrosoftStandIn();
}
