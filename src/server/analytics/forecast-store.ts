import { and, asc, eq, inArray } from "drizzle-orm";
import type { ForecastMonth } from "../../core/analytics/forecast.js";
import type { Db } from "../db/client.js";
import { analyticsForecasts } from "../db/schema/index.js";

/**
 * Keeps the first forecast made in a quarter (one row per forecast month; a second visit changes
 * nothing, also when two instances race: the unique key decides), so the page can show it later
 * beside what happened.
 */
export async function keepQuarterForecast(
  db: Db,
  o: { accountId: number; quarter: string; months: readonly ForecastMonth[] },
): Promise<void> {
  await db
    .insert(analyticsForecasts)
    .values(
      o.months.map((month) => ({
        accountId: o.accountId,
        madeInQuarter: o.quarter,
        month: month.month,
        lowCents: month.lowCents,
        expectedCents: month.expectedCents,
        highCents: month.highCents,
      })),
    )
    .onConflictDoNothing();
}

/** The forecasts kept in the given quarters, by quarter, each oldest month first (a quarter with none is absent). */
export async function findQuarterForecasts(
  db: Db,
  o: { accountId: number; quarters: readonly string[] },
): Promise<Map<string, ForecastMonth[]>> {
  const rows = await db
    .select()
    .from(analyticsForecasts)
    .where(and(eq(analyticsForecasts.accountId, o.accountId), inArray(analyticsForecasts.madeInQuarter, [...o.quarters])))
    .orderBy(asc(analyticsForecasts.month));
  const byQuarter = new Map<string, ForecastMonth[]>();
  for (const row of rows) {
    const month = { month: row.month, lowCents: row.lowCents, expectedCents: row.expectedCents, highCents: row.highCents };
    const list = byQuarter.get(row.madeInQuarter);
    if (list) list.push(month);
    else byQuarter.set(row.madeInQuarter, [month]);
  }
  return byQuarter;
}
