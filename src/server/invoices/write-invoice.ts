import { and, eq, inArray, isNull } from "drizzle-orm";
import { applyRoundingScope, type RoundingScope } from "../../core/pricing/rounding-scope.js";
import { AppError } from "../../core/errors.js";
import { addDays, type InvoiceTemplate } from "../../core/invoices.js";
import type { Db } from "../db/client.js";
import { calls, invoiceItems, invoices, trackedEmails } from "../db/schema/index.js";
import type { AccountRow } from "../auth/sessions.js";
import type { BillableLine } from "./billable-lines.js";
import { isUniqueViolation } from "../http/database-errors.js";
import { takeInvoiceNumber } from "./invoice-sequence.js";
import { snapshotLegalLineCodes } from "../legal-billing/snapshot-line-codes.js";

export type InvoiceRow = typeof invoices.$inferSelect;

/** Items go in in chunks, well under PostgreSQL's 65,535 bind parameters per statement. */
const ITEM_CHUNK = 2000;

const ALREADY_INVOICED = "One of these items is already invoiced; refresh and try again";

/**
 * Writes one draft invoice for one client inside the caller's transaction: takes the next
 * number, snapshots the lines as items and stamps `invoice_id` on the billed calls and emails.
 * The unique indexes on invoice_items.call_id / email_id refuse anything already billed (409).
 */
export async function writeInvoice(
  tx: Db,
  options: {
    account: Pick<AccountRow, "id" | "currency" | "paymentTermsDays">;
    clientId: number;
    dateFrom: string;
    dateTo: string;
    issuedOn: string;
    template: InvoiceTemplate;
    lines: BillableLine[];
    /** The client's rounding scope: its calls are rounded per call, per day or once for the invoice. */
    roundingScope: RoundingScope;
    now: Date;
  },
): Promise<InvoiceRow> {
  const { account, clientId, now } = options;
  const lines = applyRoundingScope(options.lines, options.roundingScope);
  if (lines.length === 0) throw new AppError("bad_request", "There is nothing to bill");
  const { sequence, invoiceNumber } = await takeInvoiceNumber(tx, account.id);
  const callLines = lines.filter((line) => line.kind === "call");
  const emailLines = lines.filter((line) => line.kind === "email");
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents > 2_147_483_647)
    throw new AppError("bad_request", "The invoice total is too large");

  const [invoice] = await tx
    .insert(invoices)
    .values({
      accountId: account.id,
      clientId,
      invoiceNumber,
      sequence,
      dateFrom: options.dateFrom,
      dateTo: options.dateTo,
      issuedOn: options.issuedOn,
      dueOn: addDays(options.issuedOn, account.paymentTermsDays),
      status: "draft",
      template: options.template,
      currency: account.currency,
      subtotalCents,
      totalCents: subtotalCents,
      totalCalls: callLines.length,
      totalEmails: emailLines.length,
      totalDurationSeconds: lines.reduce((sum, line) => sum + line.durationSeconds, 0),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!invoice) throw new Error("invoice insert returned nothing");

  const rows = lines.map((line, index) => ({
    accountId: account.id,
    invoiceId: invoice.id,
    position: index + 1,
    kind: line.kind,
    callId: line.kind === "call" ? line.sourceId : null,
    emailId: line.kind === "email" ? line.sourceId : null,
    sourceId: line.sourceId,
    userId: line.userId,
    workDate: line.workDate,
    description: line.description,
    durationSeconds: line.durationSeconds,
    billedSeconds: line.billedSeconds,
    rateCents: line.rateCents,
    billingType: line.billingType,
    amountCents: line.amountCents,
  }));
  try {
    for (let start = 0; start < rows.length; start += ITEM_CHUNK) {
      await tx.insert(invoiceItems).values(rows.slice(start, start + ITEM_CHUNK));
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", ALREADY_INVOICED);
    throw error;
  }

  await stampSources(tx, account.id, invoice.id, callLines, emailLines);
  await snapshotLegalLineCodes(tx, { accountId: account.id, invoiceId: invoice.id });
  return invoice;
}

/** Sets invoice_id on the billed calls and emails; any that were billed meanwhile make the whole invoice fail. */
async function stampSources(
  tx: Db,
  accountId: number,
  invoiceId: number,
  callLines: BillableLine[],
  emailLines: BillableLine[],
): Promise<void> {
  for (let start = 0; start < callLines.length; start += ITEM_CHUNK) {
    const ids = callLines.slice(start, start + ITEM_CHUNK).map((line) => line.sourceId);
    const updated = await tx
      .update(calls)
      .set({ invoiceId })
      .where(and(eq(calls.accountId, accountId), inArray(calls.id, ids), isNull(calls.invoiceId)))
      .returning({ id: calls.id });
    if (updated.length !== ids.length) throw new AppError("conflict", ALREADY_INVOICED);
  }
  for (let start = 0; start < emailLines.length; start += ITEM_CHUNK) {
    const ids = emailLines.slice(start, start + ITEM_CHUNK).map((line) => line.sourceId);
    const updated = await tx
      .update(trackedEmails)
      .set({ invoiceId })
      .where(and(eq(trackedEmails.accountId, accountId), inArray(trackedEmails.id, ids), isNull(trackedEmails.invoiceId)))
      .returning({ id: trackedEmails.id });
    if (updated.length !== ids.length) throw new AppError("conflict", ALREADY_INVOICED);
  }
}
