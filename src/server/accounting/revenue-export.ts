import { eq } from "drizzle-orm";
import type { SyncDateRange } from "../../core/contracts/financial-integrations.js";
import { todayInZone } from "../../core/period.js";
import type { Db } from "../db/client.js";
import { accounts } from "../db/schema/index.js";
import { invoiceLinesCsv } from "./csv-export.js";
import { findInvoiceLinesForExport } from "./export-queries.js";

/** Today in the account's time zone (the exports' file names are dated as the user sees the day). */
export async function accountToday(db: Db, accountId: number, now: Date): Promise<string> {
  const [account] = await db.select({ timezone: accounts.timezone }).from(accounts).where(eq(accounts.id, accountId));
  try {
    return todayInZone(account?.timezone ?? "UTC", now);
  } catch {
    return todayInZone("UTC", now);
  }
}

/** Export CSV (POST /export): every issued invoice's lines in the range, void ones marked void. */
export async function exportInvoiceLines(db: Db, accountId: number, range: SyncDateRange | undefined) {
  const rows = await findInvoiceLinesForExport(db, accountId, range);
  return { csv: invoiceLinesCsv(rows), rows: rows.length };
}

/**
 * The revenue export (GET /export/revenue): the lines of invoices sent or paid in the range. Void
 * invoices are left out: they were cancelled, so they are not revenue.
 */
export async function exportRevenue(db: Db, accountId: number, range: SyncDateRange | undefined) {
  const rows = (await findInvoiceLinesForExport(db, accountId, range)).filter((row) => row.invoiceStatus !== "void");
  return { csv: invoiceLinesCsv(rows), rows: rows.length };
}
