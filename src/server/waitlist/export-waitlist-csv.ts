import { stringify } from "csv-stringify/sync";
import { desc } from "drizzle-orm";
import { safeCsvCell } from "../../core/csv.js";
import type { Db } from "../db/client.js";
import { waitlistEntries } from "../db/schema/index.js";

export const WAITLIST_CSV_COLUMNS = ["ID", "Email", "Company", "Company Size", "Join Waitlist", "Joined At"] as const;

/**
 * Every signup as CSV, newest first like the dashboard. csv-stringify quotes commas, quotes and
 * line breaks; safeCsvCell stops a value such as "=HYPERLINK(…)" from running as a formula
 * (docs/decisions.md D11). CRLF line ends and a UTF-8 byte-order mark, so spreadsheets read accents right.
 */
export async function exportWaitlistCsv(db: Db): Promise<string> {
  const rows = await db.select().from(waitlistEntries).orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id));
  const records = rows.map((row) => [
    String(row.id),
    safeCsvCell(row.email),
    safeCsvCell(row.company),
    safeCsvCell(row.companySize),
    safeCsvCell(row.joinWaitlist),
    row.createdAt.toISOString(),
  ]);
  return stringify([[...WAITLIST_CSV_COLUMNS], ...records], { bom: true, record_delimiter: "windows" });
}
