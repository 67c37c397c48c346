import type { CallJson, ClientEmailJson } from "@core/contracts/calls";
import type { ClientDetailResponse, ClientInvoiceJson } from "@core/contracts/clients";
import { formatHoursMinutes } from "@core/duration";
import { formatDecimalMoney } from "@core/money";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Clock, DollarSign, Pencil, Phone as PhoneIcon, Receipt } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { HistoryButton } from "@web/audit/record-history-dialog";
import { LoadMore } from "@web/components/load-more";
import { QueryGate } from "@web/components/query-gate";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/hooks/use-auth";
import { useDocumentTitle } from "@web/hooks/use-document-title";
import { ApiError, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { usePagedList } from "@web/lib/use-paged-list";
import { ActivityEmpty, ActivitySkeleton, CallsTable, EmailsTable, InvoicesTable } from "./client-activity-tables";
import { ClientAvatar } from "./client-avatar";
import { ClientFormDialog } from "./client-form-dialog";
import { ClientLegalCard } from "./client-legal-card";
import { clientRateLabel } from "./client-rate";
import { DeleteClientDialog } from "./delete-client-dialog";
import { formatInstant } from "./format-instant";
import { placeholderKeys } from "./placeholder-keys";

/** "no minimum, billed to the minute" / "minimum 15 min, rounded up to 6 min". */
function billingRulesText(client: Pick<ClientDetailResponse, "effectiveMinimumBillingMinutes" | "effectiveRoundingIncrementMinutes">): string {
  const minimum = client.effectiveMinimumBillingMinutes;
  const step = client.effectiveRoundingIncrementMinutes;
  return `${minimum > 0 ? `minimum ${minimum} min` : "no minimum"}, ${step > 1 ? `rounded up to ${step} min` : "billed to the minute"}`;
}

function BackToClients() {
  return (
    <Button asChild variant="outline">
      <Link href="/clients">
        <ArrowLeft aria-hidden="true" />
        Back to Clients
      </Link>
    </Button>
  );
}

function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card className="gap-2 py-4 sm:py-5">
      <CardHeader className="flex-row items-center justify-between px-4 sm:px-5">
        <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
          {label}
        </CardTitle>
        <span className="text-muted-foreground [&_svg]:size-4">{icon}</span>
      </CardHeader>
      <CardContent className="px-4 sm:px-5 text-xl font-bold tabular-nums break-words sm:text-2xl">{value}</CardContent>
    </Card>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-line break-words">{children}</dd>
    </div>
  );
}

/** Rows per page of a tab (docs/paging.md). */
const TAB_PAGE_SIZE = 50;

/**
 * One list tab's body: placeholders while loading, the tab's empty text, or the table of the pages
 * loaded so far with "Load more" (a client with years of calls no longer arrives in one answer).
 */
function ActivityList<T>({
  queryKey,
  empty,
  total,
  noun,
  render,
}: {
  queryKey: readonly [string];
  empty: string;
  total: number;
  noun: string;
  render: (rows: T[]) => ReactNode;
}) {
  const list = usePagedList<T>(queryKey);
  const gate = { data: list.data ? list.items : undefined, isLoading: list.isLoading, error: list.error, refetch: list.refetch };
  return (
    <QueryGate
      query={gate}
      loading={<ActivitySkeleton />}
      errorMessage="This list could not be loaded."
      isEmpty={(rows) => rows.length === 0}
      empty={<ActivityEmpty message={empty} />}
    >
      {(rows) => (
        <div className="grid gap-2">
          {render(rows)}
          <LoadMore
            shown={rows.length}
            total={total}
            noun={noun}
            hasMore={list.hasNextPage}
            isLoading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
          />
        </div>
      )}
    </QueryGate>
  );
}

/** Client detail: totals, client info, and the Calls, Emails and Invoices tabs. */
export default function ClientDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const currency = user?.currency ?? "usd";
  const timezone = user?.timezone ?? "UTC";
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { data: client, isLoading, error } = useQuery<ClientDetailResponse>({ queryKey: queryKeys.client(id) });
  useDocumentTitle(client?.name);

  if (isLoading) {
    return (
      <div className="grid gap-6" role="status" aria-label="Loading client">
        <Skeleton className="h-10 w-64" />
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {placeholderKeys(4).map((key) => (
            <Skeleton key={key} className="h-28" />
          ))}
        </div>
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (!client) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
        <h1 className="text-xl font-semibold">{missing ? "Client not found" : "This client could not be loaded"}</h1>
        <p className="text-muted-foreground">
          {missing ? "It may have been deleted, or the link is wrong." : serverMessage(error, "Please try again.")}
        </p>
        <BackToClients />
      </div>
    );
  }

  const { summary } = client;
  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <ClientAvatar name={client.name} className="size-14 text-lg" />
          <div className="min-w-0">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
              <span className="break-words">{client.name}</span>
              {client.archived ? <Badge variant="outline">Archived</Badge> : null}
            </h1>
            {client.email ? <p className="truncate text-muted-foreground">{client.email}</p> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <BackToClients />
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <HistoryButton kind="clients" id={client.id} name={client.name} />
          {client.archived ? null : (
            <Button variant="destructive" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          )}
        </div>
      </div>

      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total Calls" value={summary.totalCalls} icon={<PhoneIcon aria-hidden="true" />} />
        <StatCard label="Total Time" value={formatHoursMinutes(summary.totalDurationSeconds)} icon={<Clock aria-hidden="true" />} />
        <StatCard
          label="Total Revenue"
          value={formatDecimalMoney(summary.totalRevenue, currency)}
          icon={<DollarSign aria-hidden="true" />}
        />
        <StatCard label="Billing Rate" value={clientRateLabel(client, currency)} icon={<Receipt aria-hidden="true" />} />
      </div>

      <Card className="mb-6">
        <CardHeader>
          <CardTitle as="h2">Client Information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <InfoRow label="Company">{client.company}</InfoRow>
            <InfoRow label="Phone">{client.phone}</InfoRow>
            <InfoRow label="Case Type">{client.caseType}</InfoRow>
            <InfoRow label="Address">{client.address}</InfoRow>
            <InfoRow label="Billing">
              <span className="tabular-nums">{clientRateLabel(client, currency)}</span>
              {client.billingRate === null ? " (your default)" : ""}, {billingRulesText(client)}
            </InfoRow>
            <InfoRow label="Client since">{formatInstant(client.createdAt, timezone, "MMMM d, yyyy")}</InfoRow>
            <InfoRow label="Notes">{client.notes}</InfoRow>
          </dl>
        </CardContent>
      </Card>

      <ClientLegalCard clientId={client.id} />

      <Tabs defaultValue="calls">
        <TabsList>
          <TabsTrigger value="calls">Calls ({summary.totalCalls})</TabsTrigger>
          <TabsTrigger value="emails">Emails ({summary.totalEmails})</TabsTrigger>
          <TabsTrigger value="invoices">Invoices ({summary.totalInvoices})</TabsTrigger>
        </TabsList>
        <TabsContent value="calls">
          <ActivityList<CallJson>
            queryKey={queryKeys.callsPage(`clientId=${id}&limit=${TAB_PAGE_SIZE}`)}
            empty="No calls recorded yet"
            total={summary.totalCalls}
            noun="calls"
            render={(calls) => <CallsTable calls={calls} currency={currency} timezone={timezone} />}
          />
        </TabsContent>
        <TabsContent value="emails">
          <ActivityList<ClientEmailJson>
            queryKey={queryKeys.emailsPage(`clientId=${id}&limit=${TAB_PAGE_SIZE}`)}
            empty="No emails tracked yet"
            total={summary.totalEmails}
            noun="emails"
            render={(emails) => <EmailsTable emails={emails} currency={currency} timezone={timezone} />}
          />
        </TabsContent>
        <TabsContent value="invoices">
          <ActivityList<ClientInvoiceJson>
            queryKey={queryKeys.invoicesPage(`clientId=${id}&limit=${TAB_PAGE_SIZE}`)}
            empty="No invoices generated yet"
            total={summary.totalInvoices}
            noun="invoices"
            render={(invoices) => <InvoicesTable invoices={invoices} />}
          />
        </TabsContent>
      </Tabs>

      <ClientFormDialog open={editing} onOpenChange={setEditing} client={client} />
      <DeleteClientDialog
        client={deleting ? client : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate("/clients")}
      />
    </>
  );
}
