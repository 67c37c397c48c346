import { emitEvent } from "./events.js";
import { cardOutcome, declined, paymentMethodFrom } from "./payment-intents.js";
import { missing, ok, type StandInAnswer, type StripeObject, type StripeStandIn, stripeError } from "./server.js";

export function newSetupIntent(standIn: StripeStandIn, fields: { customer: string; subscription: string }): StripeObject {
  const id = standIn.newId("seti");
  return standIn.put({
    id,
    object: "setup_intent",
    created: standIn.now(),
    customer: fields.customer,
    status: "requires_payment_method",
    client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
    payment_method: null,
    last_setup_error: null,
    next_action: null,
    usage: "off_session",
    metadata: { subscription: fields.subscription },
    livemode: false,
  });
}

/**
 * A succeeded setup intent attaches its card to the intent's customer (Stripe documents that a
 * SetupIntent with a customer attaches the payment method on success) and the subscription's pending
 * setup intent goes. Whether the card also becomes the subscription's default is not documented, so it
 * follows `setupSetsDefaultPaymentMethod`: tests run both behaviours.
 */
function succeed(standIn: StripeStandIn, intent: StripeObject): void {
  intent.status = "succeeded";
  intent.next_action = null;
  const paymentMethod = standIn.get(String(intent.payment_method));
  if (paymentMethod && intent.customer) paymentMethod.customer = intent.customer;
  const subscription = standIn.get((intent.metadata as { subscription?: string }).subscription ?? "");
  if (subscription) {
    const previous = {
      default_payment_method: subscription.default_payment_method,
      pending_setup_intent: subscription.pending_setup_intent,
    };
    if (standIn.setupSetsDefaultPaymentMethod) subscription.default_payment_method = intent.payment_method;
    subscription.pending_setup_intent = null;
    emitEvent(standIn, "customer.subscription.updated", subscription, previous);
  }
  emitEvent(standIn, "setup_intent.succeeded", intent);
}

export function confirmSetupIntent(standIn: StripeStandIn, intent: StripeObject, body: Record<string, unknown>): StandInAnswer {
  if (intent.status === "succeeded")
    return stripeError(400, "invalid_request_error", "This SetupIntent has already succeeded.", {
      code: "setup_intent_unexpected_state",
    });
  const paymentMethod = paymentMethodFrom(standIn, body);
  if (!paymentMethod) return stripeError(400, "invalid_request_error", "You must provide a payment method.");
  intent.payment_method = paymentMethod.id;
  switch (cardOutcome(paymentMethod)) {
    case "succeeds":
      succeed(standIn, intent);
      return ok(intent);
    case "authentication":
      intent.status = "requires_action";
      intent.next_action = { type: "use_stripe_sdk" };
      return ok(intent);
    default:
      intent.status = "requires_payment_method";
      intent.last_setup_error = { type: "card_error", code: "card_declined", message: "Your card was declined." };
      return declined("setup_intent", intent);
  }
}

/** Setup intents (a trial's card): retrieve, confirm with test cards, `authenticate` (stand-in only). */
export function registerSetupIntents(standIn: StripeStandIn): void {
  standIn.on("GET", "/v1/setup_intents/:id", (request, s) => {
    const intent = s.get(request.params.id!);
    return intent?.object === "setup_intent" ? ok(intent) : missing(request.params.id!);
  });
  standIn.on("POST", "/v1/setup_intents/:id/confirm", (request, s) => {
    const intent = s.get(request.params.id!);
    if (intent?.object !== "setup_intent") return missing(request.params.id!);
    return confirmSetupIntent(s, intent, request.body);
  });
  standIn.on("POST", "/v1/setup_intents/:id/authenticate", (request, s) => {
    const intent = s.get(request.params.id!);
    if (intent?.object !== "setup_intent") return missing(request.params.id!);
    if (intent.status !== "requires_action") return stripeError(400, "invalid_request_error", "Nothing to authenticate.");
    succeed(s, intent);
    return ok(intent);
  });
}
