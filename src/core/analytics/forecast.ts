import { monthStart } from "./analytics-period.js";

/** One month of a revenue forecast, in integer cents: a band, not a single number. */
export type ForecastMonth = { month: string; lowCents: number; expectedCents: number; highCents: number };

export type BilledMonth = { month: string; billedCents: number };

/** How many complete months of billed work the trend is fitted to. */
export const FORECAST_HISTORY_MONTHS = 12;
export const FORECAST_MONTHS = 3;
/** z for a two-sided 80 % band under a normal error. */
const Z_80 = 1.2816;
/** With fewer months the fit means little: the band is the trend ±50 %. */
const MIN_MONTHS_FOR_FIT = 3;
const THIN_HISTORY_SPREAD = 0.5;
/** How far unbilled work's own contribution may land from its expected value. */
const UNBILLED_SPREAD = 0.2;

/** The method, as the page writes it under the forecast ("the method written on the page"). */
export const FORECAST_METHOD =
  "A straight line fitted by least squares to the billed work of the last 12 complete months (invoiced amounts by the month the work was done; from your first billed month if that is later), " +
  "projected over the next 3 months; the band is the fit's 80% prediction interval (±1.28 standard errors of a new month). " +
  "Work captured but not yet invoiced is added to the first month at your realization rate (invoiced ÷ billable over the same 12 months), ±20%. " +
  "With fewer than 3 months of billed work the band is the trend ±50%.";

function monthsBetween(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}

/**
 * Revenue for the FORECAST_MONTHS months starting `firstMonth`, from the trend of `history` (complete
 * months, oldest first, missing months counting as 0) and from unbilled work (FORECAST_METHOD).
 */
export function forecastRevenue(input: {
  history: readonly BilledMonth[];
  firstMonth: string;
  unbilledCents: number;
  realization: number | null;
}): ForecastMonth[] {
  const { firstMonth } = input;
  // The months before the first billed one are before the practice billed here at all, not months of no
  // revenue: the fit starts at the first billed month, so a new practice gets the thin-history band.
  const firstBilled = input.history.findIndex((month) => month.billedCents > 0);
  const history = firstBilled < 0 ? [] : input.history.slice(firstBilled);
  const n = history.length;
  const ys = history.map((month) => month.billedCents);
  const meanX = (n - 1) / 2;
  const meanY = n > 0 ? ys.reduce((sum, y) => sum + y, 0) / n : 0;
  const sxx = ys.reduce((sum, _y, x) => sum + (x - meanX) ** 2, 0);
  const slope = n >= 2 && sxx > 0 ? ys.reduce((sum, y, x) => sum + (x - meanX) * (y - meanY), 0) / sxx : 0;
  const intercept = meanY - slope * meanX;
  const residuals = ys.map((y, x) => y - (intercept + slope * x));
  const standardError = n >= MIN_MONTHS_FOR_FIT ? Math.sqrt(residuals.reduce((sum, r) => sum + r * r, 0) / (n - 2)) : 0;
  const lastMonth = input.history[input.history.length - 1]?.month ?? monthStart(firstMonth, -1);
  const unbilledExpected = input.unbilledCents * Math.min(1, input.realization ?? 1);

  return Array.from({ length: FORECAST_MONTHS }, (_unused, k) => {
    const month = monthStart(firstMonth, k);
    const x = n - 1 + monthsBetween(lastMonth, month);
    const trend = Math.max(0, intercept + slope * x);
    const halfWidth =
      n >= MIN_MONTHS_FOR_FIT
        ? Z_80 * standardError * Math.sqrt(1 + 1 / n + (x - meanX) ** 2 / sxx)
        : trend * THIN_HISTORY_SPREAD;
    const unbilled = k === 0 ? unbilledExpected : 0;
    const expected = trend + unbilled;
    return {
      month,
      lowCents: Math.max(0, Math.round(expected - halfWidth - unbilled * UNBILLED_SPREAD)),
      expectedCents: Math.round(expected),
      highCents: Math.round(expected + halfWidth + unbilled * UNBILLED_SPREAD),
    };
  });
}

/** Fills the months a history skips with 0 (a month with no billed work is data, not a gap). */
export function completeHistory(rows: readonly BilledMonth[], firstMonth: string, months: number): BilledMonth[] {
  const byMonth = new Map(rows.map((row) => [row.month, row.billedCents]));
  return Array.from({ length: months }, (_unused, k) => {
    const month = monthStart(firstMonth, k);
    return { month, billedCents: byMonth.get(month) ?? 0 };
  });
}
