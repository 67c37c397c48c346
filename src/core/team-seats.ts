import { AppError } from "./errors.js";

/**
 * How many people a practice may have (members plus open invitations), by plan (docs/team.md):
 * Individual is one seat, so inviting asks to upgrade; the Team plan's trial allows 5; a paying Team
 * account any number (its Stripe quantity follows the count in §3). The one rule; the Team page shows it too.
 */
export const TRIAL_SEAT_LIMIT = 5;

export type SeatStanding = { plan: string; subscriptionStatus: string };

export const INDIVIDUAL_PLAN_INVITE =
  "The Individual plan is for one person. Upgrade to the Team plan in Settings → Plan & Billing to invite your colleagues.";
export const TRIAL_SEATS_FULL = `The Team trial allows up to ${TRIAL_SEAT_LIMIT} people (members and open invitations). Start your subscription in Settings → Plan & Billing to invite more.`;

/** Changing to the Individual plan while others are members: refused, nothing changes (they would lose their seats). */
export function individualPlanTooSmall(activeMembers: number): string {
  return `The Individual plan is for one person and your practice has ${activeMembers} members. Remove the other members in Settings → Team first, then change the plan.`;
}

/** Refuses a plan that cannot hold the practice's current members (409: the answer is to remove people first). */
export function assertPlanHolds(plan: string, activeMembers: number): void {
  if (plan !== "team" && activeMembers > 1) throw new AppError("conflict", individualPlanTooSmall(activeMembers));
}

/** The most people the plan allows, or null for no limit. */
export function seatLimit(account: SeatStanding): number | null {
  if (account.plan !== "team") return 1;
  return account.subscriptionStatus === "trialing" ? TRIAL_SEAT_LIMIT : null;
}

/** Refuses one more invitation when the plan has no seat for it (402: the answer is to pay). */
export function assertSeatFor(account: SeatStanding, seatsTaken: number): void {
  if (account.plan !== "team") throw new AppError("payment_required", INDIVIDUAL_PLAN_INVITE);
  const limit = seatLimit(account);
  if (limit !== null && seatsTaken >= limit) throw new AppError("payment_required", TRIAL_SEATS_FULL);
}

/**
 * The Stripe subscription item's quantity (issue 26 §3): on the Team plan one seat per member, open
 * invitations not counted (they cost nothing until someone joins); never below one, as Stripe bills
 * at least the owner. The Individual plan is one seat.
 */
export function seatQuantity(plan: string, activeMembers: number): number {
  return plan === "team" ? Math.max(1, activeMembers) : 1;
}
