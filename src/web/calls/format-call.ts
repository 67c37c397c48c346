import { formatMoney, parseDecimalToCents } from "@core/money";

/** A decimal string from the API ("12.50") in the account's currency ("$12.50"). */
export function formatAmount(amount: string | null | undefined, currency = "usd"): string {
  return formatMoney(parseDecimalToCents(amount ?? "0") ?? 0, currency);
}
