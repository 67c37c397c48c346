import { advanceClock, emitEvent } from "./events.js";
import { chargeInvoice, itemOf, newInvoice } from "./invoices.js";
import { prorate, quantityOf } from "./invoice-preview.js";
import { checkAttached } from "./payment-methods.js";
import { periodSeconds } from "./prices.js";
import { missing, ok, type StandInRequest, type StripeObject, type StripeStandIn, stripeError } from "./server.js";
import { newSetupIntent } from "./setup-intents.js";

const expandOf = (request: StandInRequest) => (request.body.expand as string[] | undefined) ?? [];

/** Ends a trial now: a first real invoice, charged to the saved card (active) or failed (past_due). */
export function endTrial(standIn: StripeStandIn, subscriptionId: string): void {
  const subscription = standIn.get(subscriptionId);
  if (subscription?.status !== "trialing") return;
  subscription.trial_end = Math.min(Number(subscription.trial_end), standIn.now());
  const invoice = newInvoice(standIn, subscription);
  subscription.latest_invoice = invoice.id;
  chargeInvoice(standIn, invoice);
}

/** The stand-in's clock forward by `seconds`, ending trials and warning three days before (events.ts). */
export function advanceStripeClock(standIn: StripeStandIn, seconds: number): void {
  advanceClock(standIn, seconds, (id) => endTrial(standIn, id));
}

/**
 * Subscriptions: create with `payment_behavior: default_incomplete` (incomplete + an open invoice
 * whose payment intent's secret is `latest_invoice.confirmation_secret`; with `trial_period_days`
 * trialing + `pending_setup_intent`), retrieve with expand, update, cancel.
 */
export function registerSubscriptions(standIn: StripeStandIn): void {
  standIn.on("POST", "/v1/subscriptions", (request, s) => {
    const body = request.body as {
      customer?: string;
      items?: { price?: string; quantity?: string }[];
      payment_behavior?: string;
      trial_period_days?: string;
      metadata?: Record<string, string>;
    };
    const customer = body.customer ? s.get(body.customer) : undefined;
    if (customer?.object !== "customer") return missing(body.customer ?? "customer");
    const price = s.get(body.items?.[0]?.price ?? "");
    if (price?.object !== "price")
      return stripeError(400, "invalid_request_error", `No such price: '${body.items?.[0]?.price ?? ""}'`, {
        code: "resource_missing",
        param: "items[0][price]",
      });
    const trialDays = Number(body.trial_period_days ?? 0);
    const now = s.now();
    const subscription = s.put({
      id: s.newId("sub"),
      object: "subscription",
      created: now,
      customer: customer.id,
      status: trialDays > 0 ? "trialing" : "incomplete",
      items: {
        object: "list",
        data: [
          {
            id: s.newId("si"),
            object: "subscription_item",
            price,
            quantity: Number(body.items?.[0]?.quantity ?? 1),
            current_period_start: now,
            current_period_end: trialDays > 0 ? now + trialDays * 86_400 : now + periodSeconds(price),
          },
        ],
      },
      trial_start: trialDays > 0 ? now : null,
      trial_end: trialDays > 0 ? now + trialDays * 86_400 : null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      default_payment_method: null,
      latest_invoice: null,
      pending_setup_intent: null,
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: body.metadata ?? {},
      livemode: false,
    } as StripeObject);
    if (trialDays > 0) {
      subscription.latest_invoice = newInvoice(s, subscription, 0).id;
      subscription.pending_setup_intent = newSetupIntent(s, { customer: customer.id, subscription: subscription.id }).id;
    } else {
      if (body.payment_behavior !== "default_incomplete") {
        return stripeError(400, "invalid_request_error", "The stand-in supports payment_behavior=default_incomplete only.");
      }
      subscription.latest_invoice = newInvoice(s, subscription).id;
    }
    emitEvent(s, "customer.subscription.created", subscription);
    return ok(s.expand(subscription, expandOf(request)));
  });

  standIn.on("GET", "/v1/subscriptions/:id", (request, s) => {
    const subscription = s.get(request.params.id!);
    if (subscription?.object !== "subscription") return missing(request.params.id!);
    return ok(s.expand(subscription, expandOf(request)));
  });

  standIn.on("POST", "/v1/subscriptions/:id", (request, s) => {
    const subscription = s.get(request.params.id!);
    if (subscription?.object !== "subscription") return missing(request.params.id!);
    if (subscription.status === "canceled")
      return stripeError(
        400,
        "invalid_request_error",
        "A canceled subscription can only update its cancellation_details and metadata.",
      );
    const body = request.body as {
      cancel_at_period_end?: string;
      items?: { price?: string; quantity?: string }[];
      proration_behavior?: string;
      trial_end?: string;
      metadata?: Record<string, string>;
      default_payment_method?: string;
    };
    const previous: Record<string, unknown> = {};
    if (body.default_payment_method) {
      const refused = checkAttached(s, String(subscription.customer), body.default_payment_method, "default_payment_method");
      if (refused) return refused;
      previous.default_payment_method = subscription.default_payment_method;
      subscription.default_payment_method = body.default_payment_method;
    }
    if (body.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
    }
    const newPrice = body.items?.[0]?.price ? s.get(body.items[0].price) : undefined;
    if (body.items?.[0]?.price && newPrice?.object !== "price") return missing(body.items[0].price);
    const newQuantity = body.items?.[0]?.quantity !== undefined ? Number(body.items[0].quantity) : undefined;
    if (newQuantity !== undefined && (!Number.isInteger(newQuantity) || newQuantity < 0))
      return stripeError(400, "invalid_request_error", "Invalid integer: quantity", { param: "items[0][quantity]" });
    if (newPrice || newQuantity !== undefined) {
      previous.items = structuredClone(subscription.items);
      const item = itemOf(subscription);
      const from = { price: item.price, quantity: quantityOf(subscription) };
      const to = { price: newPrice ?? item.price, quantity: newQuantity ?? from.quantity };
      item.price = to.price;
      (item as { quantity?: number }).quantity = to.quantity;
      if (body.proration_behavior !== "none") prorate(s, subscription, { from, to, at: s.now() });
    }
    if (body.metadata) subscription.metadata = { ...(subscription.metadata as object), ...body.metadata };
    emitEvent(s, "customer.subscription.updated", subscription, previous);
    if (body.trial_end === "now") endTrial(s, subscription.id);
    return ok(s.expand(subscription, expandOf(request)));
  });

  standIn.on("DELETE", "/v1/subscriptions/:id", (request, s) => {
    const subscription = s.get(request.params.id!);
    if (subscription?.object !== "subscription") return missing(request.params.id!);
    if (subscription.status === "canceled") return ok(subscription);
    subscription.status = "canceled";
    subscription.canceled_at = s.now();
    subscription.ended_at = s.now();
    emitEvent(s, "customer.subscription.deleted", subscription);
    return ok(subscription);
  });
}
