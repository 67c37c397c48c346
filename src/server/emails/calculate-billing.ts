import type { CalculateBillingResponse, EmailBillingLine, EmailInput } from "../../core/contracts/emails.js";
import {
  calculateEmailBilling,
  type EmailBillingCalculation,
  type EmailBillingRules,
  summarizeEmailBilling,
} from "../../core/email-estimate.js";
import { billableMinutes } from "../../core/duration.js";
import { centsToDecimal, formatMoney } from "../../core/money.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { emailRules } from "../pricing/rules-from-rows.js";
import { getClient } from "../clients/get-client.js";

/** One Billing Breakdown line from the core model's figures. */
export function presentBillingLine(
  email: Pick<EmailInput, "id" | "subject" | "isInbound">,
  calculation: EmailBillingCalculation,
): EmailBillingLine {
  return {
    emailId: email.id,
    subject: email.subject,
    complexity: calculation.complexity,
    wordCount: calculation.wordCount,
    isInbound: email.isInbound,
    readTimeMinutes: calculation.readTimeMinutes,
    replyTimeMinutes: calculation.replyTimeMinutes,
    totalTimeMinutes: calculation.totalTimeMinutes,
    billedMinutes: billableMinutes(calculation.billedSeconds),
    billingRate: centsToDecimal(calculation.rateCents),
    totalAmount: centsToDecimal(calculation.amountCents),
  };
}

/** Prices the selected emails without saving anything (POST /api/emails/calculate-billing). */
export function priceEmails(
  emails: EmailInput[],
  rules: EmailBillingRules,
): Omit<CalculateBillingResponse, "message" | "success"> & { totalAmountCents: number } {
  const calculations = emails.map((email) => ({ email, calculation: calculateEmailBilling(email, rules) }));
  const summary = summarizeEmailBilling(calculations.map((c) => c.calculation));
  return {
    calculations: calculations.map(({ email, calculation }) => presentBillingLine(email, calculation)),
    summary: {
      totalAmount: centsToDecimal(summary.totalAmountCents),
      totalEmails: summary.totalEmails,
      totalTimeHours: summary.totalTimeHours,
    },
    totalAmountCents: summary.totalAmountCents,
  };
}

export async function calculateBilling(
  db: Db,
  options: { account: AccountRow; emails: EmailInput[]; rateCents: number | undefined; clientId: number | null },
): Promise<CalculateBillingResponse> {
  const client = options.clientId ? await getClient(db, { accountId: options.account.id, clientId: options.clientId }) : null;
  const { calculations, summary, totalAmountCents } = priceEmails(
    options.emails,
    emailRules(options.account, client, options.rateCents),
  );
  const count = summary.totalEmails;
  return {
    success: true,
    calculations,
    summary,
    message: `${count} email${count === 1 ? "" : "s"}: ${formatMoney(totalAmountCents, options.account.currency)} for ${summary.totalTimeHours} hours`,
  };
}
