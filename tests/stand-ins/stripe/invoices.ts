import { emitEvent } from "./events.js";
import { cardOutcome, newPaymentIntent } from "./payment-intents.js";
import { pendingItems, quantityOf } from "./invoice-preview.js";
import { periodSeconds } from "./prices.js";
import { missing, ok, type StripeObject, type StripeStandIn, stripeError } from "./server.js";

type Item = { price: StripeObject; quantity?: number; current_period_start: number; current_period_end: number };
export const itemOf = (subscription: StripeObject) => (subscription.items as { data: Item[] }).data[0]!;

/**
 * An open invoice for the subscription's next period (price × seat quantity, plus pending prorations,
 * which it takes), with the payment intent that pays it.
 */
export function newInvoice(standIn: StripeStandIn, subscription: StripeObject, fixedAmount?: number): StripeObject {
  const id = standIn.newId("in");
  const pending = fixedAmount === undefined ? pendingItems(standIn, subscription.id) : [];
  for (const ii of pending) ii.invoice = id;
  const amount =
    fixedAmount ??
    Math.max(
      0,
      Number(itemOf(subscription).price.unit_amount) * quantityOf(subscription) +
        pending.reduce((sum, ii) => sum + Number(ii.amount), 0),
    );
  const intent = newPaymentIntent(standIn, { amount, currency: "usd", customer: String(subscription.customer), invoice: id });
  return standIn.put({
    id,
    object: "invoice",
    created: standIn.now(),
    customer: subscription.customer,
    status: amount === 0 ? "paid" : "open",
    amount_due: amount,
    amount_paid: amount === 0 ? 0 : 0,
    currency: "usd",
    parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
    confirmation_secret: amount === 0 ? null : { type: "payment_intent", client_secret: intent.client_secret },
    payments: { object: "list", data: [{ payment: { type: "payment_intent", payment_intent: intent.id } }] },
    livemode: false,
  });
}

/** The invoice is paid: its subscription becomes active for a new period with the card as default. */
export function payInvoice(standIn: StripeStandIn, invoiceId: string, paymentMethodId: string): void {
  const invoice = standIn.get(invoiceId);
  if (!invoice) return;
  invoice.status = "paid";
  invoice.amount_paid = invoice.amount_due;
  const subscriptionId = (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription;
  const subscription = standIn.get(subscriptionId);
  emitEvent(standIn, "invoice.paid", invoice);
  if (!subscription || subscription.status === "canceled") return;
  const previous = { status: subscription.status };
  const item = itemOf(subscription);
  item.current_period_start = standIn.now();
  item.current_period_end = standIn.now() + periodSeconds(item.price);
  subscription.status = "active";
  subscription.default_payment_method = paymentMethodId;
  emitEvent(standIn, "customer.subscription.updated", subscription, previous);
}

/** A failed charge: the invoice stays open; a subscription already running goes past_due. */
export function failInvoicePayment(standIn: StripeStandIn, invoiceId: string): void {
  const invoice = standIn.get(invoiceId);
  if (!invoice) return;
  emitEvent(standIn, "invoice.payment_failed", invoice);
  const subscriptionId = (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription;
  const subscription = standIn.get(subscriptionId);
  if (subscription && (subscription.status === "active" || subscription.status === "trialing")) {
    const previous = { status: subscription.status };
    subscription.status = "past_due";
    emitEvent(standIn, "customer.subscription.updated", subscription, previous);
  }
}

/** Charges the invoice with the subscription's saved card (trial end, renewals, "Pay now"). */
export function chargeInvoice(standIn: StripeStandIn, invoice: StripeObject): boolean {
  const subscriptionId = (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription;
  const subscription = standIn.get(subscriptionId);
  const card = subscription?.default_payment_method ? standIn.get(String(subscription.default_payment_method)) : undefined;
  if (card && cardOutcome(card) === "succeeds") {
    payInvoice(standIn, invoice.id, card.id);
    return true;
  }
  failInvoicePayment(standIn, invoice.id);
  return false;
}

/** Invoices: retrieve (with expand) and pay. */
export function registerInvoices(standIn: StripeStandIn): void {
  standIn.on("GET", "/v1/invoices/:id", (request, s) => {
    const invoice = s.get(request.params.id!);
    if (invoice?.object !== "invoice") return missing(request.params.id!);
    const expand = (request.body.expand as string[] | undefined) ?? [];
    return ok(s.expand(invoice, expand));
  });
  standIn.on("POST", "/v1/invoices/:id/pay", (request, s) => {
    const invoice = s.get(request.params.id!);
    if (invoice?.object !== "invoice") return missing(request.params.id!);
    if (invoice.status === "paid")
      return stripeError(400, "invalid_request_error", "Invoice is already paid", { code: "invoice_already_paid" });
    if (!chargeInvoice(s, invoice)) return stripeError(402, "card_error", "Your card was declined.", { code: "card_declined" });
    return ok(invoice);
  });
}
