import type { TrackedEmailResponse } from "../../core/contracts/emails.js";
import type { EmailComplexity } from "../../core/email-estimate.js";
import { billableMinutes, decimalHoursText } from "../../core/duration.js";
import { centsToDecimal } from "../../core/money.js";
import type { trackedEmails } from "../db/schema/index.js";

export type TrackedEmailRow = typeof trackedEmails.$inferSelect;

/**
 * Row → the tracked email every list answers (GET /api/emails, the client log's and client
 * detail's Emails tabs): the one presenter of a tracked email. billedSeconds is exact, so a list's
 * total adds seconds, never the rounded hours (ten 7-minute emails are 1h 10m, not 1h 12m). Money as decimal strings; estimatedHours is the billed time in hours
 * (2 decimals); totalTime the raw minutes before the minimum and rounding.
 */
export function presentTrackedEmail(row: TrackedEmailRow, clientName: string | null): TrackedEmailResponse {
  return {
    id: row.id,
    subject: row.subject,
    emailType: row.emailType === "outbound" ? "outbound" : "inbound",
    complexity: row.complexity as EmailComplexity,
    estimatedHours: decimalHoursText(row.billedSeconds),
    billedSeconds: row.billedSeconds,
    amount: centsToDecimal(row.amountCents),
    wordCount: row.wordCount,
    billingRate: centsToDecimal(row.rateCents),
    createdAt: row.createdAt.toISOString(),
    clientId: row.clientId,
    clientName,
    totalTime: billableMinutes(row.readSeconds + row.writeSeconds),
    billedMinutes: billableMinutes(row.billedSeconds),
    readTimeMinutes: billableMinutes(row.readSeconds),
    replyTimeMinutes: billableMinutes(row.writeSeconds),
    sender: row.sender,
    recipient: row.recipient,
    sentAt: row.sentAt?.toISOString() ?? null,
    messageKey: row.messageKey,
    invoiceId: row.invoiceId,
  };
}
