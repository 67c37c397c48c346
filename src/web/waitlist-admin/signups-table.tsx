import type { WaitlistEntriesPage } from "@core/contracts/waitlist";
import { ChevronLeft, ChevronRight, Inbox } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";

const joinedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const th = "px-4 py-3 font-medium";
const td = "px-4 py-3 align-top";

function TableSkeleton() {
  return (
    <div className="grid gap-2 p-4" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => `row-${i}`).map((key) => (
        <Skeleton key={key} className="h-10 w-full" />
      ))}
    </div>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <Inbox className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">No signups yet</p>
      <p className="max-w-sm text-sm text-muted-foreground">Share the waitlist page; people who join appear here.</p>
      <Button asChild variant="outline">
        <Link href="/waitlist">Open the waitlist page</Link>
      </Button>
    </div>
  );
}

/** The signups, 50 per page, newest first, with Previous/Next paging. */
export function SignupsTable({
  data,
  isFetching,
  onPageChange,
}: {
  data: WaitlistEntriesPage | undefined;
  isFetching: boolean;
  onPageChange: (page: number) => void;
}) {
  if (!data) return <TableSkeleton />;
  const { entries, pagination } = data;
  if (pagination.total === 0) return <EmptyState />;
  const first = (pagination.page - 1) * pagination.limit + 1;
  const last = first + entries.length - 1;
  return (
    <div className="grid gap-4">
      {/* On a phone the table scrolls sideways; the region is focusable so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="overflow-x-auto rounded-xl border" aria-busy={isFetching} aria-label="Signups table" tabIndex={0}>
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">
            Waitlist signups, page {pagination.page} of {pagination.totalPages}
          </caption>
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              <th scope="col" className={th}>
                Email
              </th>
              <th scope="col" className={th}>
                Company
              </th>
              <th scope="col" className={th}>
                Company Size
              </th>
              <th scope="col" className={`${th} text-right`}>
                Joined
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={`${td} font-medium break-all`}>{entry.email}</td>
                <td className={td}>{entry.company ?? <span className="text-muted-foreground">—</span>}</td>
                <td className={`${td} tabular-nums`}>{entry.companySize ?? <span className="text-muted-foreground">—</span>}</td>
                <td className={`${td} text-right whitespace-nowrap tabular-nums`}>
                  <time dateTime={entry.createdAt}>{joinedFormat.format(new Date(entry.createdAt))}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <nav aria-label="Signups pages" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
        <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
          Showing {entries.length ? `${first}–${last}` : "0"} of {pagination.total} · Page {pagination.page} of {pagination.totalPages}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => onPageChange(pagination.page - 1)} disabled={pagination.page <= 1 || isFetching}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onPageChange(pagination.page + 1)}
            disabled={pagination.page >= pagination.totalPages || isFetching}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </nav>
    </div>
  );
}
