import { ageBucket, AGE_BUCKETS, type AgeBucketKey } from "../../core/analytics/aging.js";
import { rawValueCents } from "../../core/analytics/captured-value.js";
import { ratio, workingSeconds } from "../../core/analytics/rates.js";
import { WORK_SOURCE_LABELS, WORK_SOURCES, type WorkSource, workSourceOfCall } from "../../core/analytics/sources.js";
import type { AnalyticsResponse } from "../../core/contracts/analytics.js";
import { centsToDecimal } from "../../core/money.js";
import type { LineGroupRow } from "./analytics-queries.js";
import type { WorkLine } from "./priced-groups.js";

type Stage = { seconds: number; cents: number };
const zero = (): Stage => ({ seconds: 0, cents: 0 });
const add = (stage: Stage, seconds: number, cents: number) => {
  stage.seconds += seconds;
  stage.cents += cents;
};
const stageJson = (stage: Stage) => ({ seconds: Math.round(stage.seconds), amount: centsToDecimal(stage.cents) });
const sourceOfLine = (line: { kind: string; source: string | null }): WorkSource =>
  line.kind === "email" ? "email" : workSourceOfCall(line.source ?? "manual");

/** The work of the period, read and priced (get-analytics.ts reads it). */
export type PeriodWork = {
  /** Every ended call and tracked email done in the period, at its own price. */
  work: readonly WorkLine[];
  /** The period's work not yet invoiced, priced under each client's rounding scope. */
  unbilledPriced: readonly WorkLine[];
  /** Live invoice lines of work done in the period. */
  invoiceLines: readonly LineGroupRow[];
  days: number;
  weeklyWorkingHours: number;
};

/** The funnel: captured → billable → invoiced → paid, with utilization, realization and collection (docs/analytics.md). */
export function summarizeFunnel(period: PeriodWork): AnalyticsResponse["funnel"] {
  const captured = zero();
  for (const line of period.work) {
    add(
      captured,
      line.durationSeconds,
      rawValueCents({
        rawSeconds: line.durationSeconds,
        rateCents: line.rateCents,
        billingType: line.billingType,
        items: line.items,
      }),
    );
  }
  const invoiced = zero();
  const paid = zero();
  for (const line of period.invoiceLines) {
    add(invoiced, line.billed, line.amount);
    if (line.status === "paid") add(paid, line.billed, line.amount);
  }
  const billable = { ...invoiced };
  for (const line of period.unbilledPriced) add(billable, line.billedSeconds, line.amountCents);
  const working = workingSeconds(period.weeklyWorkingHours, period.days);
  return {
    captured: stageJson(captured),
    billable: stageJson(billable),
    invoiced: stageJson(invoiced),
    paid: stageJson(paid),
    workingSeconds: working,
    utilization: ratio(billable.seconds, working),
    realization: ratio(invoiced.cents, billable.cents),
    collection: ratio(paid.cents, invoiced.cents),
  };
}

/** Work by where it came from: manual, Zoom, Teams, Meet, phone, SMS, calendar, desktop, email. */
export function summarizeSources(period: PeriodWork): AnalyticsResponse["bySource"] {
  const totals = new Map<WorkSource, { items: number; raw: number; cents: number }>(
    WORK_SOURCES.map((source) => [source, { items: 0, raw: 0, cents: 0 }]),
  );
  for (const line of period.work) {
    const total = totals.get(sourceOfLine(line))!;
    total.items += line.items;
    total.raw += line.durationSeconds;
  }
  for (const line of period.invoiceLines) totals.get(sourceOfLine(line))!.cents += line.amount;
  for (const line of period.unbilledPriced) totals.get(sourceOfLine(line))!.cents += line.amountCents;
  return WORK_SOURCES.map((source) => {
    const total = totals.get(source)!;
    return {
      source,
      label: WORK_SOURCE_LABELS[source],
      items: total.items,
      rawSeconds: Math.round(total.raw),
      billableAmount: centsToDecimal(total.cents),
    };
  });
}

type ClientTotals = {
  revenue: number;
  invoicedRaw: number;
  raw: number;
  billableSeconds: number;
  billableCents: number;
  unbilledCents: number;
  oldestUnbilled: string | null;
};

/** Per client: revenue, hours, effective hourly rate on raw time, unbilled work and its age, days to payment. */
export function summarizeClients(
  period: PeriodWork,
  options: {
    unbilledAllTime: readonly WorkLine[];
    daysToPayment: ReadonlyMap<number, number>;
    names: ReadonlyMap<number, string>;
    today: string;
    daysOld: (workDate: string) => number;
  },
): AnalyticsResponse["byClient"] {
  const clients = new Map<number, ClientTotals>();
  const of = (clientId: number) => {
    let totals = clients.get(clientId);
    if (!totals) {
      totals = {
        revenue: 0,
        invoicedRaw: 0,
        raw: 0,
        billableSeconds: 0,
        billableCents: 0,
        unbilledCents: 0,
        oldestUnbilled: null,
      };
      clients.set(clientId, totals);
    }
    return totals;
  };
  for (const line of period.work) if (line.clientId !== null) of(line.clientId).raw += line.durationSeconds;
  for (const line of period.invoiceLines) {
    const totals = of(line.client_id);
    totals.revenue += line.amount;
    totals.invoicedRaw += line.raw;
    totals.billableSeconds += line.billed;
    totals.billableCents += line.amount;
  }
  for (const line of period.unbilledPriced) {
    if (line.clientId === null) continue;
    const totals = of(line.clientId);
    totals.billableSeconds += line.billedSeconds;
    totals.billableCents += line.amountCents;
  }
  for (const line of options.unbilledAllTime) {
    if (line.clientId === null) continue;
    const totals = of(line.clientId);
    totals.unbilledCents += line.amountCents;
    if (totals.oldestUnbilled === null || line.workDate < totals.oldestUnbilled) totals.oldestUnbilled = line.workDate;
  }
  for (const clientId of options.daysToPayment.keys()) of(clientId);
  return [...clients]
    .sort(([, a], [, b]) => b.revenue - a.revenue || b.raw - a.raw)
    .map(([clientId, totals]) => ({
      clientId,
      name: options.names.get(clientId) ?? `Client ${clientId}`,
      revenue: centsToDecimal(totals.revenue),
      rawSeconds: Math.round(totals.raw),
      billableSeconds: Math.round(totals.billableSeconds),
      billableAmount: centsToDecimal(totals.billableCents),
      effectiveHourlyRate:
        totals.invoicedRaw > 0 ? centsToDecimal(Math.round((totals.revenue * 3600) / totals.invoicedRaw)) : null,
      unbilledAmount: centsToDecimal(totals.unbilledCents),
      oldestUnbilledDays: totals.oldestUnbilled === null ? null : options.daysOld(totals.oldestUnbilled),
      averageDaysToPayment: options.daysToPayment.has(clientId)
        ? Math.round((options.daysToPayment.get(clientId) ?? 0) * 10) / 10
        : null,
    }));
}

/** Unbilled work by client and age: what an invoice generated today would bill, in age buckets. */
export function summarizeUnbilled(
  unbilledAllTime: readonly WorkLine[],
  options: { names: ReadonlyMap<number, string>; today: string },
): AnalyticsResponse["unbilled"] {
  type Row = { buckets: Record<AgeBucketKey, number>; total: number; seconds: number; oldest: string; newest: string };
  const rows = new Map<number, Row>();
  for (const line of unbilledAllTime) {
    if (line.clientId === null) continue;
    let row = rows.get(line.clientId);
    if (!row) {
      row = {
        buckets: Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket.key, 0])) as Record<AgeBucketKey, number>,
        total: 0,
        seconds: 0,
        oldest: line.workDate,
        newest: line.workDate,
      };
      rows.set(line.clientId, row);
    }
    row.buckets[ageBucket(line.workDate, options.today)] += line.amountCents;
    row.total += line.amountCents;
    row.seconds += line.durationSeconds;
    if (line.workDate < row.oldest) row.oldest = line.workDate;
    if (line.workDate > row.newest) row.newest = line.workDate;
  }
  return [...rows]
    .sort(([, a], [, b]) => b.total - a.total)
    .map(([clientId, row]) => ({
      clientId,
      name: options.names.get(clientId) ?? `Client ${clientId}`,
      days0to30: centsToDecimal(row.buckets.days0to30),
      days31to60: centsToDecimal(row.buckets.days31to60),
      days61to90: centsToDecimal(row.buckets.days61to90),
      over90: centsToDecimal(row.buckets.over90),
      total: centsToDecimal(row.total),
      seconds: Math.round(row.seconds),
      oldestWorkDate: row.oldest,
      newestWorkDate: row.newest,
    }));
}
