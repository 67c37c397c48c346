import { AppError } from "../../../core/errors.js";
import { stripeSdk } from "./stripe-client.js";

/**
 * A failed Stripe call as the API answers it, with Stripe's own sentence (docs/decisions.md D12:
 * it says what to do: "Your card was declined.", "No such price: …"). A card problem is the
 * payer's to fix (402); a request Stripe refuses as invalid is a 400; Stripe unreachable, busy or
 * refusing our key is a 502/503 naming Stripe, so a person knows the fault is not in what they
 * typed. Anything that is not a Stripe error is our bug and is rethrown, to stay a logged 500.
 * `doing` ("create the payment intent") makes the sentence say what failed.
 */
export function stripeFailure(error: unknown, doing?: string): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof stripeSdk().errors.StripeError)) throw error;
  const said = error.message || "no message";
  switch (error.type) {
    case "StripeCardError":
      return new AppError("payment_required", said);
    case "StripeInvalidRequestError":
    case "StripeIdempotencyError":
      return new AppError("bad_request", doing ? `Stripe refused to ${doing}: ${said}` : `Stripe: ${said}`);
    case "StripeConnectionError":
      return new AppError("bad_gateway", "Stripe could not be reached. Please try again in a moment.");
    case "StripeAuthenticationError":
    case "StripePermissionError":
      return new AppError("bad_gateway", `Stripe refused this server's API key (check STRIPE_SECRET_KEY): ${said}`);
    case "StripeRateLimitError":
      return new AppError("service_unavailable", "Stripe is busy right now. Please try again in a moment.");
    default:
      return new AppError("bad_gateway", doing ? `Stripe could not ${doing}: ${said}` : `Stripe: ${said}`);
  }
}

/** Runs a Stripe call, turning its failures into clear AppErrors. */
export async function callStripe<T>(call: () => Promise<T>, doing?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeFailure(error, doing);
  }
}
