import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accountIdColumn, users } from "./accounts.js";
import { clients } from "./clients.js";
import { id, instant, timestamps } from "./columns.js";

/**
 * An email whose reading and writing time is billed. Amount and time are recomputed by the
 * server from word count and the rules (never taken from the request); the rules are stored beside them.
 */
export const trackedEmails = pgTable(
  "tracked_emails",
  {
    id: id(),
    accountId: accountIdColumn(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** Stable id of the message in the mailbox (Message-ID or folder+UIDVALIDITY+UID). */
    messageKey: text("message_key").notNull(),
    subject: text().notNull().default(""),
    sender: text(),
    recipient: text(),
    sentAt: instant("sent_at"),
    emailType: text("email_type").notNull(),
    complexity: text().notNull().default("simple"),
    wordCount: integer("word_count").notNull().default(0),
    readSeconds: integer("read_seconds").notNull().default(0),
    writeSeconds: integer("write_seconds").notNull().default(0),
    billedSeconds: integer("billed_seconds").notNull().default(0),
    rateCents: integer("rate_cents").notNull().default(0),
    amountCents: integer("amount_cents").notNull().default(0),
    invoiceId: integer("invoice_id"),
    /** The member who tracked it (issue 26 §2: work belongs to a person); null only once that user row is gone. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("tracked_emails_message_key").on(t.accountId, t.clientId, t.messageKey),
    // (created_at, id): the keyset order of GET /api/emails/page (docs/paging.md).
    index("tracked_emails_account_client_created_idx").on(t.accountId, t.clientId, t.createdAt, t.id),
    index("tracked_emails_account_created_idx").on(t.accountId, t.createdAt, t.id),
  ],
);
