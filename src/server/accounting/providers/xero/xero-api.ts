import { createHash } from "node:crypto";
import type { AccountingApi } from "xero-node";
import { onFirstUse } from "../../../http/on-first-use.js";
import {
  AccountingRateLimited,
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
  retryAfterSeconds,
} from "../../accounting-errors.js";
import { deadlineText } from "../../http.js";
import type { XeroSession } from "./xero-settings.js";
import { XERO_IDEMPOTENCY_KEY_MAX, xeroUrls } from "./xero-endpoints.js";

/** xero-node, loaded at the first Xero call (http/on-first-use.ts). */
export const xeroSdk = onFirstUse<typeof import("xero-node")>("xero-node");

/**
 * One call to Xero's Accounting API through xero-node's AccountingApi, for one organisation. A
 * fresh AccountingApi per attempt: its `basePath` (XERO_BASE_URL or api.xero.com), the bearer, and a
 * "default authentication" hook that sets axios' `timeout` to the session's deadline (the SDK has no
 * per-request time-out option, but every request passes through that hook). Nothing is shared
 * between connections, so concurrent syncs never see each other's tokens. Every attempt waits for
 * the organisation's rate-limit slot; a 401 renews the token once; everything ends in a result or
 * one of the four accounting failures.
 */
export type XeroCall<T> = (api: AccountingApi, tenantId: string) => Promise<{ body: T }>;

export async function callXero<T>(session: XeroSession, what: string, call: XeroCall<T>): Promise<T> {
  const tenantId = session.config.tenantId;
  if (!tenantId)
    throw new AccountingUnauthorized("This Xero connection does not name an organisation (tenantId): reconnect Xero");
  let renewed: string | null = null;
  for (;;) {
    await session.beforeRequest();
    const token = renewed ?? (await session.accessToken());
    try {
      const { body } = await call(apiFor(session, token), tenantId);
      return body;
    } catch (thrown) {
      const failure = sdkFailure(thrown);
      if (failure.status === 401) {
        if (renewed !== null) throw new AccountingUnauthorized("Xero refused this connection's access token: reconnect Xero");
        // Expired or revoked early: renew once (the token store refreshes unless another worker already did).
        renewed = await session.renewAccessToken(token);
        continue;
      }
      throw await classify(session, what, failure);
    }
  }
}

/** Xero's Idempotency-Key takes at most 128 characters; a longer key is hashed (still one key per key). */
export function xeroIdempotencyKey(key: string, variant?: string): string {
  const full = variant ? `${key}:${variant}` : key;
  return full.length <= XERO_IDEMPOTENCY_KEY_MAX ? full : createHash("sha256").update(full).digest("base64url");
}

function apiFor(session: XeroSession, token: string): AccountingApi {
  const api = new (xeroSdk().AccountingApi)(xeroUrls(session.endpoints).accountingApi);
  api.accessToken = token;
  const timeoutMs = session.timeoutMs;
  api.setDefaultAuthentication({
    applyToRequest(options: { timeout?: number }) {
      options.timeout = timeoutMs;
    },
  });
  return api;
}

type SdkFailure = { status: number; body: unknown; headers: Record<string, string>; message: string };

/**
 * xero-node rejects with a JSON string `{response: {statusCode, body, headers}}` for HTTP and network
 * errors (statusCode 0 when no answer came), and with plain Errors for bad arguments.
 */
function sdkFailure(thrown: unknown): SdkFailure {
  let parsed: unknown = thrown;
  if (typeof thrown === "string") {
    try {
      parsed = JSON.parse(thrown);
    } catch {
      return { status: 0, body: thrown, headers: {}, message: thrown };
    }
  }
  const response = (
    parsed as { response?: { statusCode?: unknown; status?: unknown; body?: unknown; data?: unknown; headers?: unknown } }
  )?.response;
  if (response && typeof response === "object") {
    const status = Number(response.statusCode ?? response.status ?? 0) || 0;
    const headers = lowerCaseHeaders(response.headers);
    const body = response.body ?? response.data ?? null;
    return { status, body, headers, message: typeof body === "string" ? body : "" };
  }
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { status: -1, body: null, headers: {}, message };
}

function lowerCaseHeaders(headers: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!headers || typeof headers !== "object") return result;
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = String(value);
  return result;
}

async function classify(session: XeroSession, what: string, failure: SdkFailure): Promise<Error> {
  const { status } = failure;
  if (status === -1) return new AccountingRejected(`Xero could not be asked for ${what}: ${failure.message}`);
  if (status === 0) {
    // axios' words, all xero-node keeps of a transport error; a lost connection is treated as a time-out (http.ts noAnswerText).
    if (/timeout|aborted|canceled/i.test(failure.message))
      return new AccountingUnavailable(`Xero did not answer within ${deadlineText(session.timeoutMs)} (${what})`);
    if (/socket hang up|ECONNRESET|EPIPE/i.test(failure.message))
      return new AccountingUnavailable(`Xero did not answer (${what}): the connection closed before the answer`);
    return new AccountingUnavailable(`Xero could not be reached (${what})`);
  }
  if (status === 429) {
    const seconds = retryAfterSeconds(failure.headers["retry-after"], new Date(), 60);
    await session.rateLimited(seconds);
    // minute, day or appminute: which of Xero's limits was reached.
    const problem = failure.headers["x-rate-limit-problem"];
    const which = problem ? `its ${problem} limit` : "its rate limit";
    return new AccountingRateLimited(
      `Xero is limiting requests to this organisation (${which}); retrying in ${seconds} s`,
      seconds,
    );
  }
  if (status >= 500) return new AccountingUnavailable(`Xero answered ${status} (${what})`);
  // 403 AuthenticationUnsuccessful: the organisation was disconnected from the app, or a scope is missing.
  // Any other 403 is Xero's "Not Permitted: user doesn't have permission to access the resource": the
  // user who connected cannot post (a read-only or invoice-only role), which a reconnect as them cannot fix.
  if (status === 403) {
    const said = xeroMessage(failure.body) ?? "forbidden";
    if (said === "AuthenticationUnsuccessful")
      return new AccountingUnauthorized(`Xero refused access to this organisation (${said}): reconnect Xero`);
    return new AccountingUnauthorized(
      `Xero refused ${what}: "${said}" The Xero user who connected Minutely may not post invoices or payments (a read-only or invoice-only role). Ask for the Standard or Adviser role in Xero (Settings → Users), or have such a user reconnect Xero.`,
      { saysWhatToDo: true },
    );
  }
  if (status === 404) return new AccountingRejected(`Xero has no such record (${what}); it may have been deleted there`, 404);
  return new AccountingRejected(xeroMessage(failure.body) ?? `Xero refused ${what} (HTTP ${status})`, status);
}

type ValidationBody = {
  Elements?: { ValidationErrors?: { Message?: unknown }[] }[];
  Message?: unknown;
  Detail?: unknown;
  Title?: unknown;
};

/** Xero's own words: the first validation error of the first element, else its Message or Detail. */
export function xeroMessage(body: unknown): string | null {
  if (!body || typeof body !== "object") return typeof body === "string" && body ? body.slice(0, 500) : null;
  const data = body as ValidationBody;
  for (const element of data.Elements ?? []) {
    const first = element.ValidationErrors?.find((error) => typeof error.Message === "string");
    if (first) return first.Message as string;
  }
  for (const field of [data.Detail, data.Message, data.Title]) if (typeof field === "string" && field) return field;
  return null;
}
