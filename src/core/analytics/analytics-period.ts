import { addDays } from "../invoices.js";
import { dateRangeLabel, MONTH_NAMES } from "../period.js";

/** The Analytics page's periods (docs/analytics.md), as calendar days in the account's time zone. */
export const ANALYTICS_PERIODS = ["week", "month", "quarter", "custom"] as const;
export type AnalyticsPeriodKind = (typeof ANALYTICS_PERIODS)[number];

/** The longest custom period: about three years, so one request never reads a whole history twice over. */
export const MAX_CUSTOM_DAYS = 1100;

export type AnalyticsPeriod = { kind: AnalyticsPeriodKind; startDate: string; endDate: string; label: string };

const parts = (day: string) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) });
const iso = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** First day of the month of a day; `offset` months later (negative: earlier). */
export function monthStart(day: string, offset = 0): string {
  const { year, month } = parts(day);
  return iso(year, month + offset, 1);
}

/** First day of the quarter of a day; `offset` quarters later (negative: earlier). */
export function quarterStart(day: string, offset = 0): string {
  const { year, month } = parts(day);
  return iso(year, month - ((month - 1) % 3) + offset * 3, 1);
}

/** Days from one calendar day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** "March 2026" for a month's first day. */
export function monthLabel(firstDay: string): string {
  const { year, month } = parts(firstDay);
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/**
 * The period containing `anchor` (a day in the account's zone): the week starting Sunday (docs/decisions.md
 * D7), the calendar month, the calendar quarter; or `from`…`to` for a custom period.
 */
export function analyticsPeriod(
  kind: AnalyticsPeriodKind,
  anchor: string,
  custom?: { from: string; to: string },
): AnalyticsPeriod {
  switch (kind) {
    case "week": {
      const weekday = new Date(`${anchor}T00:00:00Z`).getUTCDay();
      const startDate = addDays(anchor, -weekday);
      const endDate = addDays(startDate, 6);
      return { kind, startDate, endDate, label: `Week of ${dateRangeLabel(startDate, endDate)}` };
    }
    case "month": {
      const startDate = monthStart(anchor);
      return { kind, startDate, endDate: addDays(monthStart(anchor, 1), -1), label: monthLabel(startDate) };
    }
    case "quarter": {
      const startDate = quarterStart(anchor);
      const { year, month } = parts(startDate);
      return { kind, startDate, endDate: addDays(quarterStart(anchor, 1), -1), label: `Q${(month + 2) / 3} ${year}` };
    }
    case "custom": {
      if (!custom) throw new RangeError("a custom period needs from and to");
      return { kind, startDate: custom.from, endDate: custom.to, label: dateRangeLabel(custom.from, custom.to) };
    }
  }
}

/** The days startDate…endDate (inclusive) as the whole calendar months inside them and the days left at either edge. */
export type MonthSplit = {
  /** Whole months [fromMonth, toMonth): first days, `toMonth` exclusive; null when no whole month fits. */
  months: { fromMonth: string; toMonth: string } | null;
  /** The days before the first whole month and after the last (all of the period when no month fits). */
  edges: { startDate: string; endDate: string }[];
};

/**
 * Splits a period so the Analytics reads take whole months from the totals kept per month (docs/analytics.md "How
 * the request reads") and only the edge days from the rows: a month or quarter is all months, a week all edge.
 */
export function splitByWholeMonths(startDate: string, endDate: string): MonthSplit {
  const fromMonth = monthStart(startDate) === startDate ? startDate : monthStart(startDate, 1);
  const toMonth = monthStart(addDays(endDate, 1));
  if (fromMonth >= toMonth) return { months: null, edges: [{ startDate, endDate }] };
  const edges: MonthSplit["edges"] = [];
  if (startDate < fromMonth) edges.push({ startDate, endDate: addDays(fromMonth, -1) });
  if (toMonth <= endDate) edges.push({ startDate: toMonth, endDate });
  return { months: { fromMonth, toMonth }, edges };
}
