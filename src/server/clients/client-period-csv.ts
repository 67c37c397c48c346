import { and, eq, gte, lt } from "drizzle-orm";
import { callTypeLabel, platformLabel } from "../../core/contracts/calls.js";
import type { PageCursor } from "../../core/contracts/paging.js";
import { csvDocument, csvNumber, csvRows, type CsvValue } from "../../core/csv.js";
import { centsToDecimal } from "../../core/money.js";
import type { Db } from "../db/client.js";
import { calls, invoices, trackedEmails } from "../db/schema/index.js";
import { todayInZone } from "../../core/period.js";
import { keysetAfter, keysetMicros, keysetOrder, keysetPosition } from "../http/keyset-page.js";

/** The columns of a client's period export: one row per call, then one per tracked email. */
export const CLIENT_PERIOD_CSV_COLUMNS = [
  "Kind",
  "Date",
  "Started (UTC)",
  "Type",
  "Platform",
  "Subject",
  "Notes",
  "Seconds",
  "Billed Seconds",
  "Rate",
  "Billing Type",
  "Amount",
  "Currency",
  "Invoice",
] as const;

/** Rows read per statement: the export's memory is one batch, whatever the period holds. */
export const EXPORT_BATCH_ROWS = 1000;

type ExportScope = { accountId: number; clientId: number; start: Date; end: Date; timezone: string; currency: string };

/**
 * GET /api/clients/{id}/export.csv (docs/clients.md): the client's calls and emails of a period as CSV,
 * produced batch by batch by keyset (the same index ranges as the pages on screen) and written as it is
 * read, so a year of the busiest client costs the server one batch of memory, never the whole file.
 * The caller checks the client first (a 404 must come before the first byte). Text goes through
 * core/csv.ts's formula guard; money as decimals with the currency in its own column.
 */
export async function* clientPeriodCsv(db: Db, scope: ExportScope): AsyncGenerator<string> {
  yield csvDocument(CLIENT_PERIOD_CSV_COLUMNS, [], { bom: true });
  const currency = scope.currency.toUpperCase();
  for (let cursor: PageCursor | undefined, more = true; more; ) {
    const rows = await callBatch(db, scope, cursor);
    more = rows.length === EXPORT_BATCH_ROWS;
    const last = rows[rows.length - 1];
    if (last) cursor = keysetPosition({ micros: last.micros, id: last.id });
    yield csvRows(
      rows.map((row): CsvValue[] => [
        "Call",
        todayInZone(scope.timezone, row.startedAt),
        row.startedAt.toISOString(),
        callTypeLabel(row.callType),
        platformLabel(row.platform),
        null,
        row.notes,
        row.durationSeconds,
        row.billedSeconds,
        csvNumber(centsToDecimal(row.rateCents)),
        row.billingType,
        csvNumber(centsToDecimal(row.amountCents)),
        currency,
        row.invoiceNumber,
      ]),
    );
  }
  for (let cursor: PageCursor | undefined, more = true; more; ) {
    const rows = await emailBatch(db, scope, cursor);
    more = rows.length === EXPORT_BATCH_ROWS;
    const last = rows[rows.length - 1];
    if (last) cursor = keysetPosition({ micros: last.micros, id: last.id });
    yield csvRows(
      rows.map((row): CsvValue[] => [
        "Email",
        todayInZone(scope.timezone, row.createdAt),
        row.createdAt.toISOString(),
        row.emailType,
        null,
        row.subject,
        null,
        row.readSeconds + row.writeSeconds,
        row.billedSeconds,
        csvNumber(centsToDecimal(row.rateCents)),
        "hour",
        csvNumber(centsToDecimal(row.amountCents)),
        currency,
        row.invoiceNumber,
      ]),
    );
  }
}

function callBatch(db: Db, scope: ExportScope, cursor: PageCursor | undefined) {
  const keyset = { at: calls.startedAt, id: calls.id };
  return db
    .select({
      id: calls.id,
      micros: keysetMicros(calls.startedAt),
      startedAt: calls.startedAt,
      callType: calls.callType,
      platform: calls.platform,
      notes: calls.notes,
      durationSeconds: calls.durationSeconds,
      billedSeconds: calls.billedSeconds,
      rateCents: calls.rateCents,
      billingType: calls.billingType,
      amountCents: calls.amountCents,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(calls)
    .leftJoin(invoices, and(eq(invoices.id, calls.invoiceId), eq(invoices.accountId, calls.accountId)))
    .where(
      and(
        eq(calls.accountId, scope.accountId),
        eq(calls.clientId, scope.clientId),
        gte(calls.startedAt, scope.start),
        lt(calls.startedAt, scope.end),
        keysetAfter(keyset, cursor),
      ),
    )
    .orderBy(...keysetOrder(keyset))
    .limit(EXPORT_BATCH_ROWS);
}

function emailBatch(db: Db, scope: ExportScope, cursor: PageCursor | undefined) {
  const keyset = { at: trackedEmails.createdAt, id: trackedEmails.id };
  return db
    .select({
      id: trackedEmails.id,
      micros: keysetMicros(trackedEmails.createdAt),
      createdAt: trackedEmails.createdAt,
      emailType: trackedEmails.emailType,
      subject: trackedEmails.subject,
      readSeconds: trackedEmails.readSeconds,
      writeSeconds: trackedEmails.writeSeconds,
      billedSeconds: trackedEmails.billedSeconds,
      rateCents: trackedEmails.rateCents,
      amountCents: trackedEmails.amountCents,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(trackedEmails)
    .leftJoin(invoices, and(eq(invoices.id, trackedEmails.invoiceId), eq(invoices.accountId, trackedEmails.accountId)))
    .where(
      and(
        eq(trackedEmails.accountId, scope.accountId),
        eq(trackedEmails.clientId, scope.clientId),
        gte(trackedEmails.createdAt, scope.start),
        lt(trackedEmails.createdAt, scope.end),
        keysetAfter(keyset, cursor),
      ),
    )
    .orderBy(...keysetOrder(keyset))
    .limit(EXPORT_BATCH_ROWS);
}

/** `busy-client-llp-2025-01-01-2025-12-31.csv`: the client's name in letters, digits and dashes. */
export function clientPeriodCsvFileName(clientName: string, startDate: string, endDate: string): string {
  const slug =
    clientName
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "client";
  const day = (value: string) => value.slice(0, 10);
  return `${slug}-${day(startDate)}-${day(endDate)}.csv`;
}
