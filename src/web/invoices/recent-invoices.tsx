import type { InvoiceJson, InvoiceListItemJson } from "@core/contracts/invoices";
import { formatHoursMinutes } from "@core/duration";
import { formatInvoiceDate } from "@core/invoices";
import { formatDecimalMoney } from "@core/money";
import { dateRangeLabel } from "@core/period";
import { Ban, CheckCircle2, Download, ExternalLink, FileText, Send, Trash2 } from "lucide-react";
import { EmptyState } from "@web/components/empty-state";
import { LoadMore } from "@web/components/load-more";
import { QueryGate } from "@web/components/query-gate";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { HistoryButton } from "@web/audit/record-history-dialog";
import { LedesExportButtons } from "@web/legal-billing/ledes-export-buttons";
import { EVERYONE, MemberPicker, pickedUserId } from "@web/team/member-picker";
import { usePracticePeople } from "@web/team/use-practice-people";
import { useState } from "react";
import { InvoiceStatusBadge } from "./invoice-status-badge";
import { pdfUrl, useInvoices, useMarkInvoicePaid } from "./use-invoices";

export type InvoiceActions = {
  onSend: (invoice: InvoiceJson) => void;
  onVoid: (invoice: InvoiceJson) => void;
  onDelete: (invoice: InvoiceJson) => void;
};

/**
 * "Recent Invoices": each invoice with its figures and the actions its status allows. In a practice of several
 * people a member picker keeps the invoices with at least one line by that member (issue 26 §2).
 */
export function RecentInvoices(actions: InvoiceActions) {
  const team = usePracticePeople();
  const [member, setMember] = useState(EVERYONE);
  const invoices = useInvoices(team.offered ? pickedUserId(member) : undefined);
  const gate = {
    data: invoices.data ? invoices.items : undefined,
    isLoading: invoices.isLoading,
    error: invoices.error,
    refetch: invoices.refetch,
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Invoices</CardTitle>
        <CardDescription>Drafts can be sent or deleted; a sent invoice is marked paid or voided, never edited.</CardDescription>
        {team.offered && (
          <MemberPicker
            people={team.people}
            value={member}
            onValueChange={setMember}
            label="Work by"
            everyoneLabel="Every member"
            className="grid gap-1.5 pt-2"
          />
        )}
      </CardHeader>
      <CardContent>
        <QueryGate
          query={gate}
          loading={
            <ul className="flex flex-col gap-3" aria-label="Loading invoices">
              {[0, 1, 2].map((key) => (
                <li key={key}>
                  <Skeleton className="h-[9.5rem] w-full rounded-lg sm:h-[8.25rem]" />
                </li>
              ))}
            </ul>
          }
          errorMessage="The invoices could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState icon={FileText} title="No invoices yet">
              Choose a period and a client on the left, then Generate Invoice to bill their calls and emails.
            </EmptyState>
          }
        >
          {(list) => (
            <div className="grid gap-3">
              <ul className="flex flex-col gap-3">
                {list.map((invoice) => (
                  <InvoiceRow key={invoice.id} invoice={invoice} {...actions} />
                ))}
              </ul>
              <LoadMore
                shown={list.length}
                noun="invoices"
                hasMore={invoices.hasNextPage}
                isLoading={invoices.isFetchingNextPage}
                onLoadMore={() => void invoices.fetchNextPage()}
              />
            </div>
          )}
        </QueryGate>
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function InvoiceRow({ invoice, onSend, onVoid, onDelete }: InvoiceActions & { invoice: InvoiceListItemJson }) {
  const markPaid = useMarkInvoicePaid();
  const label = `invoice ${invoice.invoiceNumber}`;
  return (
    <li className="rounded-lg border p-4" data-testid="invoice-row" aria-label={`Invoice ${invoice.invoiceNumber}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold tabular-nums">{invoice.invoiceNumber}</p>
          <p className="truncate text-sm text-muted-foreground">
            {invoice.clientName} · {dateRangeLabel(invoice.dateFrom, invoice.dateTo)}
          </p>
        </div>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Figure label="Calls" value={String(invoice.totalCalls)} />
        <Figure label="Duration" value={formatHoursMinutes(invoice.totalDuration)} />
        <Figure label="Subtotal" value={formatDecimalMoney(invoice.subtotal, invoice.currency)} />
        <Figure label="Total" value={formatDecimalMoney(invoice.total, invoice.currency)} />
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        {invoice.status === "paid"
          ? "Paid"
          : invoice.status === "void"
            ? "Voided"
            : `Issued ${formatInvoiceDate(invoice.issueDate)} · Due ${formatInvoiceDate(invoice.dueDate)}`}
        {invoice.sentTo ? ` · Sent to ${invoice.sentTo}` : ""}
      </p>
      {invoice.timekeepers.length > 0 && (
        <p className="mt-1 text-xs text-muted-foreground" data-testid="invoice-timekeepers">
          {invoice.timekeepers.length === 1 ? "Timekeeper" : "Timekeepers"}: {invoice.timekeepers.join(", ")}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={pdfUrl(invoice.id)} target="_blank" rel="noopener" aria-label={`View ${label} (opens in a new tab)`}>
            <ExternalLink aria-hidden="true" />
            View
          </a>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <a href={pdfUrl(invoice.id, true)} download={`${invoice.invoiceNumber}.pdf`} aria-label={`Download ${label}`}>
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
        <LedesExportButtons invoice={invoice} />
        <HistoryButton kind="invoices" id={invoice.id} name={invoice.invoiceNumber} size="sm" />
        {invoice.status === "draft" ? (
          <>
            <Button size="sm" onClick={() => onSend(invoice)} aria-label={`Send ${label}`}>
              <Send aria-hidden="true" />
              Send
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={() => onDelete(invoice)}
              aria-label={`Delete draft ${invoice.invoiceNumber}`}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        ) : null}
        {invoice.status === "sent" ? (
          <>
            <Button
              size="sm"
              disabled={markPaid.isPending}
              onClick={() => markPaid.mutate({ invoice })}
              aria-label={`Mark ${label} as paid`}
            >
              {markPaid.isPending ? <Spinner /> : <CheckCircle2 aria-hidden="true" />}
              Mark as paid
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={() => onVoid(invoice)}
              aria-label={`Void ${label}`}
            >
              <Ban aria-hidden="true" />
              Void
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
