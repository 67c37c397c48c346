import { avatarInitials } from "@core/avatar";
import { formatMoney } from "@core/money";

/** Like formatMoney, but whole amounts drop the cents: 18000 → "$180", 1750 → "$17.50". For prices, not ledgers. */
export function formatPrice(cents: number, currency = "usd"): string {
  const text = formatMoney(cents, currency);
  return cents % 100 === 0 ? text.replace(/[.,]00(?=\D*$)/, "") : text;
}

/** "lawyer" → "Lawyer". */
export function capitalize(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/**
 * Avatar initials, at most 2 letters: ("Ada", "Lovelace") → "AL",
 * ("Acme Law Group") → "AG", ("", null) → "".
 */
export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  const name = [firstName, lastName].filter(Boolean).join(" ").trim();
  return name ? avatarInitials(name) : "";
}
