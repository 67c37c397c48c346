import type { JoinWaitlistRequest } from "../../core/contracts/waitlist.js";
import type { Db } from "../db/client.js";
import { waitlistEntries } from "../db/schema/index.js";
import { consumeRateLimit, type RateLimitRule } from "../http/rate-limit.js";

/** Ten joins per address per ten minutes: plenty for an office behind one address, little for a script. */
export const DEFAULT_WAITLIST_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 600 };

/**
 * Adds an address to the waitlist. Joining again changes nothing and answers the same, so the
 * form cannot be used to learn who else joined; the first company and size given are kept.
 */
export async function joinWaitlist(
  db: Db,
  options: { input: JoinWaitlistRequest; address: string; now: Date; limit: RateLimitRule },
): Promise<void> {
  const { input, now } = options;
  await consumeRateLimit(db, `waitlist:address:${options.address}`, options.limit, now, "Too many waitlist requests from this address. Please try again in a few minutes.");
  await db
    .insert(waitlistEntries)
    .values({
      email: input.email,
      company: input.company || null,
      companySize: input.companySize || null,
      joinWaitlist: "true",
      createdAt: now,
    })
    .onConflictDoNothing({ target: waitlistEntries.email });
}
