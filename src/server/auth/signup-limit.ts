import type { Db } from "../db/client.js";
import { consumeRateLimit, type RateLimitRule } from "../http/rate-limit.js";

/** Ten sign-ups per address an hour: a team behind one address signs up, a script hashing passwords on our CPU does not. */
export const DEFAULT_SIGNUP_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60 * 60 };
export const TOO_MANY_SIGN_UPS = "Too many sign-ups from this network. Please try again later.";

/**
 * Counts a sign-up attempt for the address before any work (each costs an scrypt hash and a payment
 * provider call). Every attempt counts, also one refused because the email is taken, so the form
 * cannot be used to test addresses either.
 */
export async function limitSignUps(db: Db, options: { address: string; rule: RateLimitRule; now: Date }): Promise<void> {
  await consumeRateLimit(db, `signup:address:${options.address}`, options.rule, options.now, TOO_MANY_SIGN_UPS);
}
