import { monthStart, quarterStart } from "../../core/analytics/analytics-period.js";
import {
  type BilledMonth,
  completeHistory,
  FORECAST_HISTORY_MONTHS,
  FORECAST_METHOD,
  type ForecastMonth,
  forecastRevenue,
} from "../../core/analytics/forecast.js";
import { ratio } from "../../core/analytics/rates.js";
import type { AnalyticsResponse } from "../../core/contracts/analytics.js";
import { centsToDecimal } from "../../core/money.js";
import type { Db } from "../db/client.js";
import { findQuarterForecasts, keepQuarterForecast } from "./forecast-store.js";
import type { WorkLine } from "./priced-groups.js";

const monthJson = (month: ForecastMonth) => ({
  month: month.month,
  low: centsToDecimal(month.lowCents),
  expected: centsToDecimal(month.expectedCents),
  high: centsToDecimal(month.highCents),
});

/**
 * The forecast part of the page (docs/analytics.md): the next 3 months from the last 12 complete
 * months' billed work and today's unbilled work, kept the first time it is made in a quarter; and
 * last quarter's forecast beside what was billed. With none kept then (the page is new), last
 * quarter's is made again from the billed work before that quarter, and says so.
 */
export async function buildForecast(
  db: Db,
  o: { accountId: number; today: string; billedMonths: readonly BilledMonth[]; unbilledAllTime: readonly WorkLine[] },
): Promise<AnalyticsResponse["forecast"]> {
  const thisMonth = monthStart(o.today);
  const historyStart = monthStart(thisMonth, -FORECAST_HISTORY_MONTHS);
  const history = completeHistory(o.billedMonths, historyStart, FORECAST_HISTORY_MONTHS);
  const billedInHistory = history.reduce((sum, month) => sum + month.billedCents, 0);
  const unbilledInHistory = o.unbilledAllTime
    .filter((line) => line.workDate >= historyStart && line.workDate < thisMonth)
    .reduce((sum, line) => sum + line.amountCents, 0);
  const months = forecastRevenue({
    history,
    firstMonth: thisMonth,
    unbilledCents: o.unbilledAllTime.reduce((sum, line) => sum + line.amountCents, 0),
    realization: ratio(billedInHistory, billedInHistory + unbilledInHistory),
  });
  const quarter = quarterStart(o.today);
  const lastQuarter = quarterStart(o.today, -1);
  const keptForecasts = await findQuarterForecasts(db, { accountId: o.accountId, quarters: [quarter, lastQuarter] });
  // Written once a quarter: later visits only read (a write per visit cost every request a transaction).
  if (!keptForecasts.has(quarter)) await keepQuarterForecast(db, { accountId: o.accountId, quarter, months });

  let kept = keptForecasts.get(lastQuarter) ?? [];
  const reconstructed = kept.length === 0;
  if (reconstructed) {
    const before = completeHistory(o.billedMonths, monthStart(lastQuarter, -FORECAST_HISTORY_MONTHS), FORECAST_HISTORY_MONTHS);
    if (before.some((month) => month.billedCents > 0)) {
      kept = forecastRevenue({ history: before, firstMonth: lastQuarter, unbilledCents: 0, realization: null });
    }
  }
  const actual = new Map(o.billedMonths.map((month) => [month.month, month.billedCents]));
  return {
    method: FORECAST_METHOD,
    history: history.map((month) => ({ month: month.month, billed: centsToDecimal(month.billedCents) })),
    months: months.map(monthJson),
    lastQuarter:
      kept.length === 0
        ? null
        : {
            quarter: lastQuarter,
            reconstructed,
            months: kept.map((month) => ({
              ...monthJson(month),
              actual: month.month > thisMonth ? null : centsToDecimal(actual.get(month.month) ?? 0),
            })),
          },
  };
}
