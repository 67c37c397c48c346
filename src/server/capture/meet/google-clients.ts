import type { calendar_v3 } from "@googleapis/calendar";
import type { meet_v2 } from "@googleapis/meet";
import type { OAuth2Client } from "google-auth-library";
import type { Config } from "../../config.js";
import { onFirstUse } from "../../http/on-first-use.js";

/** Google's SDKs, loaded when Google Meet is first used (http/on-first-use.ts). */
const calendarSdk = onFirstUse<typeof import("@googleapis/calendar")>("@googleapis/calendar");
const meetSdk = onFirstUse<typeof import("@googleapis/meet")>("@googleapis/meet");
const authSdk = onFirstUse<typeof import("google-auth-library")>("google-auth-library");

/**
 * The official Google SDKs, pointed at Google or (GOOGLE_OAUTH_BASE, GOOGLE_API_BASE) at a local
 * stand-in. Every request has a deadline: a job or a request never hangs on Google.
 */
export const GOOGLE_TIMEOUT_MS = 10_000;

const timeoutOf = (config: Config) => config.google.timeoutMs ?? GOOGLE_TIMEOUT_MS;

type GoogleCredentials = { clientId: string; clientSecret: string };

/** The OAuth client of the user's Google Cloud app: consent URL, code exchange, refresh. */
export function googleOAuthClient(config: Config, credentials: GoogleCredentials, redirectUri?: string): OAuth2Client {
  const base = config.google.oauthBase;
  const client = new (authSdk().OAuth2Client)({
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    redirectUri,
    transporterOptions: { timeout: timeoutOf(config) },
    ...(base
      ? {
          endpoints: {
            oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
            oauth2TokenUrl: `${base}/token`,
            oauth2RevokeUrl: `${base}/revoke`,
            tokenInfoUrl: `${base}/tokeninfo`,
          },
        }
      : {}),
  });
  // The library retries token requests up to 3 times with backoff; one attempt (10 s at most) must
  // fit in an HTTP request's 15 s and in a job's run, and the queue retries jobs itself.
  client.transporter.interceptors.request.add({
    resolved: async (options) => ({
      ...options,
      retry: false,
      retryConfig: { ...options.retryConfig, retry: 0, noResponseRetries: 0 },
    }),
  });
  return client;
}

/**
 * An auth client that only presents the given access token and can never refresh on its own: the
 * refresh happens in one place, under a lock (meet-tokens.ts).
 */
function bearer(accessToken: string): OAuth2Client {
  const client = new (authSdk().OAuth2Client)();
  client.setCredentials({ access_token: accessToken });
  return client;
}

function rootUrl(config: Config): { rootUrl?: string } {
  return config.google.apiBase ? { rootUrl: `${config.google.apiBase}/` } : {};
}

export function calendarApi(config: Config, accessToken: string): calendar_v3.Calendar {
  return calendarSdk().calendar({ version: "v3", auth: bearer(accessToken), timeout: timeoutOf(config), retry: false, ...rootUrl(config) });
}

export function meetApi(config: Config, accessToken: string): meet_v2.Meet {
  return meetSdk().meet({ version: "v2", auth: bearer(accessToken), timeout: timeoutOf(config), retry: false, ...rootUrl(config) });
}

/** What Google answered on a failure: the HTTP status and its own words, for lastError and the test's message. */
export type GoogleFailure = { status: number | null; error: string | null; description: string | null; message: string };

/**
 * Reads a gaxios error: OAuth endpoints answer `{error, error_description}`, the APIs
 * `{error: {code, message, status}}`; a network failure or timeout has no response.
 */
export function googleFailure(error: unknown): GoogleFailure {
  const e = error as { response?: { status?: number; data?: unknown }; message?: string; code?: unknown };
  const status = typeof e?.response?.status === "number" ? e.response.status : null;
  const data = e?.response?.data as Record<string, unknown> | string | undefined;
  let code: string | null = null;
  let description: string | null = null;
  if (data && typeof data === "object") {
    const inner = data.error;
    if (typeof inner === "string") {
      code = inner;
      description = typeof data.error_description === "string" ? data.error_description : null;
    } else if (inner && typeof inner === "object") {
      const api = inner as { status?: unknown; message?: unknown };
      code = typeof api.status === "string" ? api.status : null;
      description = typeof api.message === "string" ? api.message : null;
    }
  }
  const reason =
    code || description
      ? [code, description].filter(Boolean).join(": ")
      : status
        ? `HTTP ${status}`
        : `${e?.message ?? "no answer"}`;
  return { status, error: code, description, message: reason.slice(0, 500) };
}
