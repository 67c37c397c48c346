import type { EmailInput, TrackEmailResponse } from "../../core/contracts/emails.js";
import { calculateEmailBilling } from "../../core/email-estimate.js";
import { conflict } from "../../core/errors.js";
import { billableMinutes } from "../../core/duration.js";
import { requireMayTrack } from "../../core/subscription-standing.js";
import { centsToDecimal, formatMoney } from "../../core/money.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { trackedEmails } from "../db/schema/index.js";
import { emailRules } from "../pricing/rules-from-rows.js";
import { getClient } from "../clients/get-client.js";
import { presentTrackedEmail } from "./tracked-email-presenter.js";

/**
 * POST /api/emails/track: saves an email as billable work for a client. Time and amount are
 * recomputed here from the word count and the rules (only the chosen hourly rate is taken from
 * the request), and the rules are stored beside them so a later rate change never re-prices it.
 * The same message for the same client twice is refused (409), by the database's unique index.
 */
export async function trackEmail(
  db: Db,
  options: {
    account: AccountRow;
    /** The member whose work it is: the session user (issue 26 §2). */
    userId: number;
    email: EmailInput;
    clientId: number;
    rateCents: number | undefined;
    now: Date;
  },
): Promise<TrackEmailResponse> {
  const { account, email, now } = options;
  requireMayTrack(account, now); // a trial that ended or an unpaid subscription tracks nothing new
  const client = await getClient(db, { accountId: account.id, clientId: options.clientId });
  if (client.archivedAt) throw conflict(`${client.name} is archived. Restore the client before tracking emails for it.`);
  const rules = emailRules(account, client, options.rateCents);
  const calculation = calculateEmailBilling(email, rules);
  const [row] = await db
    .insert(trackedEmails)
    .values({
      accountId: account.id,
      userId: options.userId,
      clientId: client.id,
      messageKey: email.id,
      subject: email.subject,
      sender: email.sender ?? null,
      recipient: email.recipient ?? null,
      sentAt: email.timestamp ? new Date(email.timestamp) : null,
      emailType: email.isInbound ? "inbound" : "outbound",
      complexity: calculation.complexity,
      wordCount: calculation.wordCount,
      readSeconds: calculation.readTimeMinutes * 60,
      writeSeconds: calculation.replyTimeMinutes * 60,
      billedSeconds: calculation.billedSeconds,
      rateCents: calculation.rateCents,
      amountCents: calculation.amountCents,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [trackedEmails.accountId, trackedEmails.clientId, trackedEmails.messageKey] })
    .returning();
  if (!row) throw conflict(`"${email.subject || "(no subject)"}" is already tracked for ${client.name}`);
  return {
    success: true,
    billing: { totalAmount: centsToDecimal(row.amountCents), billedMinutes: billableMinutes(row.billedSeconds) },
    message: `"${row.subject || "(no subject)"}" saved for ${client.name}: ${formatMoney(row.amountCents, account.currency)}`,
    email: presentTrackedEmail(row, client.name),
  };
}
