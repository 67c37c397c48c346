import type { TrackedEmailResponse } from "../../core/contracts/emails.js";
import type { EmailComplexity } from "../../core/email-estimate.js";
import { divideHalfUp } from "../../core/billing/price.js";
import { centsToDecimal } from "../../core/money.js";
import type { trackedEmails } from "../db/schema/index.js";

export type TrackedEmailRow = typeof trackedEmails.$inferSelect;

/**
 * Row → the tracked email every list answers (GET /api/emails, the client log's and client
 * detail's Emails tabs). Money as decimal strings; estimatedHours is the billed time in hours
 * (2 decimals); totalTime the raw minutes before the minimum and rounding.
 */
export function presentTrackedEmail(row: TrackedEmailRow, clientName: string | null): TrackedEmailResponse {
  return {
    id: row.id,
    subject: row.subject,
    emailType: row.emailType === "outbound" ? "outbound" : "inbound",
    complexity: row.complexity as EmailComplexity,
    estimatedHours: centsToDecimal(divideHalfUp(row.billedSeconds, 36)),
    amount: centsToDecimal(row.amountCents),
    wordCount: row.wordCount,
    billingRate: centsToDecimal(row.rateCents),
    createdAt: row.createdAt.toISOString(),
    clientId: row.clientId,
    clientName,
    totalTime: Math.round((row.readSeconds + row.writeSeconds) / 60),
    billedMinutes: Math.round(row.billedSeconds / 60),
    readTimeMinutes: Math.round(row.readSeconds / 60),
    replyTimeMinutes: Math.round(row.writeSeconds / 60),
    sender: row.sender,
    recipient: row.recipient,
    sentAt: row.sentAt?.toISOString() ?? null,
    messageKey: row.messageKey,
    invoiceId: row.invoiceId,
  };
}
