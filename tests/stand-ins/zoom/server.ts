import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { keepIdleConnectionsOpen } from "../keep-alive.js";
import { zoomSignature } from "../../../src/server/capture/zoom/zoom-signature.js";

/**
 * A local Zoom for tests and benches, speaking Zoom's documented wire formats:
 * - Server-to-Server OAuth: `POST /oauth/token?grant_type=account_credentials&account_id=…` with
 *   Basic client_id:client_secret → `{access_token, token_type:"bearer", expires_in:3600, scope}`;
 *   errors `{reason, error}` (Zoom's OAuth error shape);
 * - REST v2 under /v2 (Bearer): `GET /report/users/{userId}/meetings?type=past&from&to&page_size&next_page_token`
 *   → `{from, to, page_size, total_records, next_page_token, meetings:[{uuid, id, host_id, type, topic,
 *   user_name, user_email, start_time, end_time, duration, total_minutes, participants_count}]}` and
 *   `GET /report/meetings/{meetingUUID}/participants` → `{participants:[{id, user_id, name, user_email,
 *   join_time, leave_time, duration}], next_page_token}`; errors `{code, message}`;
 * - the webhooks it would send: `deliver(meeting)` posts meeting.started, meeting.participant_joined
 *   (one per participant) and meeting.ended to the app, signed with the app's Secret Token (x-zm-signature),
 *   and drops a share of them on demand (`dropShare`) like deliveries lost after Zoom's retries.
 * State is in memory; `failNext` makes the next requests fail with a status, `hangNext` makes the next
 * one never answer (the app's deadline decides).
 */
export type StandInZoomApp = { accountId: string; clientId: string; clientSecret: string; secretToken: string };

export type StandInParticipant = { id?: string; user_id: string; name: string; user_email?: string; join_time: string };

export type StandInMeeting = {
  uuid: string;
  id: number;
  host_id: string;
  host_email: string;
  topic: string;
  start_time: string;
  end_time: string;
  participants: StandInParticipant[];
};

type Failure = { path: RegExp; status: number; body: unknown; remaining: number };

export class ZoomStandIn {
  readonly apps: StandInZoomApp[] = [];
  readonly meetings = new Map<string, StandInMeeting>();
  readonly requests: { method: string; path: string }[] = [];
  readonly tokens = new Map<string, StandInZoomApp>();
  /** Share (0–1) of webhook deliveries dropped, and the random source deciding it. */
  dropShare = 0;
  random: () => number = Math.random;
  dropped = 0;
  delivered = 0;
  /** Report pages hold this many meetings (Zoom's max is 300). */
  pageSize = 300;
  #failures: Failure[] = [];
  #hangs: RegExp[] = [];
  /** Requests read and never answered (`hangNext`), so a test can see one arrive. */
  held = 0;
  #expiries: RegExp[] = [];
  #server: http.Server | null = null;
  #eventTs = 1_772_000_000_000;

  addApp(app: Partial<StandInZoomApp> = {}): StandInZoomApp {
    const full: StandInZoomApp = {
      accountId: app.accountId ?? `acct${randomBytes(6).toString("hex")}`,
      clientId: app.clientId ?? randomBytes(10).toString("base64url"),
      clientSecret: app.clientSecret ?? randomBytes(16).toString("base64url"),
      secretToken: app.secretToken ?? randomBytes(16).toString("base64url"),
    };
    this.apps.push(full);
    return full;
  }

  addMeeting(meeting: StandInMeeting): StandInMeeting {
    this.meetings.set(meeting.uuid, meeting);
    return meeting;
  }

  failNext(path: RegExp, status: number, body: unknown, times = 1): void {
    this.#failures.push({ path, status, body, remaining: times });
  }

  /**
   * The hour of every token issued so far ends just before the next request to a matching path: that request and
   * any later one with those tokens get Zoom's 401 (code 124), as after an hour of a long run.
   */
  expireTokensOn(path: RegExp): void {
    this.#expiries.push(path);
  }

  /** The next request to a matching path is read and never answered (closed when the stand-in stops). */
  hangNext(path: RegExp): void {
    this.#hangs.push(path);
  }

  get url(): string {
    const address = this.#server?.address() as AddressInfo | null;
    if (!address) throw new Error("The Zoom stand-in is not running");
    return `http://127.0.0.1:${address.port}`;
  }

  /** The app's `config.providers` for this stand-in. */
  get appConfig(): { zoomOAuthBase: string; zoomApiBase: string } {
    return { zoomOAuthBase: this.url, zoomApiBase: `${this.url}/v2` };
  }

  /** The meeting's webhooks, as Zoom sends them, to `webhookUrl`; each dropped with `dropShare`. The answers' statuses. */
  async deliver(meeting: StandInMeeting, app: StandInZoomApp, webhookUrl: string): Promise<number[]> {
    const object = {
      id: meeting.id,
      uuid: meeting.uuid,
      host_id: meeting.host_id,
      topic: meeting.topic,
      type: 2,
      start_time: meeting.start_time,
      duration: 60,
      timezone: "UTC",
    };
    const bodies = [
      { event: "meeting.started", object },
      ...meeting.participants.map((p) => ({
        event: "meeting.participant_joined",
        object: {
          ...object,
          participant: {
            id: p.id ?? "",
            user_id: p.user_id,
            user_name: p.name,
            email: p.user_email ?? "",
            join_time: p.join_time,
          },
        },
      })),
      { event: "meeting.ended", object: { ...object, end_time: meeting.end_time } },
    ];
    const statuses: number[] = [];
    for (const { event, object: payloadObject } of bodies) {
      if (this.dropShare > 0 && this.random() < this.dropShare) {
        this.dropped += 1;
        continue;
      }
      this.#eventTs += 1;
      const raw = JSON.stringify({
        event,
        event_ts: this.#eventTs,
        payload: { account_id: app.accountId, object: payloadObject },
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-zm-request-timestamp": timestamp,
          "x-zm-signature": zoomSignature(app.secretToken, timestamp, raw),
        },
        body: raw,
      });
      await response.arrayBuffer();
      this.delivered += 1;
      statuses.push(response.status);
    }
    return statuses;
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
    for await (const _chunk of req) {
      // the body is not used by any endpoint served here
    }
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    this.requests.push({ method, path: url.pathname + url.search });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json;charset=UTF-8" });
      res.end(JSON.stringify(body));
    };
    const hang = this.#hangs.findIndex((path) => path.test(url.pathname));
    if (hang >= 0) {
      this.#hangs.splice(hang, 1);
      this.held += 1;
      return;
    }
    const failure = this.#failures.find((f) => f.path.test(url.pathname));
    if (failure) {
      failure.remaining -= 1;
      if (failure.remaining <= 0) this.#failures.splice(this.#failures.indexOf(failure), 1);
      send(failure.status, failure.body);
      return;
    }
    if (url.pathname === "/oauth/token" && method === "POST") {
      const [user, secret] = Buffer.from(String(req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
        .toString()
        .split(":");
      const app = this.apps.find((a) => a.clientId === user && a.clientSecret === secret);
      if (!app) return send(401, { reason: "Invalid client_id or client_secret", error: "invalid_client" });
      if (url.searchParams.get("grant_type") !== "account_credentials")
        return send(400, { reason: "Unsupported grant type", error: "unsupported_grant_type" });
      if (url.searchParams.get("account_id") !== app.accountId)
        return send(400, { reason: "Invalid account_id", error: "invalid_request" });
      const token = randomBytes(24).toString("base64url");
      this.tokens.set(token, app);
      return send(200, {
        access_token: token,
        token_type: "bearer",
        expires_in: 3600,
        scope: "report:read:admin",
        api_url: "https://api.zoom.us",
      });
    }
    if (!url.pathname.startsWith("/v2/")) return send(404, { code: 404, message: "Not found" });
    const expiry = this.#expiries.findIndex((path) => path.test(url.pathname));
    if (expiry >= 0) {
      this.#expiries.splice(expiry, 1);
      this.tokens.clear();
    }
    const bearer = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!this.tokens.has(bearer)) return send(401, { code: 124, message: "Invalid access token." });
    const rest = url.pathname.slice(3);
    const userMeetings = /^\/report\/users\/([^/]+)\/meetings$/.exec(rest);
    if (userMeetings && method === "GET") return send(200, this.#report(decodeURIComponent(userMeetings[1]!), url));
    const participants = /^\/report\/meetings\/([^/]+)\/participants$/.exec(rest);
    if (participants && method === "GET") {
      // Zoom asks for UUIDs with "/" double-encoded: decode until stable.
      let uuid = participants[1]!;
      for (let i = 0; i < 2 && uuid.includes("%"); i += 1) uuid = decodeURIComponent(uuid);
      const meeting = this.meetings.get(uuid);
      if (!meeting) return send(404, { code: 3001, message: "Meeting does not exist." });
      return send(200, {
        page_count: 1,
        page_size: 300,
        total_records: meeting.participants.length,
        next_page_token: "",
        participants: meeting.participants.map((p) => ({
          id: p.id ?? "",
          user_id: p.user_id,
          name: p.name,
          user_email: p.user_email ?? "",
          join_time: p.join_time,
          leave_time: meeting.end_time,
          duration: Math.max(0, (Date.parse(meeting.end_time) - Date.parse(p.join_time)) / 1000),
        })),
      });
    }
    return send(404, { code: 404, message: `No route ${method} ${rest}` });
  }

  #report(userId: string, url: URL) {
    const from = url.searchParams.get("from") ?? "";
    const to = url.searchParams.get("to") ?? "";
    const day = (instant: string) => instant.slice(0, 10);
    const all = [...this.meetings.values()]
      .filter((m) => m.host_email.toLowerCase() === userId.toLowerCase() || m.host_id === userId)
      .filter((m) => day(m.start_time) >= from && day(m.start_time) <= to)
      .sort((a, b) => a.start_time.localeCompare(b.start_time));
    const skip = Number(url.searchParams.get("next_page_token") || 0) || 0;
    const size = Math.min(Number(url.searchParams.get("page_size") || 30), this.pageSize);
    const page = all.slice(skip, skip + size);
    return {
      from,
      to,
      page_size: size,
      total_records: all.length,
      next_page_token: skip + size < all.length ? String(skip + size) : "",
      meetings: page.map((m) => ({
        uuid: m.uuid,
        id: m.id,
        host_id: m.host_id,
        type: 2,
        topic: m.topic,
        user_name: "Host",
        user_email: m.host_email,
        start_time: m.start_time,
        end_time: m.end_time,
        duration: Math.round((Date.parse(m.end_time) - Date.parse(m.start_time)) / 60_000),
        total_minutes: Math.round((Date.parse(m.end_time) - Date.parse(m.start_time)) / 60_000),
        participants_count: m.participants.length,
      })),
    };
  }
}
