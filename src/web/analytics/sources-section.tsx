import type { AnalyticsResponse } from "@core/contracts/analytics";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { chartAmount, hoursCsv, hoursText, moneyCsv, moneyText } from "./analytics-format";
import { AnalyticsSection } from "./analytics-section";
import { AXIS_TICK, CHART, ChartFrame, TOOLTIP_STYLE } from "./chart-frame";
import { type Column, DataTable } from "./data-table";

type SourceRow = AnalyticsResponse["bySource"][number];

/** What each way of capturing brought in: manual entries, Zoom, Teams, Meet, phone, SMS, calendar, desktop, email. */
export function SourcesSection({ rows, currency, fileSuffix }: { rows: SourceRow[]; currency: string; fileSuffix: string }) {
  const columns: Column<SourceRow>[] = [
    { key: "source", header: "Source", cell: (row) => row.label, csv: (row) => row.label },
    { key: "items", header: "Items", numeric: true, cell: (row) => row.items, csv: (row) => row.items },
    {
      key: "hours",
      header: "Hours",
      numeric: true,
      cell: (row) => hoursText(row.rawSeconds),
      csv: (row) => hoursCsv(row.rawSeconds),
    },
    {
      key: "amount",
      header: "Billable amount",
      numeric: true,
      cell: (row) => moneyText(row.billableAmount, currency),
      csv: (row) => moneyCsv(row.billableAmount),
    },
  ];
  const withWork = rows.filter((row) => row.items > 0);
  return (
    <AnalyticsSection id="by-source" title="By source" description="Calls by the way they were captured, and tracked emails.">
      {withWork.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing was captured in this period.</p>
      ) : (
        <>
          <ChartFrame label="Bar chart of the billable amount per source; the table below lists the numbers" height={200}>
            <BarChart data={withWork.map((row) => ({ source: row.label, amount: chartAmount(row.billableAmount) }))}>
              <CartesianGrid stroke={CHART.grid} vertical={false} />
              <XAxis dataKey="source" tick={AXIS_TICK} stroke={CHART.grid} />
              <YAxis tick={AXIS_TICK} stroke={CHART.grid} width={64} />
              <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: "var(--muted)" }} />
              <Bar dataKey="amount" name="Billable amount" fill={CHART.success} radius={[4, 4, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ChartFrame>
          <DataTable
            caption="By source"
            rows={withWork}
            columns={columns}
            rowKey={(row) => row.source}
            fileName={`analytics-sources-${fileSuffix}`}
          />
        </>
      )}
    </AnalyticsSection>
  );
}
