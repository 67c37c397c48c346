import { priceDuration } from "./pricing/price.js";
import type { BillingRules } from "./pricing/rules.js";
import { decimalHours } from "./duration.js";

/**
 * The email time model. Every figure is a whole number of minutes so that
 * estimates, billed time and amounts stay integers.
 *
 * - Reading: ceil(words / READING_WORDS_PER_MINUTE), at least MIN_READ_MINUTES (opening and
 *   taking in even a one-line email takes time).
 * - Complexity from word count: simple below SIMPLE_BELOW_WORDS, medium below MEDIUM_BELOW_WORDS,
 *   complex otherwise. Longer emails are both longer and harder, so they are written more slowly.
 * - Writing (outbound): ceil(words / WRITING_WORDS_PER_MINUTE[complexity]), at least MIN_WRITE_MINUTES.
 *
 * What a searched email shows:
 * - inbound: estimatedReadTime = reading; estimatedReplyTime = REPLY_MINUTES[complexity], a
 *   forecast of answering it.
 * - outbound: estimatedReadTime = 0 (the sender wrote it); estimatedReplyTime = writing.
 *
 * What billing an email charges (calculateEmailBilling):
 * - inbound: reading only. The reply is billed when the user tracks the outbound reply itself;
 *   charging the forecast too would bill the same work twice.
 * - outbound: writing only (reading quoted earlier text is not charged).
 * The total is priced hourly through priceDuration, with the account's minimum and rounding.
 */

export const EMAIL_COMPLEXITIES = ["simple", "medium", "complex"] as const;
export type EmailComplexity = (typeof EMAIL_COMPLEXITIES)[number];

export const READING_WORDS_PER_MINUTE = 200;
export const MIN_READ_MINUTES = 1;
/** simple: fewer than 100 words; medium: fewer than 300; complex: 300 or more. */
export const SIMPLE_BELOW_WORDS = 100;
export const MEDIUM_BELOW_WORDS = 300;
export const WRITING_WORDS_PER_MINUTE: Readonly<Record<EmailComplexity, number>> = { simple: 40, medium: 30, complex: 20 };
export const MIN_WRITE_MINUTES = 2;
/** Forecast for answering an inbound email; shown, not billed. */
export const REPLY_MINUTES: Readonly<Record<EmailComplexity, number>> = { simple: 3, medium: 8, complex: 15 };
/** The email billing rate defaults to 150.00 per hour. */
export const DEFAULT_EMAIL_RATE_CENTS = 15000;

/** Email billing is always hourly; `rateCents` is per hour. */
export type EmailBillingRules = Omit<BillingRules, "billingType">;
export const DEFAULT_EMAIL_BILLING_RULES: EmailBillingRules = {
  rateCents: DEFAULT_EMAIL_RATE_CENTS,
  minimumBillingMinutes: 0,
  roundingIncrementMinutes: 1,
};

export type EmailForEstimate = { wordCount: number; isInbound: boolean };

export type EmailTimeEstimate = { complexity: EmailComplexity; estimatedReadTime: number; estimatedReplyTime: number };

export type EmailBillingCalculation = {
  complexity: EmailComplexity;
  wordCount: number;
  readTimeMinutes: number;
  replyTimeMinutes: number;
  totalTimeMinutes: number;
  /** Per hour, the rate the email was priced with. */
  rateCents: number;
  billedSeconds: number;
  amountCents: number;
};

export type EmailBillingSummary = { totalAmountCents: number; totalEmails: number; totalTimeHours: number };

/** Sorts an email into simple / medium / complex by length. */
export function emailComplexity(wordCount: number): EmailComplexity {
  assertWordCount(wordCount);
  if (wordCount < SIMPLE_BELOW_WORDS) return "simple";
  if (wordCount < MEDIUM_BELOW_WORDS) return "medium";
  return "complex";
}

/** Minutes to read an email of this length. */
export function estimateReadMinutes(wordCount: number): number {
  assertWordCount(wordCount);
  return Math.max(MIN_READ_MINUTES, Math.ceil(wordCount / READING_WORDS_PER_MINUTE));
}

/** Minutes to write an email of this length; never decreases as the email grows. */
export function estimateWriteMinutes(wordCount: number): number {
  const speed = WRITING_WORDS_PER_MINUTE[emailComplexity(wordCount)];
  return Math.max(MIN_WRITE_MINUTES, Math.ceil(wordCount / speed));
}

/** The estimates a searched email carries (estimatedReadTime, estimatedReplyTime), in minutes. */
export function estimateEmailTimes(email: EmailForEstimate): EmailTimeEstimate {
  const complexity = emailComplexity(email.wordCount);
  return email.isInbound
    ? { complexity, estimatedReadTime: estimateReadMinutes(email.wordCount), estimatedReplyTime: REPLY_MINUTES[complexity] }
    : { complexity, estimatedReadTime: 0, estimatedReplyTime: estimateWriteMinutes(email.wordCount) };
}

/** Billable time and price of one email under the account's hourly rate, minimum and rounding. */
export function calculateEmailBilling(email: EmailForEstimate, rules: Partial<EmailBillingRules> = {}): EmailBillingCalculation {
  const resolved: EmailBillingRules = {
    rateCents: rules.rateCents ?? DEFAULT_EMAIL_BILLING_RULES.rateCents,
    minimumBillingMinutes: rules.minimumBillingMinutes ?? DEFAULT_EMAIL_BILLING_RULES.minimumBillingMinutes,
    roundingIncrementMinutes: rules.roundingIncrementMinutes ?? DEFAULT_EMAIL_BILLING_RULES.roundingIncrementMinutes,
  };
  const complexity = emailComplexity(email.wordCount);
  const readTimeMinutes = email.isInbound ? estimateReadMinutes(email.wordCount) : 0;
  const replyTimeMinutes = email.isInbound ? 0 : estimateWriteMinutes(email.wordCount);
  const totalTimeMinutes = readTimeMinutes + replyTimeMinutes;
  const { billedSeconds, amountCents } = priceDuration(totalTimeMinutes * 60, { ...resolved, billingType: "hour" });
  return {
    complexity,
    wordCount: email.wordCount,
    readTimeMinutes,
    replyTimeMinutes,
    totalTimeMinutes,
    rateCents: resolved.rateCents,
    billedSeconds,
    amountCents,
  };
}

/** Totals for the Billing Breakdown: cents summed as integers, billed hours to 2 decimals (half up). */
export function summarizeEmailBilling(calculations: readonly Pick<EmailBillingCalculation, "amountCents" | "billedSeconds">[]): EmailBillingSummary {
  let totalAmountCents = 0;
  let totalSeconds = 0;
  for (const calculation of calculations) {
    totalAmountCents += calculation.amountCents;
    totalSeconds += calculation.billedSeconds;
  }
  return { totalAmountCents, totalEmails: calculations.length, totalTimeHours: decimalHours(totalSeconds) };
}

function assertWordCount(wordCount: number): void {
  if (!Number.isSafeInteger(wordCount) || wordCount < 0) {
    throw new RangeError(`wordCount must be a non-negative integer, got ${wordCount}`);
  }
}
