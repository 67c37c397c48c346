import { formatDecimalMoney } from "@core/money";

/** A rate always in its own unit (docs/decisions.md D6): "$150.00/hour". */
export function hourlyRate(decimal: string, currency = "usd"): string {
  return `${formatDecimalMoney(decimal, currency)}/hour`;
}

/** A message's date as the user's browser shows dates: "Mar 6, 2026, 9:30 AM". */
export function messageDate(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export const COMPLEXITY_LABELS = { simple: "Simple", medium: "Medium", complex: "Complex" } as const;
