/**
 * Money is integer minor units (cents) everywhere; decimal strings only at the API edge
 * because the API shows rates as strings such as "150.00".
 */
export const CURRENCIES = ["usd", "eur", "gbp", "cad"] as const;
export type Currency = (typeof CURRENCIES)[number];

const DECIMAL = /^\s*(\d{1,9})(?:\.(\d{0,2}))?\s*$/;

/** "150" | "150.5" | "150.50" → 15050. Returns null for anything that is not a non-negative amount with at most 2 decimals. */
export function parseDecimalToCents(input: string | number): number | null {
  const text = typeof input === "number" ? (Number.isFinite(input) ? input.toFixed(2) : "") : input;
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** 15050 → "150.50" */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** 15050, "usd" → "$150.50" (en-US; the account's currency decides the symbol). */
export function formatMoney(cents: number, currency: Currency | string = "usd"): string {
  const key = currency.toUpperCase();
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: key, minimumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

/** A decimal string as the API sends money ("12.50"; null or empty is zero) in the currency: "$12.50". */
export function formatDecimalMoney(amount: string | null | undefined, currency: Currency | string = "usd"): string {
  return formatMoney(parseDecimalToCents(amount || "0") ?? 0, currency);
}
