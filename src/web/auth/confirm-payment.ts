/**
 * Card payment confirmation at sign-up (spec 000 §2.3, §4, docs/decisions.md D4).
 *
 * NOT WIRED YET: a later issue loads Stripe.js from js.stripe.com with `publishableKey`, mounts
 * the Payment Element into `#payment-element` (PAYMENT_ELEMENT_ID) with `clientSecret`, and
 * confirms with `redirect: "if_required"` and `return_url` = `${origin}/auth`. Until then the
 * payment step reports that card payments are unavailable; the server's trial mode (no card)
 * is the path that works without a provider.
 */
export const PAYMENT_ELEMENT_ID = "payment-element";

export type ConfirmPaymentOptions = {
  clientSecret: string;
  publishableKey: string | null;
  returnUrl: string;
};

/** `error.message` is the provider's own message, shown as "Payment Failed". */
export type ConfirmPaymentResult = { error?: { message: string } };

export async function confirmPayment(_options: ConfirmPaymentOptions): Promise<ConfirmPaymentResult> {
  return { error: { message: "Card payments are not available yet. Please try again later." } };
}
