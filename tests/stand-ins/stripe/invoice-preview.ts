import { missing, ok, type StripeObject, type StripeStandIn, stripeError } from "./server.js";

/**
 * Seats and proration as Stripe documents them (subscription items' `quantity`; "Prorations":
 * proration_behavior defaults to create_prorations). Changing a running subscription's quantity
 * adds two pending invoice items for the rest of the period: a credit for the unused time of the
 * old quantity and a charge for the remaining time of the new one, each rounded to the cent
 * (Stripe's "Unused time on 1 × …" / "Remaining time on 2 × …" lines). A trial prorates nothing,
 * since nothing was paid. The next invoice then carries the pending items plus the next period at
 * the new quantity, which is what `POST /v1/invoices/create_preview` answers.
 */
type Item = { id: string; price: StripeObject; quantity?: number; current_period_start: number; current_period_end: number };
const firstItem = (subscription: StripeObject) => (subscription.items as { data: Item[] }).data[0]!;
export const quantityOf = (subscription: StripeObject) => Number(firstItem(subscription).quantity ?? 1);

/** Adds the proration items of a quantity or price change made `at` (Unix seconds); none during a trial. */
export function prorate(
  standIn: StripeStandIn,
  subscription: StripeObject,
  change: { from: { price: StripeObject; quantity: number }; to: { price: StripeObject; quantity: number }; at: number },
): void {
  if (subscription.status !== "active" && subscription.status !== "past_due") return;
  const item = firstItem(subscription);
  const length = item.current_period_end - item.current_period_start;
  const left = Math.max(0, item.current_period_end - change.at);
  if (length <= 0 || left === 0) return;
  const share = (price: StripeObject, quantity: number) => Math.round((Number(price.unit_amount) * quantity * left) / length);
  const lines = [
    { amount: -share(change.from.price, change.from.quantity), description: `Unused time on ${change.from.quantity} × seat`, ...change.from },
    { amount: share(change.to.price, change.to.quantity), description: `Remaining time on ${change.to.quantity} × seat`, ...change.to },
  ];
  for (const line of lines) {
    standIn.put({
      id: standIn.newId("ii"),
      object: "invoiceitem",
      created: change.at,
      customer: subscription.customer,
      subscription: subscription.id,
      amount: line.amount,
      currency: "usd",
      description: line.description,
      quantity: line.quantity,
      proration: true,
      period: { start: change.at, end: item.current_period_end },
      invoice: null,
    });
  }
}

/** Invoice items not yet on an invoice for this subscription (the prorations). */
export function pendingItems(standIn: StripeStandIn, subscriptionId: string): StripeObject[] {
  return standIn.list("invoiceitem").filter((ii) => ii.subscription === subscriptionId && ii.invoice === null);
}

/** The subscription's next invoice: pending prorations, then the next period at the current quantity and price. */
export function upcomingInvoice(standIn: StripeStandIn, subscription: StripeObject): StripeObject {
  const item = firstItem(subscription);
  const quantity = quantityOf(subscription);
  const next = subscription.status === "trialing" ? Number(subscription.trial_end) : item.current_period_end;
  const pending = pendingItems(standIn, subscription.id);
  const periodLine = {
    id: standIn.newId("il"),
    object: "line_item",
    amount: Number(item.price.unit_amount) * quantity,
    currency: "usd",
    description: `${quantity} × seat`,
    quantity,
    period: { start: next, end: next + (item.current_period_end - item.current_period_start) },
    parent: { type: "subscription_item_details", subscription_item_details: { subscription_item: item.id, proration: false } },
  };
  const prorationLines = pending.map((ii) => ({
    id: standIn.newId("il"),
    object: "line_item",
    amount: ii.amount,
    currency: "usd",
    description: ii.description,
    quantity: ii.quantity,
    period: ii.period,
    parent: { type: "invoice_item_details", invoice_item_details: { invoice_item: ii.id, proration: true } },
  }));
  const lines = [...prorationLines, periodLine];
  const total = lines.reduce((sum, line) => sum + Number(line.amount), 0);
  return {
    id: `upcoming_${subscription.id}`,
    object: "invoice",
    created: standIn.now(),
    customer: subscription.customer,
    currency: "usd",
    status: "draft",
    subtotal: total,
    total,
    amount_due: Math.max(0, total),
    next_payment_attempt: next,
    period_start: item.current_period_start,
    period_end: next,
    parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
    lines: { object: "list", data: lines, has_more: false },
    livemode: false,
  };
}

/** POST /v1/invoices/create_preview {customer?, subscription}: Stripe's preview of the next invoice. */
export function registerInvoicePreview(standIn: StripeStandIn): void {
  standIn.on("POST", "/v1/invoices/create_preview", (request, s) => {
    const body = request.body as { customer?: string; subscription?: string };
    const subscription = body.subscription ? s.get(body.subscription) : undefined;
    if (subscription?.object !== "subscription") return missing(body.subscription ?? "subscription");
    if (body.customer && body.customer !== subscription.customer) return missing(body.customer);
    if (subscription.status === "canceled" || subscription.cancel_at_period_end === true)
      return stripeError(404, "invalid_request_error", `No upcoming invoices for customer: ${String(subscription.customer)}`, {
        code: "invoice_upcoming_none",
      });
    return ok(upcomingInvoice(s, subscription));
  });
}
