import { randomBytes } from "node:crypto";
import { lt } from "drizzle-orm";
import type { ConsentFailure } from "../../core/contracts/consent-outcome.js";
import { AppError, type ErrorCode } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { spentOAuthStates } from "../db/schema/index.js";
import { type SecretBox, sign } from "../http/secrets.js";
import { sameSecret } from "./webhook-verification.js";

/**
 * The OAuth `state` of every consent (mailbox sign-in, Google Meet, accounting): signed (HMAC with a
 * key derived from the secrets key), bound to the account and to a purpose ("gmail", "meet",
 * "accounting:xero"), expiring after OAUTH_STATE_TTL_SECONDS, and carrying a nonce that is also in a
 * short-lived cookie, so only the browser that started the consent can finish it. The callback
 * spends it on the server (spent_oauth_states, insert-or-fail), so a second callback with the same
 * state and a hand-made cookie completes nothing (docs/security.md). Issue 24 §1: the first piece
 * of the integrations kit.
 */
export const OAUTH_STATE_TTL_SECONDS = 600;

/**
 * A callback that failed for a reason with a fixed code (core/contracts/consent-outcome.ts): the
 * redirect carries the code, never the message. Any other AppError of a callback counts as "refused",
 * and its message (the provider's words) is stored on the integration for the screen to fetch.
 */
export class ConsentFailed extends AppError {
  constructor(
    readonly reason: ConsentFailure,
    message: string,
    status: ErrorCode = "bad_request",
  ) {
    super(status, message);
  }
}

/** The code a callback's failure is redirected with. */
export function consentFailureOf(error: AppError): ConsentFailure {
  return error instanceof ConsentFailed ? error.reason : "refused";
}

/** `a` account, `p` purpose, `n` nonce, `e` expiry (ms since the epoch). */
type StatePayload = { a: number; p: string; n: string; e: number };

export type StateExpectation = { purpose: string; accountId: number; cookieNonce: string | undefined; now: Date };

const INVALID = "The sign-in link is invalid or has expired. Start Connect again from Settings.";

/** A signed state for `purpose` and the account, and the nonce to put in the state cookie. */
export function signOAuthState(
  box: SecretBox,
  options: { purpose: string; accountId: number; now: Date },
): { state: string; nonce: string } {
  const nonce = randomBytes(16).toString("base64url");
  const payload: StatePayload = {
    a: options.accountId,
    p: options.purpose,
    n: nonce,
    e: options.now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000,
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return { state: `${encoded}.${sign(stateKey(box), encoded)}`, nonce };
}

/**
 * Signature (constant time), expiry, same account, same purpose, same browser (the cookie's nonce).
 * Returns the payload; anything else is a 400 that says only that the link is invalid.
 */
function verifyOAuthState(box: SecretBox, state: string, expected: StateExpectation): StatePayload {
  const invalid = new ConsentFailed("invalid_state", INVALID);
  const [encoded, signature] = state.split(".");
  if (!encoded || !signature) throw invalid;
  if (!sameSecret(signature, sign(stateKey(box), encoded))) throw invalid;
  let payload: StatePayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as StatePayload;
  } catch {
    throw invalid;
  }
  if (payload.e < expected.now.getTime() || payload.a !== expected.accountId || payload.p !== expected.purpose) throw invalid;
  if (!expected.cookieNonce || expected.cookieNonce !== payload.n) throw invalid;
  return payload;
}

/**
 * Verifies the state, then spends it: one insert of its nonce that fails on a second try, on any
 * instance. Returns the nonce (the mailbox flow derives its PKCE verifier from it). A state is good
 * for one callback whatever that callback's outcome.
 */
export async function spendOAuthState(db: Db, box: SecretBox, state: string, expected: StateExpectation): Promise<string> {
  const payload = verifyOAuthState(box, state, expected);
  const spent = await db
    .insert(spentOAuthStates)
    .values({ nonce: payload.n, expiresAt: new Date(payload.e) })
    .onConflictDoNothing()
    .returning({ nonce: spentOAuthStates.nonce });
  if (spent.length === 0) throw new ConsentFailed("invalid_state", INVALID);
  return payload.n;
}

/** The maintenance job: a spent state past its expiry is refused by its expiry alone. */
export async function pruneSpentOAuthStates(db: Db, now: Date): Promise<void> {
  await db.delete(spentOAuthStates).where(lt(spentOAuthStates.expiresAt, now));
}

/** The key the states are signed with (and the mailbox's PKCE verifier derived with). */
export function stateKey(box: SecretBox): Buffer {
  return box.deriveKey("oauth-state");
}
