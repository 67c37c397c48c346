import { count, desc } from "drizzle-orm";
import type { WaitlistEntriesPage, WaitlistEntriesQuery } from "../../core/contracts/waitlist.js";
import type { Db } from "../db/client.js";
import { waitlistEntries } from "../db/schema/index.js";
import { presentWaitlistEntry } from "./waitlist-presenter.js";

/** One page of signups, newest first; a page past the end is empty, not an error. */
export async function findWaitlistEntries(db: Db, query: WaitlistEntriesQuery): Promise<WaitlistEntriesPage> {
  const { page, limit } = query;
  const [totals] = await db.select({ total: count() }).from(waitlistEntries);
  const total = Number(totals?.total ?? 0);
  const rows = await db
    .select()
    .from(waitlistEntries)
    .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    entries: rows.map(presentWaitlistEntry),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}
