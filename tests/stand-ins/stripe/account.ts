import { ok, type StripeStandIn } from "./server.js";

/**
 * GET /v1/account: the Stripe account behind the secret key (the payment test page's connection
 * check). Tests change `standIn.account` to see other values on the page.
 */
export const STAND_IN_ACCOUNT = {
  id: "acct_standin0001",
  object: "account",
  type: "standard",
  country: "US",
  default_currency: "usd",
  email: "billing@minutely.test",
  business_profile: { name: "Minutely Test Practice", url: null, support_email: null },
  settings: { dashboard: { display_name: "Minutely Test", timezone: "Etc/UTC" } },
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  created: 1_700_000_000,
};

export function registerAccount(standIn: StripeStandIn): void {
  standIn.on("GET", "/v1/account", (_request, s) => ok(s.get("acct_standin0001") ?? STAND_IN_ACCOUNT));
}
