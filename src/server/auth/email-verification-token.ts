import { timingSafeEqual } from "node:crypto";
import { EMAIL_VERIFICATION_TTL_HOURS, VERIFY_LINK_REFUSALS } from "../../core/contracts/email-verification.js";
import { AppError } from "../../core/errors.js";
import { type SecretBox, sign } from "../http/secrets.js";

/** What a verification link proves: this user received mail at this address before this instant. */
export type VerificationClaim = { userId: number; email: string; expiresAt: Date };

type Payload = { u: number; e: string; x: number };

export const VERIFY_LINK_INVALID = VERIFY_LINK_REFUSALS.invalid;
export const VERIFY_LINK_EXPIRED = VERIFY_LINK_REFUSALS.expired;

/** The key is derived from the server's secrets key, so a link signed by another deployment does not verify. */
function keyOf(box: SecretBox): Buffer {
  return box.deriveKey("email-verification");
}

/** A token for the link: the claim in base64url JSON and its HMAC-SHA256, binding user id, address and expiry. */
export function issueVerificationToken(box: SecretBox, claim: { userId: number; email: string; now: Date }): string {
  const payload: Payload = {
    u: claim.userId,
    e: claim.email.toLowerCase(),
    x: claim.now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000,
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${encoded}.${sign(keyOf(box), encoded)}`;
}

/** The claim of a genuine, unexpired token; a 400 AppError with a message for a forged, altered or expired one. */
export function readVerificationToken(box: SecretBox, token: string, now: Date): VerificationClaim {
  const invalid = new AppError("bad_request", VERIFY_LINK_INVALID);
  const [encoded, signature, ...rest] = token.split(".");
  if (!encoded || !signature || rest.length > 0) throw invalid;
  const expected = Buffer.from(sign(keyOf(box), encoded));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as Partial<Payload>;
  } catch {
    throw invalid;
  }
  if (!Number.isSafeInteger(payload.u) || typeof payload.e !== "string" || !Number.isFinite(payload.x)) throw invalid;
  if ((payload.x as number) <= now.getTime()) throw new AppError("bad_request", VERIFY_LINK_EXPIRED);
  return { userId: payload.u as number, email: payload.e, expiresAt: new Date(payload.x as number) };
}
