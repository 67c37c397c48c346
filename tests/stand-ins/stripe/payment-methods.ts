import { missing, ok, type StandInAnswer, type StripeObject, type StripeStandIn, stripeError } from "./server.js";

/** Payment methods: retrieve (its `customer` is set once a setup intent with a customer succeeded), detach. */
export function registerPaymentMethods(standIn: StripeStandIn): void {
  standIn.on("GET", "/v1/payment_methods/:id", (request, s) => {
    const method = s.get(request.params.id!);
    return method?.object === "payment_method" ? ok(publicView(method)) : missing(request.params.id!);
  });
  standIn.on("POST", "/v1/payment_methods/:id/detach", (request, s) => {
    const method = s.get(request.params.id!);
    if (method?.object !== "payment_method") return missing(request.params.id!);
    if (!method.customer)
      return stripeError(
        400,
        "invalid_request_error",
        "The payment method you provided is not attached to a customer so detachment is impossible.",
      );
    method.customer = null;
    return ok(publicView(method));
  });
}

/** The card as Stripe shows it: never the number the stand-in keeps to decide its outcome. */
function publicView(method: StripeObject): StripeObject {
  const { number: _number, ...rest } = method;
  return { customer: null, ...rest } as StripeObject;
}

/**
 * Stripe's refusal when a default payment method is not attached to the customer (customers.update
 * `invoice_settings[default_payment_method]`, subscriptions.update `default_payment_method`).
 */
export function checkAttached(
  standIn: StripeStandIn,
  customerId: string,
  paymentMethodId: string,
  param: string,
): StandInAnswer | null {
  const method = standIn.get(paymentMethodId);
  if (method?.object !== "payment_method")
    return stripeError(400, "invalid_request_error", `No such PaymentMethod: '${paymentMethodId}'`, {
      code: "resource_missing",
      param,
    });
  if (method.customer !== customerId)
    return stripeError(
      400,
      "invalid_request_error",
      `The customer does not have a payment method with the ID ${paymentMethodId}. The payment method must be attached to the customer.`,
      { param },
    );
  return null;
}
