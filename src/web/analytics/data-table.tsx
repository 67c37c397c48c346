import { type CsvValue, csvDocument } from "@core/csv";
import { Button } from "@web/components/ui/button";
import { saveFile } from "@web/lib/save-file";
import { cn } from "@web/lib/utils";
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";

/** One column: its header, its cell, its CSV value, and (when sortable) what it sorts by. */
export type Column<Row> = {
  key: string;
  header: string;
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
  csv: (row: Row) => CsvValue;
  sortBy?: (row: Row) => number | string;
};

type Sort = { key: string; direction: "ascending" | "descending" };

/**
 * The Analytics page's one table: the numbers behind each chart, readable by screen readers and
 * keyboard, sortable where a column says how, and exported as CSV exactly as shown (same rows, same
 * order, money as plain decimals so a spreadsheet sums them).
 */
export function DataTable<Row>({
  caption,
  rows,
  columns,
  rowKey,
  fileName,
  initialSort,
}: {
  caption: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** The CSV's name without ".csv". */
  fileName: string;
  initialSort?: Sort;
}) {
  const [sort, setSort] = useState<Sort | undefined>(initialSort);
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);

  const handleSort = (key: string) =>
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === "ascending" ? "descending" : "ascending" }
        : { key, direction: "descending" },
    );
  const handleExport = () =>
    saveFile(
      csvDocument(
        columns.map((column) => column.header),
        sorted.map((row) => columns.map((column) => column.csv(row))),
        { bom: true },
      ),
      `${fileName}.csv`,
    );

  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={handleExport} aria-label={`Export ${caption} as CSV`}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="overflow-x-auto rounded-xl border" aria-label={caption} tabIndex={0}>
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cn("px-4 py-3 font-medium", column.numeric && "text-right")}
                  aria-sort={sort?.key === column.key ? sort.direction : column.sortBy ? "none" : undefined}
                >
                  {column.sortBy ? (
                    <button
                      type="button"
                      onClick={() => handleSort(column.key)}
                      className="inline-flex items-center gap-1 rounded-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {column.header}
                      <SortIcon direction={sort?.key === column.key ? sort.direction : undefined} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {sorted.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cn("px-4 py-3 align-top", column.numeric && "text-right tabular-nums whitespace-nowrap")}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function SortIcon({ direction }: { direction?: Sort["direction"] }) {
  const Icon = direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown;
  return <Icon className="size-3.5" aria-hidden="true" />;
}

function sortRows<Row>(rows: readonly Row[], columns: readonly Column<Row>[], sort: Sort | undefined): readonly Row[] {
  const by = sort && columns.find((column) => column.key === sort.key)?.sortBy;
  if (!sort || !by) return rows;
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = by(a);
    const y = by(b);
    return sign * (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y)));
  });
}
