import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accountIdColumn, users } from "./accounts.js";
import { calls } from "./calls.js";
import { clients } from "./clients.js";
import { id, instant, timestamps } from "./columns.js";
import { trackedEmails } from "./emails.js";

/** An invoice for exactly one client (docs/decisions.md D9). Status: draft → sent → paid, or sent → void. */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    accountId: accountIdColumn(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id),
    invoiceNumber: text("invoice_number").notNull(),
    sequence: integer().notNull(),
    dateFrom: date("date_from", { mode: "string" }).notNull(),
    dateTo: date("date_to", { mode: "string" }).notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    status: text().notNull().default("draft"),
    template: text().notNull().default("professional"),
    currency: text().notNull().default("usd"),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    totalCalls: integer("total_calls").notNull().default(0),
    totalEmails: integer("total_emails").notNull().default(0),
    totalDurationSeconds: integer("total_duration_seconds").notNull().default(0),
    sentTo: text("sent_to"),
    sentAt: instant("sent_at"),
    paidAt: instant("paid_at"),
    voidedAt: instant("voided_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("invoices_account_number_key").on(t.accountId, t.invoiceNumber),
    uniqueIndex("invoices_account_sequence_key").on(t.accountId, t.sequence),
    // (created_at, id): the keyset order of GET /api/invoices/page, all or one client's (docs/paging.md).
    index("invoices_account_created_idx").on(t.accountId, t.createdAt, t.id),
    index("invoices_account_client_idx").on(t.accountId, t.clientId, t.createdAt, t.id),
    // The dashboard's pending count (draft and sent): an index-only scan instead of reading every invoice.
    index("invoices_account_status_idx").on(t.accountId, t.status),
    check("invoices_status_check", sql`${t.status} in ('draft', 'sent', 'paid', 'void')`),
  ],
);

/**
 * A snapshot of one billed call or email. The unique indexes on call_id and email_id are
 * the database's guarantee that nothing is ever billed twice. Voiding a sent invoice releases
 * its items (docs/invoices.md): `released_at` is set and call_id/email_id are cleared so the
 * call or email can be billed again, while the snapshot and `source_id` stay for the record.
 */
export const invoiceItems = pgTable(
  "invoice_items",
  {
    id: id(),
    accountId: accountIdColumn(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    kind: text().notNull(),
    callId: integer("call_id").references(() => calls.id),
    emailId: integer("email_id").references(() => trackedEmails.id),
    workDate: date("work_date", { mode: "string" }).notNull(),
    description: text().notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    billedSeconds: integer("billed_seconds").notNull(),
    rateCents: integer("rate_cents").notNull(),
    billingType: text("billing_type").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The billed call's or email's id (per `kind`), kept after the item is released. */
    sourceId: integer("source_id"),
    /**
     * The line's timekeeper (issue 26 §2): the member whose call or email it bills, recorded when the invoice is
     * made so it stays true whatever later happens to the source (docs/team.md, Invoices by member).
     */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    releasedAt: instant("released_at"),
  },
  (t) => [
    uniqueIndex("invoice_items_call_key").on(t.callId),
    uniqueIndex("invoice_items_email_key").on(t.emailId),
    index("invoice_items_invoice_idx").on(t.invoiceId, t.position),
    // Analytics: an account's billed work by the day it was done.
    index("invoice_items_account_work_date_idx").on(t.accountId, t.workDate),
    // The invoices list's member filter: the invoices holding at least one line by this member.
    index("invoice_items_account_user_invoice_idx").on(t.accountId, t.userId, t.invoiceId),
    check(
      "invoice_items_one_source",
      sql`(${t.releasedAt} is not null and ${t.callId} is null and ${t.emailId} is null) or (${t.callId} is null) <> (${t.emailId} is null)`,
    ),
  ],
);
