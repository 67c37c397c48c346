import type { AccountRow } from "../auth/sessions.js";
import { ENDED_STATUSES } from "./stripe/subscription-facts.js";

/** The account has a Stripe subscription that can still be paid or changed (the portal, Change plan). */
export function hasLiveSubscription(account: Pick<AccountRow, "paymentSubscriptionId" | "subscriptionStatus">): boolean {
  return Boolean(account.paymentSubscriptionId) && !ENDED_STATUSES.includes(account.subscriptionStatus);
}
