import { AGE_BUCKETS } from "@core/analytics/aging";
import type { AnalyticsResponse } from "@core/contracts/analytics";
import { buttonVariants } from "@web/components/ui/button";
import { FileText } from "lucide-react";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { Link } from "wouter";
import { chartAmount, hoursCsv, hoursText, moneyCsv, moneyText } from "./analytics-format";
import { AnalyticsSection } from "./analytics-section";
import { AXIS_TICK, CHART, ChartFrame, TOOLTIP_STYLE } from "./chart-frame";
import { type Column, DataTable } from "./data-table";

type UnbilledRow = AnalyticsResponse["unbilled"][number];

/** The invoice generator with this client's unbilled work already chosen (its oldest to newest day). */
export function invoiceGeneratorHref(row: Pick<UnbilledRow, "clientId" | "oldestWorkDate" | "newestWorkDate">): string {
  return `/invoices?client=${row.clientId}&from=${row.oldestWorkDate}&to=${row.newestWorkDate}`;
}

/** Captured and not yet invoiced, whenever it was done, by client and age, one click from its invoice. */
export function UnbilledSection({ rows, currency, fileSuffix }: { rows: UnbilledRow[]; currency: string; fileSuffix: string }) {
  const columns: Column<UnbilledRow>[] = [
    {
      key: "name",
      header: "Client",
      cell: (row) => row.name,
      csv: (row) => row.name,
      sortBy: (row) => row.name.toLocaleLowerCase(),
    },
    ...AGE_BUCKETS.map(
      (bucket): Column<UnbilledRow> => ({
        key: bucket.key,
        header: bucket.label,
        numeric: true,
        cell: (row) => moneyText(row[bucket.key], currency),
        csv: (row) => moneyCsv(row[bucket.key]),
        sortBy: (row) => Number(row[bucket.key]),
      }),
    ),
    {
      key: "total",
      header: "Total",
      numeric: true,
      cell: (row) => moneyText(row.total, currency),
      csv: (row) => moneyCsv(row.total),
      sortBy: (row) => Number(row.total),
    },
    { key: "hours", header: "Hours", numeric: true, cell: (row) => hoursText(row.seconds), csv: (row) => hoursCsv(row.seconds) },
    {
      key: "invoice",
      header: "Invoice",
      cell: (row) => (
        <Link href={invoiceGeneratorHref(row)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <FileText aria-hidden="true" />
          Create invoice<span className="sr-only"> for {row.name}</span>
        </Link>
      ),
      csv: (row) => `${row.oldestWorkDate} to ${row.newestWorkDate}`,
    },
  ];
  return (
    <AnalyticsSection
      id="unbilled"
      title="Unbilled work"
      description="Everything captured and not yet on an invoice, whenever it was done, by the age of the work."
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">All captured work is invoiced.</p>
      ) : (
        <>
          <ChartFrame label="Stacked bar chart of unbilled work per client by age; the table below lists the numbers">
            <BarChart
              data={rows.map((row) => ({
                name: row.name,
                ...Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket.key, chartAmount(row[bucket.key])])),
              }))}
            >
              <CartesianGrid stroke={CHART.grid} vertical={false} />
              <XAxis dataKey="name" tick={AXIS_TICK} stroke={CHART.grid} />
              <YAxis tick={AXIS_TICK} stroke={CHART.grid} width={64} />
              <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: "var(--muted)" }} />
              <Legend wrapperStyle={{ color: "var(--foreground)", fontSize: 12 }} />
              {AGE_BUCKETS.map((bucket, index) => (
                <Bar
                  key={bucket.key}
                  dataKey={bucket.key}
                  name={bucket.label}
                  stackId="age"
                  fill={CHART.series[index]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ChartFrame>
          <DataTable
            caption="Unbilled work"
            rows={rows}
            columns={columns}
            rowKey={(row) => row.clientId}
            fileName={`analytics-unbilled-${fileSuffix}`}
            initialSort={{ key: "total", direction: "descending" }}
          />
        </>
      )}
    </AnalyticsSection>
  );
}
