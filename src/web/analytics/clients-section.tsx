import type { AnalyticsResponse } from "@core/contracts/analytics";
import { Link } from "wouter";
import { hoursCsv, hoursText, moneyCsv, moneyText } from "./analytics-format";
import { AnalyticsSection } from "./analytics-section";
import { type Column, DataTable } from "./data-table";

type ClientRow = AnalyticsResponse["byClient"][number];

/** Revenue, hours, effective rate, unbilled work and days to payment per client; sortable; a name opens the client's log. */
export function ClientsSection({ rows, currency, fileSuffix }: { rows: ClientRow[]; currency: string; fileSuffix: string }) {
  const columns: Column<ClientRow>[] = [
    {
      key: "name",
      header: "Client",
      cell: (row) => (
        <Link href={`/client-log?client=${row.clientId}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {row.name}
        </Link>
      ),
      csv: (row) => row.name,
      sortBy: (row) => row.name.toLocaleLowerCase(),
    },
    {
      key: "revenue",
      header: "Revenue",
      numeric: true,
      cell: (row) => moneyText(row.revenue, currency),
      csv: (row) => moneyCsv(row.revenue),
      sortBy: (row) => Number(row.revenue),
    },
    {
      key: "hours",
      header: "Hours spent",
      numeric: true,
      cell: (row) => hoursText(row.rawSeconds),
      csv: (row) => hoursCsv(row.rawSeconds),
      sortBy: (row) => row.rawSeconds,
    },
    {
      key: "rate",
      header: "Effective rate / hour",
      numeric: true,
      cell: (row) => moneyText(row.effectiveHourlyRate, currency),
      csv: (row) => moneyCsv(row.effectiveHourlyRate),
      sortBy: (row) => Number(row.effectiveHourlyRate ?? -1),
    },
    {
      key: "unbilled",
      header: "Unbilled",
      numeric: true,
      cell: (row) => moneyText(row.unbilledAmount, currency),
      csv: (row) => moneyCsv(row.unbilledAmount),
      sortBy: (row) => Number(row.unbilledAmount),
    },
    {
      key: "age",
      header: "Oldest unbilled",
      numeric: true,
      cell: (row) => (row.oldestUnbilledDays === null ? "—" : `${row.oldestUnbilledDays} days`),
      csv: (row) => row.oldestUnbilledDays,
      sortBy: (row) => row.oldestUnbilledDays ?? -1,
    },
    {
      key: "paid",
      header: "Days to payment",
      numeric: true,
      cell: (row) => (row.averageDaysToPayment === null ? "—" : row.averageDaysToPayment.toFixed(1)),
      csv: (row) => (row.averageDaysToPayment === null ? null : row.averageDaysToPayment.toFixed(1)),
      sortBy: (row) => row.averageDaysToPayment ?? -1,
    },
  ];
  return (
    <AnalyticsSection
      id="by-client"
      title="By client"
      description="Revenue is what was invoiced for the period's work; the effective rate divides it by the raw hours actually spent on that work."
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No client had work in this period.</p>
      ) : (
        <DataTable
          caption="By client"
          rows={rows}
          columns={columns}
          rowKey={(row) => row.clientId}
          fileName={`analytics-clients-${fileSuffix}`}
          initialSort={{ key: "revenue", direction: "descending" }}
        />
      )}
    </AnalyticsSection>
  );
}
