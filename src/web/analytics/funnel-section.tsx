import type { AnalyticsResponse } from "@core/contracts/analytics";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { chartAmount, hoursCsv, hoursText, moneyCsv, moneyText, percentText } from "./analytics-format";
import { AnalyticsSection } from "./analytics-section";
import { AXIS_TICK, CHART, ChartFrame, TOOLTIP_STYLE } from "./chart-frame";
import { type Column, DataTable } from "./data-table";

type Funnel = AnalyticsResponse["funnel"];
type StageRow = { key: string; stage: string; seconds: number; amount: string };

const STAGES = [
  { key: "captured", stage: "Captured" },
  { key: "billable", stage: "Billable" },
  { key: "invoiced", stage: "Invoiced" },
  { key: "paid", stage: "Paid" },
] as const;

/** Captured → billable → invoiced → paid, in hours and money, and the three rates between them (docs/analytics.md). */
export function FunnelSection({ funnel, currency, fileSuffix }: { funnel: Funnel; currency: string; fileSuffix: string }) {
  const rows: StageRow[] = STAGES.map(({ key, stage }) => ({ key, stage, ...funnel[key] }));
  const columns: Column<StageRow>[] = [
    { key: "stage", header: "Stage", cell: (row) => row.stage, csv: (row) => row.stage },
    { key: "hours", header: "Hours", numeric: true, cell: (row) => hoursText(row.seconds), csv: (row) => hoursCsv(row.seconds) },
    {
      key: "amount",
      header: "Amount",
      numeric: true,
      cell: (row) => moneyText(row.amount, currency),
      csv: (row) => moneyCsv(row.amount),
    },
  ];
  const rates = [
    {
      label: "Utilization",
      value: funnel.utilization,
      hint: `billable hours ÷ ${hoursText(funnel.workingSeconds)} of working time`,
    },
    { label: "Realization", value: funnel.realization, hint: "invoiced ÷ billable" },
    { label: "Collection", value: funnel.collection, hint: "paid ÷ invoiced" },
  ];
  return (
    <AnalyticsSection
      id="funnel"
      title="Captured to paid"
      description="Raw time captured, billable after rounding and minimums, invoiced, and paid, for work done in the period."
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="funnel-stages">
        {rows.map((row) => (
          <div key={row.key} className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">{row.stage}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{moneyText(row.amount, currency)}</dd>
            <dd className="text-sm tabular-nums text-muted-foreground">{hoursText(row.seconds)}</dd>
          </div>
        ))}
      </dl>
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="funnel-rates">
        {rates.map((rate) => (
          <div key={rate.label} className="rounded-lg bg-muted/50 p-3">
            <dt className="text-sm font-medium">{rate.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{percentText(rate.value)}</dd>
            <dd className="text-xs text-muted-foreground">{rate.hint}</dd>
          </div>
        ))}
      </dl>
      <ChartFrame label="Bar chart of the amount at each stage; the table below lists the numbers">
        <BarChart data={rows.map((row) => ({ stage: row.stage, amount: chartAmount(row.amount) }))}>
          <CartesianGrid stroke={CHART.grid} vertical={false} />
          <XAxis dataKey="stage" tick={AXIS_TICK} stroke={CHART.grid} />
          <YAxis tick={AXIS_TICK} stroke={CHART.grid} width={64} />
          <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: "var(--muted)" }} />
          <Bar dataKey="amount" name="Amount" fill={CHART.primary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ChartFrame>
      <DataTable
        caption="Captured to paid"
        rows={rows}
        columns={columns}
        rowKey={(row) => row.key}
        fileName={`analytics-funnel-${fileSuffix}`}
      />
    </AnalyticsSection>
  );
}
