import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { ClientEmailJson } from "../../core/contracts/calls.js";
import { centsToDecimal } from "../../core/money.js";
import type { Db } from "../db/client.js";
import { trackedEmails } from "../db/schema/index.js";

type EmailRow = typeof trackedEmails.$inferSelect;

/** One client's tracked emails created in [start, end), newest first (the client log's email history). */
export function findClientEmailsInPeriod(db: Db, options: { accountId: number; clientId: number; start: Date; end: Date }) {
  return db
    .select()
    .from(trackedEmails)
    .where(
      and(
        eq(trackedEmails.accountId, options.accountId),
        eq(trackedEmails.clientId, options.clientId),
        gte(trackedEmails.createdAt, options.start),
        lt(trackedEmails.createdAt, options.end),
      ),
    )
    .orderBy(desc(trackedEmails.createdAt), desc(trackedEmails.id));
}

/** An email record as the client log shows it (spec 000 §3): billed hours as a string, raw minutes. */
export function presentClientEmail(email: EmailRow): ClientEmailJson {
  return {
    id: email.id,
    emailType: email.emailType,
    subject: email.subject,
    estimatedHours: (email.billedSeconds / 3600).toFixed(2),
    amount: centsToDecimal(email.amountCents),
    createdAt: email.createdAt.toISOString(),
    totalTime: Math.round((email.readSeconds + email.writeSeconds) / 60),
    invoiceId: email.invoiceId,
  };
}
