import type { BillingType } from "@core/pricing/rules";
import type { ClientResponse } from "@core/contracts/clients";
import { formatRate } from "@core/avatar";
import { parseDecimalToCents } from "@core/money";

/** "$150.00/hour": the rate in force for a client, always in its own unit (docs/decisions.md D6). */
export function clientRateLabel(
  client: Pick<ClientResponse, "effectiveBillingRate" | "effectiveBillingType">,
  currency = "usd",
): string {
  return rateLabel(client.effectiveBillingRate, client.effectiveBillingType, currency);
}

/** "$4.00/minute" from the API's decimal rate (a client's, or the account's default) and its unit. */
export function rateLabel(rate: string | undefined, billingType: BillingType, currency = "usd"): string {
  // A role that does not see rates gets none from the server (issue 26 §2): nothing to show.
  if (rate === undefined) return "";
  return formatRate(parseDecimalToCents(rate) ?? 0, billingType, currency);
}
