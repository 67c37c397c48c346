import type { WaitlistEntry } from "../../core/contracts/waitlist.js";
import type { waitlistEntries } from "../db/schema/index.js";

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/** A waitlist row as the dashboard API shows it. */
export function presentWaitlistEntry(row: WaitlistEntryRow): WaitlistEntry {
  return {
    id: row.id,
    email: row.email,
    company: row.company,
    companySize: row.companySize,
    joinWaitlist: row.joinWaitlist,
    createdAt: row.createdAt.toISOString(),
  };
}
