import { analyticsPeriod, daysBetween, monthStart, quarterStart } from "../../core/analytics/analytics-period.js";
import { FORECAST_HISTORY_MONTHS } from "../../core/analytics/forecast.js";
import type { AnalyticsQuery, AnalyticsResponse } from "../../core/contracts/analytics.js";
import type { Currency } from "../../core/money.js";
import { dayRangeInZone, todayInZone } from "../../core/period.js";
import { addDays } from "../../core/invoices.js";
import type { AccountRow } from "../auth/sessions.js";
import { roundingScopeFor } from "../pricing/rules-from-rows.js";
import type { Db } from "../db/client.js";
import {
  findBilledMonths,
  findCallGroupsInPeriod,
  findClientScopes,
  findDaysToPayment,
  findEmailGroupsInPeriod,
  findInvoiceLineGroups,
  findUnbilledCallGroups,
  findUnbilledEmailGroups,
} from "./analytics-queries.js";
import { buildForecast } from "./build-forecast.js";
import { callLines, emailLines, priceUnbilled } from "./priced-groups.js";
import { summarizeClients, summarizeFunnel, summarizeSources, summarizeUnbilled } from "./summarize-work.js";

/**
 * GET /api/analytics (docs/analytics.md): the funnel, clients, sources, unbilled work and
 * the forecast for one period in the account's zone. Every amount comes from the invoices' own lines or
 * from the pricing engine invoices use (applyRoundingScope over the stored prices), so a closed month's
 * invoiced total is the sum of that month's invoices.
 */
/** The bounds every read of one request uses: the period (days and instants in the zone) and the forecast's history. */
export function analyticsBounds(o: { account: Pick<AccountRow, "id" | "timezone">; query: AnalyticsQuery; now: Date }) {
  const timezone = o.account.timezone;
  const today = todayInZone(timezone, o.now);
  const period = analyticsPeriod(
    o.query.period,
    o.query.date ?? today,
    o.query.from && o.query.to ? { from: o.query.from, to: o.query.to } : undefined,
  );
  const { start, end } = dayRangeInZone(period.startDate, period.endDate, timezone);
  return {
    accountId: o.account.id,
    timezone,
    today,
    period,
    start,
    end,
    historyStartDate: monthStart(quarterStart(today, -1), -FORECAST_HISTORY_MONTHS),
    historyEndDate: addDays(monthStart(today, 1), -1),
  };
}

export async function getAnalytics(
  db: Db,
  o: { account: AccountRow; query: AnalyticsQuery; now: Date },
): Promise<AnalyticsResponse> {
  const { account } = o;
  const { timezone, today, period, start, end, historyStartDate, historyEndDate } = analyticsBounds(o);
  const scope = { accountId: account.id, timezone };
  const periodBounds = { ...scope, startDate: period.startDate, endDate: period.endDate, start, end };

  const [periodCalls, periodEmails, invoiceLines, unbilledCalls, unbilledEmails, billedMonths, paymentDays, clients] =
    await Promise.all([
      findCallGroupsInPeriod(db, periodBounds),
      findEmailGroupsInPeriod(db, { ...scope, start, end }),
      findInvoiceLineGroups(db, periodBounds),
      findUnbilledCallGroups(db, scope),
      findUnbilledEmailGroups(db, scope),
      findBilledMonths(db, { accountId: account.id, startDate: historyStartDate, endDate: historyEndDate }),
      findDaysToPayment(db, { ...scope, start, end }),
      findClientScopes(db, account.id),
    ]);

  const clientById = new Map(clients.map((client) => [client.id, client]));
  const scopeOf = (clientId: number) =>
    roundingScopeFor(account, { roundingScope: clientById.get(clientId)?.rounding_scope ?? null });
  const names = new Map(clients.map((client) => [client.id, client.name]));
  // The period's calls of a client not yet invoiced are the unbilled groups of its days (one read, not two).
  const unbilledInPeriod = unbilledCalls.filter((row) => row.day >= period.startDate && row.day <= period.endDate);
  const work = [...callLines(periodCalls), ...callLines(unbilledInPeriod), ...emailLines(periodEmails)];
  const periodWork = {
    work,
    unbilledPriced: priceUnbilled(
      work.filter((line) => !line.invoiced),
      scopeOf,
    ),
    invoiceLines,
    days: daysBetween(period.startDate, period.endDate) + 1,
    weeklyWorkingHours: account.weeklyWorkingHours,
  };
  const unbilledAllTime = priceUnbilled([...callLines(unbilledCalls), ...emailLines(unbilledEmails)], scopeOf);

  return {
    period,
    currency: account.currency as Currency,
    funnel: summarizeFunnel(periodWork),
    byClient: summarizeClients(periodWork, {
      unbilledAllTime,
      daysToPayment: new Map(paymentDays.map((row) => [row.client_id, row.days])),
      names,
      today,
      daysOld: (workDate) => Math.max(0, daysBetween(workDate, today)),
    }),
    bySource: summarizeSources(periodWork),
    unbilled: summarizeUnbilled(unbilledAllTime, { names, today }),
    forecast: await buildForecast(db, {
      accountId: account.id,
      today,
      billedMonths: billedMonths.map((row) => ({ month: row.month, billedCents: row.amount })),
      unbilledAllTime,
    }),
  };
}
