import { desc } from "drizzle-orm";
import { csvDocument } from "../../core/csv.js";
import type { Db } from "../db/client.js";
import { waitlistEntries } from "../db/schema/index.js";

export const WAITLIST_CSV_COLUMNS = ["ID", "Email", "Company", "Company Size", "Join Waitlist", "Joined At"] as const;

/**
 * Every signup as CSV, newest first like the dashboard. core/csv.ts quotes separators and stops a
 * value such as "=HYPERLINK(…)" from running as a formula (docs/decisions.md D11). CRLF line ends and a UTF-8 byte-order mark, so spreadsheets read accents right.
 */
export async function exportWaitlistCsv(db: Db): Promise<string> {
  const rows = await db.select().from(waitlistEntries).orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id));
  const records = rows.map((row) => [
    row.id,
    row.email,
    row.company,
    row.companySize,
    row.joinWaitlist,
    row.createdAt.toISOString(),
  ]);
  return csvDocument(WAITLIST_CSV_COLUMNS, records, { bom: true });
}
