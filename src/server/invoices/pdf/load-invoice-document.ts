import { eq } from "drizzle-orm";
import type { BillingType } from "../../../core/pricing/rules.js";
import type { InvoiceStatus, InvoiceTemplate } from "../../../core/invoices.js";
import type { Db } from "../../db/client.js";
import { accounts } from "../../db/schema/index.js";
import type { UserRow } from "../../auth/sessions.js";
import { findInvoiceItems, getInvoice } from "../get-invoice.js";
import { findLineTimekeepers } from "../line-timekeepers.js";
import type { InvoiceDocument } from "./invoice-document.js";

/**
 * Reads one invoice of the account into the renderer's plain document: the firm from the
 * account's profile (firm name) and the acting user (name, email, phone), the client's details
 * as they are now, and the lines as they were snapshot when the invoice was made, each naming its member when
 * the invoice names timekeepers (line-timekeepers.ts).
 */
export async function loadInvoiceDocument(
  db: Db,
  options: { accountId: number; invoiceId: number; user: UserRow },
): Promise<InvoiceDocument> {
  const { invoice, client } = await getInvoice(db, options.accountId, options.invoiceId);
  const [account] = await db.select().from(accounts).where(eq(accounts.id, options.accountId));
  const items = await findInvoiceItems(db, options.accountId, invoice.id);
  const timekeepers = await findLineTimekeepers(
    db,
    options.accountId,
    items.map((item) => item.userId),
  );
  const { user } = options;
  const contactName = [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || null;
  return {
    template: invoice.template as InvoiceTemplate,
    status: invoice.status as InvoiceStatus,
    invoiceNumber: invoice.invoiceNumber,
    issueDate: invoice.issuedOn,
    dueDate: invoice.dueOn,
    dateFrom: invoice.dateFrom,
    dateTo: invoice.dateTo,
    paymentTermsDays: daysBetween(invoice.issuedOn, invoice.dueOn),
    currency: invoice.currency,
    firm: {
      name: account?.firmName?.trim() || contactName || user.email,
      contactName,
      email: user.email,
      phone: user.phoneNumber,
    },
    client: { name: client.name, company: client.company, email: client.email, phone: client.phone, address: client.address },
    lines: items.map((item) => ({
      date: item.workDate,
      kind: item.kind as "call" | "email",
      description: item.description,
      durationSeconds: item.durationSeconds,
      billedSeconds: item.billedSeconds,
      rateCents: item.rateCents,
      billingType: item.billingType as BillingType,
      amountCents: item.amountCents,
      timekeeper: timekeepers.shown ? timekeepers.nameOf(item.userId) : null,
    })),
    subtotalCents: invoice.subtotalCents,
    totalCents: invoice.totalCents,
    totalCalls: invoice.totalCalls,
    totalEmails: invoice.totalEmails,
  };
}

/** The terms the invoice was issued with, from its own dates (a later change of the account's terms does not rewrite it). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
