import type { ClientResponse } from "@core/contracts/clients";
import { formatRate } from "@core/avatar";
import { parseDecimalToCents } from "@core/money";

/** "$150.00/hour": the rate in force for a client, always in its own unit (DECISIONS.md 6). */
export function clientRateLabel(
  client: Pick<ClientResponse, "effectiveBillingRate" | "effectiveBillingType">,
  currency = "usd",
): string {
  return formatRate(parseDecimalToCents(client.effectiveBillingRate) ?? 0, client.effectiveBillingType, currency);
}
