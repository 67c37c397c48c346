/**
 * The funnel's rates (docs/analytics.md), each a ratio of two integers rounded to four
 * decimals, or null when there is nothing to divide by (a rate of "0 of 0" means nothing).
 *
 * - utilization = billable hours ÷ working hours (Settings → Billing, per week, over the period's days)
 * - realization = invoiced ÷ billable (money)
 * - collection  = paid ÷ invoiced (money)
 */
export function ratio(numerator: number, denominator: number): number | null {
  if (denominator <= 0) return null;
  return Math.round((numerator / denominator) * 10_000) / 10_000;
}

/** The working seconds of a period of `days` calendar days, at `weeklyHours` a week. */
export function workingSeconds(weeklyHours: number, days: number): number {
  return Math.round((weeklyHours * 3600 * days) / 7);
}

/** "81.3%" (one decimal), or "—" for no rate. */
export function percentText(rate: number | null): string {
  return rate === null ? "—" : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}
