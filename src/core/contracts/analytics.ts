import { z } from "zod";
import { AGE_BUCKETS } from "../analytics/aging.js";
import { ANALYTICS_PERIODS, daysBetween, MAX_CUSTOM_DAYS } from "../analytics/analytics-period.js";
import { WORK_SOURCES } from "../analytics/sources.js";
import { CURRENCIES } from "../money.js";
import { isoDate, text } from "./common.js";
import { count, day, id, money } from "./response-fields.js";

export const ANALYTICS_PERIOD_MESSAGE = "period must be week, month, quarter or custom";
export const CUSTOM_PERIOD_MESSAGE = "A custom period needs both from and to";
export const CUSTOM_PERIOD_ORDER_MESSAGE = "The end date must not be before the start date";
export const CUSTOM_PERIOD_LENGTH_MESSAGE = `A custom period can cover at most ${MAX_CUSTOM_DAYS} days`;

/** GET /api/analytics: the period (containing `date`, default today in the account's zone) or from…to. */
export const analyticsQuery = z
  .object({
    period: z.enum(ANALYTICS_PERIODS, { error: ANALYTICS_PERIOD_MESSAGE }).default("month"),
    date: isoDate.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.period !== "custom") return;
    if (!value.from || !value.to) ctx.addIssue({ code: "custom", message: CUSTOM_PERIOD_MESSAGE, path: ["from"] });
    else if (value.to < value.from) ctx.addIssue({ code: "custom", message: CUSTOM_PERIOD_ORDER_MESSAGE, path: ["to"] });
    else if (daysBetween(value.from, value.to) + 1 > MAX_CUSTOM_DAYS)
      ctx.addIssue({ code: "custom", message: CUSTOM_PERIOD_LENGTH_MESSAGE, path: ["to"] });
  });
export type AnalyticsQuery = z.output<typeof analyticsQuery>;

const stage = z.object({ seconds: count, amount: money });
const rate = z.number().nonnegative().nullable().describe("A ratio (0.81 = 81 %), or null when its denominator is 0");

const clientRow = z.object({
  clientId: id,
  name: text(),
  revenue: money.describe("Invoiced amount of the work done in the period"),
  rawSeconds: count.describe("Raw time of all the client's work in the period"),
  billableSeconds: count,
  billableAmount: money,
  effectiveHourlyRate: money.nullable().describe("Revenue ÷ the raw hours of the invoiced work; null with no invoiced time"),
  unbilledAmount: money.describe("All the client's work not yet invoiced, whenever it was done"),
  oldestUnbilledDays: count.nullable().describe("Age in days of the oldest unbilled work"),
  averageDaysToPayment: z
    .number()
    .nonnegative()
    .nullable()
    .describe("Issue to payment, over the client's invoices paid in the period"),
});

const sourceRow = z.object({
  source: z.enum(WORK_SOURCES),
  label: text(),
  items: count.describe("Calls, or tracked emails for the email source"),
  rawSeconds: count,
  billableAmount: money,
});

const bucketFields = Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket.key, money])) as Record<
  (typeof AGE_BUCKETS)[number]["key"],
  typeof money
>;

const unbilledRow = z.object({
  clientId: id,
  name: text(),
  ...bucketFields,
  total: money,
  seconds: count,
  oldestWorkDate: day,
  newestWorkDate: day,
});

const forecastMonth = z.object({ month: day, low: money, expected: money, high: money });

/** GET /api/analytics: the whole page in one answer (docs/analytics.md says how every number is made). */
export const analyticsResponse = z.object({
  period: z.object({ kind: z.enum(ANALYTICS_PERIODS), startDate: day, endDate: day, label: text() }),
  currency: z.enum(CURRENCIES),
  funnel: z.object({
    captured: stage.describe("Raw time of every ended call and tracked email, valued at its rate before rounding and minimums"),
    billable: stage.describe(
      "After rounding, minimums and each client's rounding scope: invoiced lines as invoiced, the rest as they would be",
    ),
    invoiced: stage.describe("Lines of draft, sent and paid invoices, by the day the work was done"),
    paid: stage.describe("Lines of paid invoices"),
    workingSeconds: count.describe("Working hours a week (Settings → Billing) over the period's days"),
    utilization: rate.describe("Billable hours ÷ working hours"),
    realization: rate.describe("Invoiced ÷ billable"),
    collection: rate.describe("Paid ÷ invoiced"),
  }),
  byClient: z.array(clientRow),
  bySource: z.array(sourceRow),
  unbilled: z.array(unbilledRow),
  forecast: z.object({
    method: text(),
    history: z.array(z.object({ month: day, billed: money })),
    months: z.array(forecastMonth),
    lastQuarter: z
      .object({
        quarter: day.describe("First day of the quarter the forecast was made in"),
        reconstructed: z
          .boolean()
          .describe("True when no forecast was kept then, and it was made again from the billed work before that quarter"),
        months: z.array(
          forecastMonth.extend({ actual: money.nullable().describe("Billed so far; null for a month not yet begun") }),
        ),
      })
      .nullable(),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;
