import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accountIdColumn, accounts, users } from "./accounts.js";
import { calls } from "./calls.js";
import { clients } from "./clients.js";
import { id, instant, timestamps } from "./columns.js";
import { trackedEmails } from "./emails.js";
import { invoiceItems, invoices } from "./invoices.js";

/**
 * Legal e-billing (docs/ledes.md). Everything lives in its own tables beside the ones it extends,
 * so a practice that never turns it on carries nothing, and the billing tables stay as they are.
 */

/** The account's switch (Settings → Billing → Legal e-billing) and LAW_FIRM_ID. */
export const legalBillingSettings = pgTable("legal_billing_settings", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  enabled: boolean().notNull().default(false),
  lawFirmId: text("law_firm_id"),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

/** A user as a LEDES timekeeper: one row per user, so each member of a Team practice has their own. */
export const timekeepers = pgTable(
  "timekeepers",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: accountIdColumn(),
    timekeeperId: text("timekeeper_id"),
    name: text(),
    classification: text(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("timekeepers_account_idx").on(t.accountId),
    check(
      "timekeepers_classification_check",
      sql`${t.classification} is null or ${t.classification} in ('PT', 'AS', 'OC', 'LA', 'OT')`,
    ),
  ],
);

/** A client's matters: the firm's and the client's own matter numbers (LAW_FIRM_MATTER_ID, CLIENT_MATTER_ID). */
export const matters = pgTable(
  "matters",
  {
    id: id(),
    accountId: accountIdColumn(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    lawFirmMatterId: text("law_firm_matter_id").notNull(),
    clientMatterId: text("client_matter_id").notNull(),
    description: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("matters_client_law_firm_matter_key").on(t.accountId, t.clientId, t.lawFirmMatterId),
    index("matters_account_client_idx").on(t.accountId, t.clientId),
  ],
);

/** A client's e-billing id (CLIENT_ID) and the codes its lines get unless chosen otherwise. */
export const clientLegalSettings = pgTable("client_legal_settings", {
  clientId: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  accountId: accountIdColumn(),
  ledesClientId: text("ledes_client_id"),
  defaultMatterId: integer("default_matter_id").references(() => matters.id, { onDelete: "set null" }),
  defaultTaskCode: text("default_task_code"),
  defaultActivityCode: text("default_activity_code"),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

/**
 * The matter and UTBMS codes chosen for one call, one tracked email or one invoice line (exactly
 * one of the three). An invoice line's row overrides its call's or email's (core/ledes/legal-codes.ts).
 */
export const legalLineCodes = pgTable(
  "legal_line_codes",
  {
    id: id(),
    accountId: accountIdColumn(),
    callId: integer("call_id").references(() => calls.id, { onDelete: "cascade" }),
    emailId: integer("email_id").references(() => trackedEmails.id, { onDelete: "cascade" }),
    invoiceItemId: integer("invoice_item_id").references(() => invoiceItems.id, { onDelete: "cascade" }),
    matterId: integer("matter_id").references(() => matters.id, { onDelete: "set null" }),
    taskCode: text("task_code"),
    activityCode: text("activity_code"),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("legal_line_codes_call_key").on(t.callId),
    uniqueIndex("legal_line_codes_email_key").on(t.emailId),
    uniqueIndex("legal_line_codes_item_key").on(t.invoiceItemId),
    index("legal_line_codes_matter_idx").on(t.matterId),
    check(
      "legal_line_codes_one_target",
      sql`(${t.callId} is not null)::int + (${t.emailId} is not null)::int + (${t.invoiceItemId} is not null)::int = 1`,
    ),
  ],
);

/** "Checked": the invoice's LEDES file passed the validator when the user marked it (who, when, which format). */
export const invoiceLedesChecks = pgTable("invoice_ledes_checks", {
  invoiceId: integer("invoice_id")
    .primaryKey()
    .references(() => invoices.id, { onDelete: "cascade" }),
  accountId: accountIdColumn(),
  format: text().notNull(),
  checkedAt: instant("checked_at").notNull(),
  checkedByUserId: integer("checked_by_user_id").references(() => users.id, { onDelete: "set null" }),
});
