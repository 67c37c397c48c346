import { and, asc, eq } from "drizzle-orm";
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

/** The forecast kept in a quarter, oldest month first, or none. */
export async function findQuarterForecast(db: Db, o: { accountId: number; quarter: string }): Promise<ForecastMonth[]> {
  const rows = await db
    .select()
    .from(analyticsForecasts)
    .where(and(eq(analyticsForecasts.accountId, o.accountId), eq(analyticsForecasts.madeInQuarter, o.quarter)))
    .orderBy(asc(analyticsForecasts.month));
  return rows.map((row) => ({
    month: row.month,
    lowCents: row.lowCents,
    expectedCents: row.expectedCents,
    highCents: row.highCents,
  }));
}
