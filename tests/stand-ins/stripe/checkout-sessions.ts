import { emitEvent } from "./events.js";
import { newInvoice, payInvoice } from "./invoices.js";
import { paymentMethodFrom } from "./payment-intents.js";
import { periodSeconds } from "./prices.js";
import { missing, ok, type StandInAnswer, type StripeObject, type StripeStandIn, stripeError } from "./server.js";

/** The path of a Checkout session's hosted page on the stand-in (Stripe's checkout.stripe.com/c/pay/…). */
export const CHECKOUT_PAGE_PATH = "/c/pay";

type LineItem = { price?: string; quantity?: string };
type SessionBody = {
  mode?: string;
  customer?: string;
  client_reference_id?: string;
  line_items?: LineItem[];
  success_url?: string;
  cancel_url?: string;
  metadata?: Record<string, string>;
  subscription_data?: { metadata?: Record<string, string> };
};

const invalid = (message: string, param: string) => stripeError(400, "invalid_request_error", message, { param });

/**
 * A subscription as Stripe Checkout makes it once the card is paid: created incomplete with its
 * first invoice (customer.subscription.created), then the invoice paid with the card
 * (invoice.paid, customer.subscription.updated → active), the same objects and events the
 * subscriptions resource produces for a paid sign-up.
 */
function subscribeFromSession(s: StripeStandIn, session: StripeObject, card: string): StripeObject {
  const line = (session.line_items as { data: { price: { id: string }; quantity?: number }[] }).data[0]!;
  const price = s.get(String(line.price.id))!;
  const now = s.now();
  const subscription = s.put({
    id: s.newId("sub"),
    object: "subscription",
    created: now,
    customer: session.customer,
    status: "incomplete",
    items: {
      object: "list",
      data: [
        {
          id: s.newId("si"),
          object: "subscription_item",
          price,
          quantity: Number(line.quantity ?? 1),
          current_period_start: now,
          current_period_end: now + periodSeconds(price),
        },
      ],
    },
    trial_start: null,
    trial_end: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    default_payment_method: null,
    latest_invoice: null,
    pending_setup_intent: null,
    metadata: (session.subscription_metadata as Record<string, string>) ?? {},
    livemode: false,
  } as StripeObject);
  const invoice = newInvoice(s, subscription);
  subscription.latest_invoice = invoice.id;
  emitEvent(s, "customer.subscription.created", subscription);
  const paymentMethod = paymentMethodFrom(s, { payment_method: card })!;
  payInvoice(s, invoice.id, paymentMethod.id);
  return subscription;
}

/**
 * The payer finishes the Checkout page (test card 4242 by default): the subscription is made and
 * paid, the session completes with it, and checkout.session.completed follows, as Stripe orders
 * them. A session already complete is returned as it is. Returns the completed session.
 */
export function completeCheckout(standIn: StripeStandIn, sessionId: string, card = "pm_card_visa"): StripeObject {
  const session = standIn.get(sessionId);
  if (session?.object !== "checkout.session") throw new Error(`No Checkout session ${sessionId}`);
  if (session.status === "complete") return session;
  if (session.status !== "open") throw new Error(`Checkout session ${sessionId} is ${String(session.status)}`);
  const subscription = subscribeFromSession(standIn, session, card);
  session.status = "complete";
  session.payment_status = "paid";
  session.subscription = subscription.id;
  session.invoice = subscription.latest_invoice;
  emitEvent(standIn, "checkout.session.completed", session);
  return session;
}

/** The hosted page: opening it pays with 4242 and sends the browser to success_url; `?cancel=1` to cancel_url. */
function hostedPage(s: StripeStandIn, sessionId: string, cancel: boolean): StandInAnswer {
  const session = s.get(sessionId);
  if (session?.object !== "checkout.session")
    return { status: 404, body: "<!doctype html><title>Not found</title><h1>No such Checkout session</h1>" };
  if (cancel) return { status: 302, body: "", headers: { location: String(session.cancel_url) } };
  completeCheckout(s, sessionId);
  return { status: 302, body: "", headers: { location: String(session.success_url) } };
}

/**
 * POST /v1/checkout/sessions (mode "subscription"): validated as Stripe does for what the app
 * sends (an existing customer, one recurring price, success and cancel URLs), kept with its
 * line items so a test can read the price, and answered with a `url` on the stand-in's origin.
 * GET /v1/checkout/sessions/:id reads it back. The page at `url` is public, like Stripe's.
 */
export function registerCheckoutSessions(standIn: StripeStandIn): void {
  standIn.on("POST", "/v1/checkout/sessions", (request, s) => {
    const body = request.body as SessionBody;
    if (body.mode !== "subscription") return invalid("The stand-in supports mode=subscription only.", "mode");
    if (body.customer && s.get(body.customer)?.object !== "customer") return missing(body.customer);
    const item = body.line_items?.[0];
    const price = item?.price ? s.get(item.price) : undefined;
    if (price?.object !== "price")
      return stripeError(400, "invalid_request_error", `No such price: '${item?.price ?? ""}'`, {
        code: "resource_missing",
        param: "line_items[0][price]",
      });
    if (!price.recurring) return invalid("Checkout in subscription mode needs a recurring price.", "line_items[0][price]");
    if (!body.success_url) return invalid("Missing required param: success_url.", "success_url");
    const id = s.newId("cs_test");
    return ok(
      s.put({
        id,
        object: "checkout.session",
        created: s.now(),
        mode: "subscription",
        status: "open",
        payment_status: "unpaid",
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        line_items: { object: "list", data: [{ price, quantity: Number(item?.quantity ?? 1) }] },
        success_url: body.success_url,
        cancel_url: body.cancel_url ?? null,
        metadata: body.metadata ?? {},
        subscription_metadata: body.subscription_data?.metadata ?? {},
        subscription: null,
        invoice: null,
        url: `${s.url}${CHECKOUT_PAGE_PATH}/${id}`,
        livemode: false,
      }),
    );
  });

  standIn.on("GET", "/v1/checkout/sessions/:id", (request, s) => {
    const session = s.get(request.params.id!);
    return session?.object === "checkout.session" ? ok(session) : missing(request.params.id!);
  });

  standIn.on("GET", `${CHECKOUT_PAGE_PATH}/:id`, (request, s) => hostedPage(s, request.params.id!, request.body.cancel === "1"), {
    public: true,
  });
}
