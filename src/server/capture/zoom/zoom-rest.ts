import type { Config } from "../../config.js";
import { deadlineSignal, RECONCILE_TIMEOUT_MS, ReconcileFailure } from "../reconcile/reconciler.js";

/**
 * Zoom's REST API with the app's Server-to-Server OAuth credentials (Zoom's
 * "Server-to-Server OAuth" and "Reports" documentation): a token from
 * `POST {oauth}/oauth/token?grant_type=account_credentials&account_id=…` (Basic client id:secret),
 * then the report of a user's past meetings and each meeting's participants. Only these three
 * requests are made, through fetch: a deadline each, Zoom's own error words on failure.
 */
export type ZoomCredentials = { accountId: string; clientId: string; clientSecret: string };

export type ZoomPastMeeting = {
  uuid: string;
  id?: number | string | null;
  host_id?: string | null;
  topic?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  duration?: number | null;
  participants_count?: number | null;
};

export type ZoomReportParticipant = {
  id?: string | null;
  user_id?: string | null;
  name?: string | null;
  user_email?: string | null;
  join_time?: string | null;
  leave_time?: string | null;
};

const PAGE_SIZE = 300;

const endpoints = (config: Pick<Config, "providers">) => ({
  oauth: config.providers?.zoomOAuthBase ?? "https://zoom.us",
  api: config.providers?.zoomApiBase ?? "https://api.zoom.us/v2",
});

/** Zoom's error body `{code, message}` (or OAuth's `{reason, error}`) as one sentence. */
async function zoomError(response: Response, what: string): Promise<ReconcileFailure> {
  let detail = "";
  try {
    const body = (await response.json()) as { message?: string; reason?: string; error?: string; code?: number };
    detail = body.message ?? body.reason ?? body.error ?? "";
  } catch {
    detail = "";
  }
  return new ReconcileFailure(`Zoom ${response.status} ${what}${detail ? `: ${detail}` : ""}`.slice(0, 500));
}

/**
 * One request with its deadline. A connection that fails without an answer is tried once more on a new
 * one: a kept-alive socket the server closed while a page of meetings was being recorded (seconds on a
 * loaded machine) fails the next request at once, and every request made here may be repeated (a token
 * or a GET). A request that timed out is not repeated: the run fails and the next one reads the window.
 */
async function zoomFetch(config: Pick<Config, "providers">, url: string, init: RequestInit, what: string): Promise<Response> {
  const deadline = config.providers?.timeoutMs ?? RECONCILE_TIMEOUT_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, { ...init, signal: deadlineSignal(config, deadline) });
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      if (name === "TimeoutError") throw new ReconcileFailure(`Zoom did not answer in time (${what})`);
      if (attempt >= 2) throw new ReconcileFailure(`Zoom could not be reached (${what})`);
    }
  }
}

export async function zoomAccessToken(config: Pick<Config, "providers">, credentials: ZoomCredentials): Promise<string> {
  const url = new URL(`${endpoints(config).oauth}/oauth/token`);
  url.searchParams.set("grant_type", "account_credentials");
  url.searchParams.set("account_id", credentials.accountId);
  const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64");
  const response = await zoomFetch(
    config,
    url.toString(),
    { method: "POST", headers: { authorization: `Basic ${basic}` } },
    "token",
  );
  if (!response.ok) throw await zoomError(response, "refused the Server-to-Server OAuth token");
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new ReconcileFailure("Zoom answered the token request without an access_token");
  return body.access_token;
}

/**
 * The run's Server-to-Server token. Zoom's last an hour and come with no refresh token: a run longer than that
 * (a month of meetings on a loaded server) gets 401 "Invalid access token" part-way, and asks for a new one with
 * the same credentials. Callers that saw the same token expire share one new request.
 */
export class ZoomToken {
  #current: Promise<string>;
  readonly #config: Pick<Config, "providers">;
  readonly #credentials: ZoomCredentials;

  constructor(config: Pick<Config, "providers">, credentials: ZoomCredentials) {
    this.#config = config;
    this.#credentials = credentials;
    this.#current = zoomAccessToken(config, credentials);
  }

  get(): Promise<string> {
    return this.#current;
  }

  /** A new token in place of `expired`, unless another caller already replaced it. */
  async renew(expired: string): Promise<string> {
    if ((await this.#current) === expired) this.#current = zoomAccessToken(this.#config, this.#credentials);
    return this.#current;
  }
}

/** A GET with the run's token; Zoom's 401 gets one new token and one more try (ZoomToken). */
async function zoomGet(config: Pick<Config, "providers">, token: ZoomToken, url: string, what: string): Promise<Response> {
  const used = await token.get();
  const response = await zoomFetch(config, url, { headers: { authorization: `Bearer ${used}` } }, what);
  if (response.status !== 401) return response;
  await response.body?.cancel();
  const renewed = await token.renew(used);
  return zoomFetch(config, url, { headers: { authorization: `Bearer ${renewed}` } }, what);
}

/** A meeting UUID in a path: Zoom asks for it double-encoded when it starts with "/" or contains "//". */
export function meetingPathId(uuid: string): string {
  const once = encodeURIComponent(uuid);
  return uuid.startsWith("/") || uuid.includes("//") ? encodeURIComponent(once) : once;
}

const day = (instant: Date) => instant.toISOString().slice(0, 10);

/** GET /report/users/{userId}/meetings?type=past&from&to: the user's ended meetings, page by page. */
export async function* pastMeetings(
  config: Pick<Config, "providers">,
  token: ZoomToken,
  options: { userId: string; from: Date; to: Date },
): AsyncGenerator<ZoomPastMeeting[]> {
  let next = "";
  do {
    const url = new URL(`${endpoints(config).api}/report/users/${encodeURIComponent(options.userId)}/meetings`);
    url.searchParams.set("type", "past");
    url.searchParams.set("from", day(options.from));
    url.searchParams.set("to", day(options.to));
    url.searchParams.set("page_size", String(PAGE_SIZE));
    if (next) url.searchParams.set("next_page_token", next);
    const response = await zoomGet(config, token, url.toString(), "past meetings");
    if (!response.ok) throw await zoomError(response, "refused the past-meetings report");
    const body = (await response.json()) as { meetings?: ZoomPastMeeting[]; next_page_token?: string };
    yield body.meetings ?? [];
    next = body.next_page_token ?? "";
  } while (next);
}

/** GET /report/meetings/{uuid}/participants: everyone who joined, every page. */
export async function meetingParticipants(
  config: Pick<Config, "providers">,
  token: ZoomToken,
  uuid: string,
): Promise<ZoomReportParticipant[]> {
  const participants: ZoomReportParticipant[] = [];
  let next = "";
  do {
    const url = new URL(`${endpoints(config).api}/report/meetings/${meetingPathId(uuid)}/participants`);
    url.searchParams.set("page_size", String(PAGE_SIZE));
    if (next) url.searchParams.set("next_page_token", next);
    const response = await zoomGet(config, token, url.toString(), "participants");
    if (response.status === 404) return participants; // a meeting nobody joined has no report
    if (!response.ok) throw await zoomError(response, "refused the participants report");
    const body = (await response.json()) as { participants?: ZoomReportParticipant[]; next_page_token?: string };
    participants.push(...(body.participants ?? []));
    next = body.next_page_token ?? "";
  } while (next);
  return participants;
}
