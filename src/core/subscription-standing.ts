import { AppError } from "./errors.js";
import { todayInZone } from "./period.js";

/**
 * The ONE rule of whether an account may start new tracking: new timers, logged
 * calls, tracked emails and captured calls all ask `trackingRefusal` here, so the answer and its
 * sentence are the same everywhere. Reading, exporting and invoicing what exists is never refused:
 * nothing is deleted when a trial ends or a payment fails.
 *
 * Statuses are Stripe's (stored as they are in accounts.subscription_status; the card-free trial
 * uses "trialing" with its own trial_ends_at). Trialing with the trial not over and active may
 * track; everything else (trial over, past_due, unpaid, canceled, incomplete, incomplete_expired,
 * paused, a status Stripe adds later) may not, until the account pays.
 */
export type SubscriptionStanding = { subscriptionStatus: string; trialEndsAt: Date | null };

export const TRIAL_ENDED_MESSAGE = "Your trial has ended. Choose a plan to keep tracking.";
export const PAYMENT_FAILED_MESSAGE = "Your last payment did not go through. Update your payment method to keep tracking.";
export const SUBSCRIPTION_ENDED_MESSAGE = "Your subscription has ended. Choose a plan to keep tracking.";

/** Why the account may not track now (the sentence shown in answers and the banner), or null when it may. */
export function trackingRefusal(account: SubscriptionStanding, now: Date): string | null {
  switch (account.subscriptionStatus) {
    case "active":
      return null;
    case "trialing":
      // No end date: an account made before trials were dated (seeded demo data) keeps working.
      return account.trialEndsAt && account.trialEndsAt.getTime() <= now.getTime() ? TRIAL_ENDED_MESSAGE : null;
    case "past_due":
    case "unpaid":
    case "incomplete":
      return PAYMENT_FAILED_MESSAGE;
    default:
      return SUBSCRIPTION_ENDED_MESSAGE;
  }
}

export function mayTrack(account: SubscriptionStanding, now: Date): boolean {
  return trackingRefusal(account, now) === null;
}

/** Throws the one 402 every tracking entry point answers when the account is not in good standing. */
export function requireMayTrack(account: SubscriptionStanding, now: Date): void {
  const refusal = trackingRefusal(account, now);
  if (refusal) throw new AppError("payment_required", refusal);
}

/**
 * Whole calendar days left in the trial as the account's user sees them (in its time zone): 14 on
 * the day of sign-up, 1 on the last day, 0 once it has ended; null without a trial end.
 */
export function trialDaysLeft(trialEndsAt: Date | null, now: Date, timezone: string): number | null {
  if (!trialEndsAt) return null;
  if (trialEndsAt.getTime() <= now.getTime()) return 0;
  const dayNumber = (day: string) =>
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
  const days = dayNumber(todayInZone(timezone, trialEndsAt)) - dayNumber(todayInZone(timezone, now));
  return Math.max(1, days);
}
