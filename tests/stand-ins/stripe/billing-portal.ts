import { missing, ok, stripeError, type StripeStandIn } from "./server.js";

/** The path of a portal session's page on the stand-in (a browser test answers it with page.route). */
export const PORTAL_PAGE_PATH = "/billing-portal/session";

/**
 * POST /v1/billing_portal/sessions: Stripe's customer portal session for a customer, answered with
 * a `url` on the stand-in's own origin. The session is kept, so a test can read its return_url.
 */
export function registerBillingPortal(standIn: StripeStandIn): void {
  standIn.on("POST", "/v1/billing_portal/sessions", (request, s) => {
    const customer = request.body.customer;
    if (typeof customer !== "string" || !customer) {
      return stripeError(400, "invalid_request_error", "Missing required param: customer.", { param: "customer" });
    }
    if (!s.get(customer)) return missing(customer);
    const id = s.newId("bps");
    return ok(
      s.put({
        id,
        object: "billing_portal.session",
        created: s.now(),
        customer,
        livemode: false,
        locale: null,
        return_url: typeof request.body.return_url === "string" ? request.body.return_url : null,
        url: `${s.url}${PORTAL_PAGE_PATH}/${id}`,
      }),
    );
  });
}
