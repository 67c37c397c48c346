import { monthLabel } from "@core/analytics/analytics-period";
import type { AnalyticsResponse } from "@core/contracts/analytics";
import { Area, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from "recharts";
import { chartAmount, moneyCsv, moneyText } from "./analytics-format";
import { AnalyticsSection } from "./analytics-section";
import { AXIS_TICK, CHART, ChartFrame, TOOLTIP_STYLE } from "./chart-frame";
import { type Column, DataTable } from "./data-table";

type Forecast = AnalyticsResponse["forecast"];
type Month = Forecast["months"][number];
type KeptMonth = NonNullable<Forecast["lastQuarter"]>["months"][number];

/**
 * The next three months as a band (low … high around the expected figure), drawn after the months
 * billed so far, with the method in words; and last quarter's forecast beside what happened.
 */
export function ForecastSection({
  forecast,
  currency,
  fileSuffix,
}: {
  forecast: Forecast;
  currency: string;
  fileSuffix: string;
}) {
  const chartData = [
    ...forecast.history.map((month) => ({ month: monthLabel(month.month), billed: chartAmount(month.billed) })),
    ...forecast.months.map((month) => ({
      month: monthLabel(month.month),
      expected: chartAmount(month.expected),
      band: [chartAmount(month.low), chartAmount(month.high)],
    })),
  ];
  const columns: Column<Month>[] = [
    { key: "month", header: "Month", cell: (row) => monthLabel(row.month), csv: (row) => row.month },
    { key: "low", header: "Low", numeric: true, cell: (row) => moneyText(row.low, currency), csv: (row) => moneyCsv(row.low) },
    {
      key: "expected",
      header: "Expected",
      numeric: true,
      cell: (row) => moneyText(row.expected, currency),
      csv: (row) => moneyCsv(row.expected),
    },
    {
      key: "high",
      header: "High",
      numeric: true,
      cell: (row) => moneyText(row.high, currency),
      csv: (row) => moneyCsv(row.high),
    },
  ];
  const keptColumns: Column<KeptMonth>[] = [
    ...(columns as unknown as Column<KeptMonth>[]),
    {
      key: "actual",
      header: "Actual",
      numeric: true,
      cell: (row) => (row.actual === null ? "not yet" : moneyText(row.actual, currency)),
      csv: (row) => moneyCsv(row.actual),
    },
  ];
  const kept = forecast.lastQuarter;
  return (
    <AnalyticsSection id="forecast" title="Forecast" description="Revenue for the next three months, as a range.">
      <p className="text-sm" data-testid="forecast-method">
        <span className="font-medium">How it is made: </span>
        {forecast.method}
      </p>
      <ChartFrame label="Chart of revenue billed per month, then the forecast's expected line inside its low-to-high band; the table below lists the numbers">
        <ComposedChart data={chartData}>
          <CartesianGrid stroke={CHART.grid} vertical={false} />
          <XAxis dataKey="month" tick={AXIS_TICK} stroke={CHART.grid} />
          <YAxis tick={AXIS_TICK} stroke={CHART.grid} width={64} />
          <Tooltip {...TOOLTIP_STYLE} />
          <Area
            dataKey="band"
            name="Forecast range"
            fill={CHART.primary}
            fillOpacity={0.15}
            stroke="none"
            isAnimationActive={false}
          />
          <Line dataKey="billed" name="Billed" stroke={CHART.success} strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line
            dataKey="expected"
            name="Expected"
            stroke={CHART.primary}
            strokeWidth={2}
            strokeDasharray="5 4"
            isAnimationActive={false}
          />
        </ComposedChart>
      </ChartFrame>
      <DataTable
        caption="Forecast"
        rows={forecast.months}
        columns={columns}
        rowKey={(row) => row.month}
        fileName={`analytics-forecast-${fileSuffix}`}
      />
      <h3 className="text-base font-semibold">Last quarter's forecast and what happened</h3>
      {kept ? (
        <>
          <p className="text-sm text-muted-foreground">
            Forecast made in the quarter starting {monthLabel(kept.quarter)}
            {kept.reconstructed ? ", made again from the work billed before it (none was kept then)" : ""}.
          </p>
          <DataTable
            caption="Last quarter's forecast beside the actual"
            rows={kept.months}
            columns={keptColumns}
            rowKey={(row) => row.month}
            fileName={`analytics-forecast-kept-${fileSuffix}`}
          />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No billed work before last quarter to compare with yet.</p>
      )}
    </AnalyticsSection>
  );
}
