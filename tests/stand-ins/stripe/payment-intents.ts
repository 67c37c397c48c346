import { emitEvent } from "./events.js";
import { payInvoice, failInvoicePayment } from "./invoices.js";
import { missing, ok, type StandInAnswer, type StripeObject, type StripeStandIn, stripeError } from "./server.js";

/** Stripe's test cards the stand-in knows, and what each does when confirmed. */
export type CardOutcome = "succeeds" | "declined" | "authentication";
export const TEST_CARDS: Record<string, CardOutcome> = {
  "4242424242424242": "succeeds",
  "4000000000000002": "declined",
  "4000002500003155": "authentication",
  "4000002760003184": "authentication",
};
/** Stripe's test payment-method tokens (the SDK's way to "type" a card). */
const TEST_TOKENS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_authenticationRequiredOnSetup: "4000002500003155",
  pm_card_authenticationRequired: "4000002760003184",
};
export const DECLINED_MESSAGE = "Your card was declined.";

/** A card_error answer with the intent attached, as Stripe sends it. */
export function declined(intentKey: "payment_intent" | "setup_intent", intent: StripeObject): StandInAnswer {
  return stripeError(402, "card_error", DECLINED_MESSAGE, {
    code: "card_declined",
    decline_code: "generic_decline",
    [intentKey]: intent,
  });
}

/**
 * The payment method a confirm names: an existing pm_ id, a test token, or card details typed in
 * the Payment Element (`payment_method_data[card][number]`, what the Stripe.js stand-in sends).
 */
export function paymentMethodFrom(standIn: StripeStandIn, body: Record<string, unknown>): StripeObject | null {
  const data = body.payment_method_data as { card?: { number?: string; exp_month?: string; exp_year?: string } } | undefined;
  const named = typeof body.payment_method === "string" ? body.payment_method : null;
  const existing = named ? standIn.get(named) : undefined;
  if (existing?.object === "payment_method") return existing;
  const number = (named ? TEST_TOKENS[named] : undefined) ?? data?.card?.number?.replace(/\s+/g, "");
  if (!number) return null;
  return standIn.put({
    id: standIn.newId("pm"),
    object: "payment_method",
    created: standIn.now(),
    type: "card",
    card: {
      brand: "visa",
      last4: number.slice(-4),
      exp_month: Number(data?.card?.exp_month ?? 12),
      exp_year: Number(data?.card?.exp_year ?? 2034),
    },
    number,
  });
}

export const cardOutcome = (paymentMethod: StripeObject): CardOutcome => TEST_CARDS[String(paymentMethod.number)] ?? "declined";

export function newPaymentIntent(
  standIn: StripeStandIn,
  fields: { amount: number; currency: string; customer?: string | null; invoice?: string | null },
): StripeObject {
  const id = standIn.newId("pi");
  return standIn.put({
    id,
    object: "payment_intent",
    created: standIn.now(),
    amount: fields.amount,
    currency: fields.currency,
    customer: fields.customer ?? null,
    status: "requires_payment_method",
    client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
    payment_method: null,
    last_payment_error: null,
    next_action: null,
    metadata: { ...(fields.invoice ? { invoice: fields.invoice } : {}) },
    livemode: false,
  });
}

function succeed(standIn: StripeStandIn, intent: StripeObject): void {
  intent.status = "succeeded";
  intent.next_action = null;
  intent.last_payment_error = null;
  const invoice = (intent.metadata as { invoice?: string }).invoice;
  if (invoice) payInvoice(standIn, invoice, String(intent.payment_method));
  emitEvent(standIn, "payment_intent.succeeded", intent);
}

/** Confirms a payment intent with a card: succeeded, declined (402) or requires_action (3-D Secure). */
export function confirmPaymentIntent(standIn: StripeStandIn, intent: StripeObject, body: Record<string, unknown>): StandInAnswer {
  if (intent.status === "succeeded")
    return stripeError(400, "invalid_request_error", "This PaymentIntent has already succeeded.", {
      code: "payment_intent_unexpected_state",
    });
  const paymentMethod =
    paymentMethodFrom(standIn, body) ?? (intent.payment_method ? standIn.get(String(intent.payment_method)) : undefined);
  if (!paymentMethod)
    return stripeError(400, "invalid_request_error", "You must provide a payment method.", {
      code: "payment_intent_unexpected_state",
    });
  intent.payment_method = paymentMethod.id;
  const invoice = (intent.metadata as { invoice?: string }).invoice;
  switch (cardOutcome(paymentMethod)) {
    case "succeeds":
      succeed(standIn, intent);
      return ok(intent);
    case "authentication":
      intent.status = "requires_action";
      intent.next_action = { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } };
      if (invoice) emitEvent(standIn, "invoice.payment_action_required", standIn.get(invoice)!);
      return ok(intent);
    default:
      intent.status = "requires_payment_method";
      intent.last_payment_error = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: DECLINED_MESSAGE,
      };
      if (invoice) failInvoicePayment(standIn, invoice);
      emitEvent(standIn, "payment_intent.payment_failed", intent);
      return declined("payment_intent", intent);
  }
}

/**
 * Payment intents: create, retrieve, confirm with test cards, and `authenticate` (stand-in only:
 * the customer passed the bank's 3-D Secure challenge, which Stripe.js would show).
 */
export function registerPaymentIntents(standIn: StripeStandIn): void {
  standIn.on("POST", "/v1/payment_intents", (request, s) => {
    const body = request.body as { amount?: string; currency?: string; customer?: string; metadata?: Record<string, string> };
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 50)
      return stripeError(400, "invalid_request_error", "Amount must be at least $0.50 usd", {
        code: "amount_too_small",
        param: "amount",
      });
    const intent = newPaymentIntent(s, { amount, currency: body.currency ?? "usd", customer: body.customer ?? null });
    intent.metadata = body.metadata ?? {};
    return ok(intent);
  });
  standIn.on("GET", "/v1/payment_intents/:id", (request, s) => {
    const intent = s.get(request.params.id!);
    return intent?.object === "payment_intent" ? ok(intent) : missing(request.params.id!);
  });
  standIn.on("POST", "/v1/payment_intents/:id/confirm", (request, s) => {
    const intent = s.get(request.params.id!);
    if (intent?.object !== "payment_intent") return missing(request.params.id!);
    return confirmPaymentIntent(s, intent, request.body);
  });
  standIn.on("POST", "/v1/payment_intents/:id/authenticate", (request, s) => {
    const intent = s.get(request.params.id!);
    if (intent?.object !== "payment_intent") return missing(request.params.id!);
    if (intent.status !== "requires_action") return stripeError(400, "invalid_request_error", "Nothing to authenticate.");
    succeed(s, intent);
    return ok(intent);
  });
}
