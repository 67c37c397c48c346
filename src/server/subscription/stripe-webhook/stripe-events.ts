import type Stripe from "stripe";

/** The Stripe events the app acts on (docs/subscription.md); others are acknowledged and ignored. */
export const HANDLED_STRIPE_EVENTS = [
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.payment_action_required",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
] as const;
export type HandledStripeEvent = (typeof HANDLED_STRIPE_EVENTS)[number];

export const isHandledStripeEvent = (type: string): type is HandledStripeEvent =>
  (HANDLED_STRIPE_EVENTS as readonly string[]).includes(type);

/** The job's data: enough to find the account; the state itself is re-read from Stripe. */
export type StripeEventJob = {
  eventId: string;
  type: HandledStripeEvent;
  /** The event's object: an invoice (in_…) or a subscription (sub_…). */
  objectId: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** The event's creation time (Unix seconds): events older than what was applied are skipped when Stripe cannot be re-read. */
  created: number;
};

const idOf = (value: unknown): string | null =>
  typeof value === "string" ? value : value && typeof value === "object" && "id" in value ? String(value.id) : null;

/** The subscription an invoice belongs to (API 2025-03-31+: `parent.subscription_details`; older: `subscription`). */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

/** The job for a verified event, or null when the app does not act on its type. */
export function stripeEventJob(event: Stripe.Event): StripeEventJob | null {
  if (!isHandledStripeEvent(event.type)) return null;
  const object = event.data.object as unknown as Record<string, unknown>;
  const objectId = idOf(object) ?? "";
  const isSubscription = event.type.startsWith("customer.subscription.");
  return {
    eventId: event.id,
    type: event.type,
    objectId,
    customerId: idOf(object.customer),
    subscriptionId: isSubscription ? objectId : invoiceSubscriptionId(object),
    created: event.created,
  };
}
