import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { keepIdleConnectionsOpen } from "../keep-alive.js";
import twilio from "twilio";

/**
 * A local Twilio REST API (and SignalWire's compatibility API, the same wire under /api/laml) for tests
 * and benches: `GET /2010-04-01/Accounts/{AccountSid}/Calls.json` with HTTP Basic (account SID and auth
 * token; SignalWire: project id and API token), the `StartTime>=` filter the SDK sends for
 * `startTimeAfter`, the `To` and `From` filters, `PageSize`, and Twilio's page envelope (`calls`, `page`, `page_size`, `uri`,
 * `first_page_uri`, `next_page_uri`, `previous_page_uri`, `start`, `end`), calls with Twilio's fields
 * (`sid`, `parent_call_sid`, `from`, `to`, `status`, `direction`, `start_time` / `end_time` in RFC 2822,
 * `duration` as a string …); errors as `{code, message, more_info, status}`.
 * `deliver(call)` posts the call's status callbacks to the app as Twilio would (in-progress, then its
 * final status with CallDuration and Timestamp), signed with X-Twilio-Signature by the official SDK,
 * dropping a share on demand (`dropShare`). `failNext` answers the next list request with an error,
 * `hangNext` never answers it (the app's deadline decides).
 */
export type StandInAccount = { sid: string; token: string; kind: "twilio" | "signalwire" };

export type StandInCall = {
  sid: string;
  parentCallSid?: string | null;
  from: string;
  to: string;
  direction: "inbound" | "outbound-api" | "outbound-dial";
  status: "queued" | "ringing" | "in-progress" | "completed" | "busy" | "failed" | "no-answer" | "canceled";
  startTime: Date;
  endTime: Date | null;
  durationSeconds: number;
};

const rfc2822 = (date: Date | null) => (date ? date.toUTCString().replace("GMT", "+0000") : null);

export class TwilioStandIn {
  readonly accounts: StandInAccount[] = [];
  readonly calls = new Map<string, StandInCall[]>();
  readonly requests: { method: string; path: string }[] = [];
  dropShare = 0;
  random: () => number = Math.random;
  dropped = 0;
  delivered = 0;
  /** List requests read and never answered (`hangNext`), so a test can see one arrive. */
  held = 0;
  #server: http.Server | null = null;
  #failNext: { status: number; code: number; message: string } | null = null;
  #hangNext = false;

  addAccount(kind: "twilio" | "signalwire" = "twilio"): StandInAccount {
    const sid = kind === "twilio" ? `AC${randomBytes(16).toString("hex")}` : crypto.randomUUID();
    const account = { sid, token: randomBytes(16).toString("hex"), kind };
    this.accounts.push(account);
    this.calls.set(sid, []);
    return account;
  }

  addCall(account: StandInAccount, call: StandInCall): StandInCall {
    this.calls.get(account.sid)!.push(call);
    return call;
  }

  failNext(status: number, code: number, message: string): void {
    this.#failNext = { status, code, message };
  }

  hangNext(): void {
    this.#hangNext = true;
  }

  get url(): string {
    const address = this.#server?.address() as AddressInfo | null;
    if (!address) throw new Error("The Twilio stand-in is not running");
    return `http://127.0.0.1:${address.port}`;
  }

  /**
   * The call's status callbacks to `voiceUrl` (the URL as configured in the console), signed with
   * `signingKey` (Twilio's auth token, SignalWire's signing key); each dropped with `dropShare`.
   * Twilio's (and SignalWire's per-call) callbacks: in-progress, then the final status timed at its end.
   * `numberLevel`: SignalWire's phone-number "Inbound call status callback" instead, as its published
   * schema has it: one callback, Timestamp = the call's creation, signed in X-SignalWire-Signature.
   */
  async deliver(
    call: StandInCall,
    options: { voiceUrl: string; signingKey: string; accountSid: string; numberLevel?: boolean },
  ): Promise<number[]> {
    const base = {
      CallSid: call.sid,
      AccountSid: options.accountSid,
      From: call.from,
      To: call.to,
      Direction: call.direction,
      ApiVersion: "2010-04-01",
      CallbackSource: "call-progress-events",
      ...(call.parentCallSid ? { ParentCallSid: call.parentCallSid } : {}),
    };
    const callbacks: Record<string, string>[] = [];
    if (options.numberLevel)
      callbacks.push({
        CallSid: call.sid,
        AccountSid: options.accountSid,
        From: call.from,
        To: call.to,
        Timestamp: rfc2822(call.startTime)!,
        CallStatus: call.status === "completed" ? "completed" : "failed",
        CallDuration: String(call.durationSeconds),
        AudioInMos: "4.4",
      });
    else {
      if (call.status === "completed")
        callbacks.push({ ...base, CallStatus: "in-progress", SequenceNumber: "0", Timestamp: rfc2822(call.startTime)! });
      callbacks.push({
        ...base,
        CallStatus: call.status,
        SequenceNumber: String(callbacks.length),
        Timestamp: rfc2822(call.endTime ?? call.startTime)!,
        ...(call.status === "completed" ? { CallDuration: String(call.durationSeconds) } : {}),
      });
    }
    const header = options.numberLevel ? "x-signalwire-signature" : "x-twilio-signature";
    const statuses: number[] = [];
    for (const params of callbacks) {
      if (this.dropShare > 0 && this.random() < this.dropShare) {
        this.dropped += 1;
        continue;
      }
      const signature = twilio.getExpectedTwilioSignature(options.signingKey, options.voiceUrl, params);
      const response = await fetch(options.voiceUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", [header]: signature },
        body: new URLSearchParams(params).toString(),
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
      // GET only
    }
    const url = new URL(req.url ?? "/", "http://stand-in");
    this.requests.push({ method: req.method ?? "GET", path: url.pathname + url.search });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string) =>
      send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    const match = /^(\/api\/laml)?\/2010-04-01\/Accounts\/([^/]+)\/Calls\.json$/.exec(url.pathname);
    if (!match || req.method !== "GET") return error(404, 20404, "The requested resource was not found");
    const [, laml, sid] = match;
    const [user, password] = Buffer.from(String(req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
      .toString()
      .split(":");
    const account = this.accounts.find((a) => a.sid === user && a.token === password);
    if (!account || account.sid !== sid || (account.kind === "signalwire") !== Boolean(laml))
      return error(401, 20003, "Authenticate");
    if (this.#hangNext) {
      this.#hangNext = false;
      this.held += 1;
      return;
    }
    if (this.#failNext) {
      const failure = this.#failNext;
      this.#failNext = null;
      return error(failure.status, failure.code, failure.message);
    }
    const after = url.searchParams.get("StartTime>");
    const bound = after ? Date.parse(after) : Number.NEGATIVE_INFINITY;
    const to = url.searchParams.get("To");
    const from = url.searchParams.get("From");
    const all = (this.calls.get(sid!) ?? [])
      .filter((call) => call.startTime.getTime() >= bound)
      .filter((call) => (!to || call.to === to) && (!from || call.from === from))
      .sort((a, b) => b.startTime.getTime() - a.startTime.getTime());
    const pageSize = Math.min(Number(url.searchParams.get("PageSize") || 50), 1000);
    const page = Number(url.searchParams.get("Page") || 0);
    const slice = all.slice(page * pageSize, (page + 1) * pageSize);
    const path = `${laml ?? ""}/2010-04-01/Accounts/${sid}/Calls.json`;
    const query = (p: number) => {
      const q = new URLSearchParams();
      if (after) q.set("StartTime>", after);
      if (to) q.set("To", to);
      if (from) q.set("From", from);
      q.set("PageSize", String(pageSize));
      q.set("Page", String(p));
      return `${path}?${q.toString()}`;
    };
    send(200, {
      calls: slice.map((call) => ({
        sid: call.sid,
        account_sid: sid,
        parent_call_sid: call.parentCallSid ?? null,
        date_created: rfc2822(call.startTime),
        date_updated: rfc2822(call.endTime ?? call.startTime),
        to: call.to,
        to_formatted: call.to,
        from: call.from,
        from_formatted: call.from,
        phone_number_sid: null,
        status: call.status,
        start_time: rfc2822(call.startTime),
        end_time: rfc2822(call.endTime),
        duration: String(call.durationSeconds),
        price: null,
        price_unit: "USD",
        direction: call.direction,
        answered_by: null,
        api_version: "2010-04-01",
        forwarded_from: null,
        caller_name: null,
        uri: `${laml ?? ""}/2010-04-01/Accounts/${sid}/Calls/${call.sid}.json`,
        subresource_uris: {},
      })),
      first_page_uri: query(0),
      next_page_uri: (page + 1) * pageSize < all.length ? query(page + 1) : null,
      previous_page_uri: page > 0 ? query(page - 1) : null,
      page,
      page_size: pageSize,
      start: page * pageSize,
      end: page * pageSize + Math.max(0, slice.length - 1),
      uri: query(page),
    });
  }
}
