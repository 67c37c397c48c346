import { createHash } from "node:crypto";
import {
  AccountingRateLimited,
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
  retryAfterSeconds,
} from "../../accounting-errors.js";
import { fetchWithDeadline } from "../../http.js";
import type { QuickBooksSession } from "./quickbooks-settings.js";
import { QUICKBOOKS_MINOR_VERSION, quickBooksUrls } from "./quickbooks-endpoints.js";

/**
 * One call to the QuickBooks Online REST API for one company. The REST calls go through fetch, not
 * Intuit's SDK's `makeApiCall` (intuit-oauth, no longer a dependency): that one turns a 429 into an error without the Retry-After header,
 * and a 5xx or a time-out into errors told apart only by message text, and it retries nothing we
 * could control. Every call waits for the organisation's rate-limit slot, carries a fresh bearer,
 * renews it once on 401, and ends in a result or one of the four accounting failures.
 */

export type QuickBooksCall = {
  method: "GET" | "POST";
  /** The path under `/v3/company/{realmId}/`, e.g. `customer` or `companyinfo/123`. */
  resource: string;
  query?: Record<string, string>;
  body?: unknown;
  /** QuickBooks' `requestid`: a repeat of the same id answers the first result and changes nothing. */
  requestId?: string;
};

/** QuickBooks refused the request with a Fault; `faultCode` tells e.g. a stale SyncToken (5010) apart. */
export class QuickBooksRejected extends AccountingRejected {
  constructor(
    message: string,
    status: number,
    readonly faultCode: string | null,
  ) {
    super(message, status);
  }
}

/** Fault code of "Stale Object Error": the SyncToken sent is not the row's current one. */
export const STALE_OBJECT_FAULT = "5010";

/** QuickBooks takes request ids of at most 50 characters; longer keys are hashed (still one id per key). */
const REQUEST_ID_MAX = 50;

export function quickBooksRequestId(idempotencyKey: string, variant?: string): string {
  const key = variant ? `${idempotencyKey}:${variant}` : idempotencyKey;
  return key.length <= REQUEST_ID_MAX ? key : createHash("sha256").update(key).digest("base64url");
}

export async function callQuickBooks<T>(session: QuickBooksSession, call: QuickBooksCall): Promise<T> {
  const realmId = session.config.realmId;
  if (!realmId)
    throw new AccountingUnauthorized("This QuickBooks connection does not name a company (realmId): reconnect QuickBooks");
  const url = new URL(`${quickBooksUrls(session.endpoints).api}/v3/company/${encodeURIComponent(realmId)}/${call.resource}`);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  url.searchParams.set("minorversion", QUICKBOOKS_MINOR_VERSION);
  if (call.requestId) url.searchParams.set("requestid", call.requestId);

  let renewed: string | null = null;
  for (;;) {
    await session.beforeRequest();
    const token = renewed ?? (await session.accessToken());
    const answer = await send(url, call, token, session.timeoutMs);
    if (answer.status === 401) {
      if (renewed !== null) throw refusedAfterRenewal(answer.data);
      // Expired or revoked early: renew once (the token store refreshes unless another worker already did).
      renewed = await session.renewAccessToken(token);
      continue;
    }
    if (answer.status === 429) {
      const seconds = retryAfterSeconds(answer.retryAfter, new Date(), 60);
      await session.rateLimited(seconds);
      throw new AccountingRateLimited(`QuickBooks is limiting requests to this company; retrying in ${seconds} s`, seconds);
    }
    if (answer.status >= 500) throw new AccountingUnavailable(`QuickBooks answered ${answer.status}`);
    if (answer.status >= 400) throw companyRefusal(rejection(answer.status, answer.data));
    return answer.data as T;
  }
}

type Answer = { status: number; data: unknown; retryAfter: string | null };

async function send(url: URL, call: QuickBooksCall, token: string, timeoutMs: number): Promise<Answer> {
  const response = await fetchWithDeadline(
    url,
    {
      method: call.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json",
        ...(call.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      timeoutMs,
    },
    "QuickBooks",
  );
  return { status: response.status, data: response.body, retryAfter: response.headers.get("retry-after") };
}

type FaultError = { Message?: unknown; Detail?: unknown; code?: unknown };

/** Fault 6190 "Invalid Company Status": the company's QuickBooks subscription or trial ended (Intuit's error list). */
const LAPSED_SUBSCRIPTION_FAULT = "6190";
/** Fault 120 "Authorization Failure": the user who connected no longer has access to the company. */
const AUTHORIZATION_FAULT = "120";

/**
 * A refusal that no retry can fix and that every later push would meet too (docs/accounting.md): the card
 * turns "error" with QuickBooks' words and what to do; the rest stay record failures.
 */
function companyRefusal(refused: QuickBooksRejected): Error {
  if (refused.faultCode !== LAPSED_SUBSCRIPTION_FAULT) return refused;
  return new AccountingUnauthorized(
    `QuickBooks refused: "${refused.message}" Renew or reactivate the QuickBooks subscription (Settings → Subscriptions and billing in QuickBooks), then reconnect QuickBooks here.`,
    { saysWhatToDo: true },
  );
}

/** The second 401 (after one renewal): QuickBooks' own words when it gave a reason, else a reconnect. */
function refusedAfterRenewal(data: unknown): AccountingUnauthorized {
  const fault = faultOf(data);
  if (fault?.code === AUTHORIZATION_FAULT)
    return new AccountingUnauthorized(
      `QuickBooks refused: "${fault.text}" The QuickBooks user who connected Minutely no longer has access to this company (removed, or without the admin rights an app needs). Ask a company admin to reconnect QuickBooks here.`,
      { saysWhatToDo: true },
    );
  return new AccountingUnauthorized("QuickBooks refused this connection's access token: reconnect QuickBooks");
}

/** The first error of a Fault, in either of QuickBooks' casings (`Fault.Error` or `fault.error`). */
function faultOf(data: unknown): { code: string | null; text: string } | null {
  const body = data as {
    Fault?: { Error?: FaultError[] };
    fault?: { error?: { message?: unknown; detail?: unknown; code?: unknown }[] };
  } | null;
  const upper = body?.Fault?.Error?.[0];
  const lower = body?.fault?.error?.[0];
  const message = upper?.Message ?? lower?.message;
  const detail = upper?.Detail ?? lower?.detail;
  const code = upper?.code ?? lower?.code;
  if (typeof message !== "string" && typeof detail !== "string") return null;
  const said = typeof detail === "string" && detail ? detail : String(message);
  return { code: typeof code === "string" ? code : null, text: said };
}

/** QuickBooks' own words from its Fault (Message and Detail), which the user reads on the failed record. */
function rejection(status: number, data: unknown): QuickBooksRejected {
  const fault = (data as { Fault?: { Error?: FaultError[] } } | null)?.Fault?.Error?.[0];
  if (!fault) return new QuickBooksRejected(`QuickBooks refused the request (HTTP ${status})`, status, null);
  const message = typeof fault.Message === "string" ? fault.Message : "QuickBooks refused the request";
  const detail = typeof fault.Detail === "string" ? fault.Detail : "";
  const text = !detail ? message : detail.startsWith(message) ? detail : `${message}: ${detail}`;
  return new QuickBooksRejected(text, status, typeof fault.code === "string" ? fault.code : null);
}

/** "400 ms", "15 s": the deadline as the user reads it on a failed record. */
