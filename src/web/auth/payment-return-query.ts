/**
 * After Stripe sent the browser back to /auth (a card that needed a redirect, such as 3-D Secure):
 * what the query Stripe adds says happened. Kept apart from confirm-payment.ts so /auth's entry
 * chunk can check it without loading Stripe.js. The server still decides (complete-registration).
 */
export type PaymentReturn = { status: "succeeded" | "processing" | "failed" };

export function readPaymentReturn(search: string): PaymentReturn | null {
  const params = new URLSearchParams(search);
  if (!params.has("payment_intent") && !params.has("setup_intent")) return null;
  const status = params.get("redirect_status");
  return { status: status === "succeeded" ? "succeeded" : status === "processing" ? "processing" : "failed" };
}
