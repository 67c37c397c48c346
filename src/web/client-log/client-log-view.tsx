import { type CallJson, type ClientEmailJson, loggedSeconds, type PeriodTotalsJson } from "@core/contracts/calls";
import type { ClientResponse } from "@core/contracts/clients";
import { formatHoursMinutes } from "@core/duration";
import { formatDecimalMoney } from "@core/money";
import { dateRangeLabel, periodLabel, periodRange } from "@core/period";
import { TZDate } from "@date-fns/tz";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Search } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { clientRateLabel } from "@web/clients/client-rate";
import { StatCard } from "@web/components/stat-card";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Skeleton } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/hooks/use-auth";
import { LoadMore } from "@web/components/load-more";
import { queryKeys } from "@web/lib/query-keys";
import { type PagedList, usePagedList } from "@web/lib/use-paged-list";
import { EVERYONE, MemberPicker, pickedUserId } from "@web/team/member-picker";
import { usePracticePeople } from "@web/team/use-practice-people";
import { CallHistory } from "./call-history";
import { ClientExportLink } from "./client-export-link";
import { ClientPicker } from "./client-picker";
import { EmailHistory } from "./email-history";
import { type PeriodChoice, PeriodSelector } from "./period-selector";

/** What the invoice feature's buttons get: the client and the period on screen. */
export type ClientLogContext = { client: ClientResponse; startDate: string; endDate: string; periodLabel: string };

export type ClientLogViewProps = {
  /** Opens the log on this client (the Clients page's "view log"). */
  initialClientId?: number;
  /** Slot for "Get Invoice" on an uninvoiced, ended call (the invoices feature fills it). */
  renderCallActions?: (call: CallJson, context: ClientLogContext) => ReactNode;
  /** Slot for "Get Invoice" on an uninvoiced email. */
  renderEmailActions?: (email: ClientEmailJson, context: ClientLogContext) => ReactNode;
  /** Slot beside the call history's title, e.g. "Generate Invoice" for the period (its figures summed by the server). */
  renderHistoryActions?: (totals: PeriodTotalsJson | undefined, context: ClientLogContext) => ReactNode;
};

/** Rows per page of a history (docs/paging.md): a screenful and a little more. */
export const HISTORY_PAGE_SIZE = 50;

/**
 * The client log: search, period (today, this week, a month, a year in the
 * account's time zone), client cards, then the chosen client's summary and call and email histories.
 * In a practice of several people, owner, admin and billing may narrow it to one member's work (issue 26 §2).
 * Used by the Clients page's "Client Log" tab and by the standalone /client-log page.
 */
export function ClientLogView({
  initialClientId,
  renderCallActions,
  renderEmailActions,
  renderHistoryActions,
}: ClientLogViewProps) {
  const { user } = useAuth();
  const timezone = user?.timezone ?? "UTC";
  const currency = user?.currency ?? "usd";
  const [search, setSearch] = useState("");
  const [selectedId, setSelectedId] = useState<number | null>(initialClientId ?? null);
  const team = usePracticePeople();
  const [member, setMember] = useState(EVERYONE);
  const userId = team.offered ? pickedUserId(member) : undefined;
  const [period, setPeriod] = useState<PeriodChoice>(() => {
    const now = new TZDate(Date.now(), timezone);
    return { kind: "month", month: now.getMonth() + 1, year: now.getFullYear() };
  });
  useEffect(() => {
    if (initialClientId !== undefined) setSelectedId(initialClientId);
  }, [initialClientId]);

  const clients = useQuery<ClientResponse[]>({ queryKey: queryKeys.clients() });
  const selected = clients.data?.find((client) => client.id === selectedId) ?? null;

  // Computed on every render (cheap), so "today" and "this week" move at midnight in the account's zone.
  const range = periodRange({ kind: period.kind, timezone, now: new Date(), month: period.month, year: period.year });
  const label = periodLabel(
    period.kind === "month"
      ? { kind: "month", month: period.month, year: period.year }
      : { kind: period.kind, year: period.year },
  );
  const rangeLabel = dateRangeLabel(range.startDate, range.endDate);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        {selected ? (
          <div className="flex items-center gap-3">
            <Button variant="outline" size="sm" onClick={() => setSelectedId(null)}>
              <ArrowLeft aria-hidden="true" />
              Back to List
            </Button>
          </div>
        ) : (
          <div className="grid w-full max-w-sm gap-1.5">
            <label htmlFor="client-log-search" className="text-sm font-medium">
              Search clients
            </label>
            <div className="relative">
              <Search className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground" aria-hidden="true" />
              <Input
                id="client-log-search"
                type="search"
                placeholder="Search clients..."
                className="pl-9"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          </div>
        )}
        <div className="flex flex-wrap items-end gap-4">
          {team.offered && (
            <MemberPicker
              people={team.people}
              value={member}
              onValueChange={setMember}
              label="Work by"
              everyoneLabel="Every member"
            />
          )}
          <PeriodSelector value={period} onChange={setPeriod} timezone={timezone} />
        </div>
      </div>

      {selected ? (
        <SelectedClient
          client={selected}
          startDate={range.startDate}
          endDate={range.endDate}
          periodLabel={label}
          rangeLabel={rangeLabel}
          currency={currency}
          timezone={timezone}
          userId={userId}
          renderCallActions={renderCallActions}
          renderEmailActions={renderEmailActions}
          // Invoicing the period bills every member's unbilled work: offered on the whole practice's view only.
          renderHistoryActions={userId === undefined ? renderHistoryActions : undefined}
        />
      ) : selectedId !== null && clients.isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <ClientPicker
          clients={clients.data ?? []}
          isLoading={clients.isLoading}
          search={search}
          currency={currency}
          onSelect={(client) => setSelectedId(client.id)}
        />
      )}
    </div>
  );
}

function SelectedClient({
  client,
  startDate,
  endDate,
  periodLabel: label,
  rangeLabel,
  currency,
  timezone,
  userId,
  renderCallActions,
  renderEmailActions,
  renderHistoryActions,
}: {
  client: ClientResponse;
  startDate: string;
  endDate: string;
  periodLabel: string;
  rangeLabel: string;
  currency: string;
  timezone: string;
  /** One member's work only (the member filter), else everyone's the viewer may see. */
  userId: number | undefined;
} & Omit<ClientLogViewProps, "initialClientId">) {
  const member = userId === undefined ? "" : `&userId=${userId}`;
  const filters = `clientId=${client.id}&startDate=${startDate}&endDate=${endDate}${member}&limit=${HISTORY_PAGE_SIZE}`;
  // The cards and tab counts are the whole period's, summed by the server; the histories hold the pages shown.
  const totals = useQuery<PeriodTotalsJson>({
    queryKey: queryKeys.clientPeriodTotals(client.id, startDate, endDate, userId),
  });
  const calls = usePagedList<CallJson>(queryKeys.callsPage(filters));
  const emails = usePagedList<ClientEmailJson>(queryKeys.emailsPage(filters));
  const context: ClientLogContext = { client, startDate, endDate, periodLabel: label };
  // Both histories show the same period, money and time zone.
  const shown = { periodLabel: label, rangeLabel, currency, timezone };
  const figures = totals.data;

  const summary = [
    { title: "Calls", value: String(figures?.calls ?? 0) },
    { title: "Duration", value: formatHoursMinutes(figures ? loggedSeconds(figures) : 0) },
    { title: "Emails", value: String(figures?.emails ?? 0) },
    // No rates in the answers (a member whose practice hides them): no Revenue card either.
    ...(client.effectiveBillingRate === undefined
      ? []
      : [{ title: "Revenue", value: formatDecimalMoney(figures?.revenue ?? "0.00", currency) }]),
  ];
  const tabCount = (count: number | undefined, list: PagedList<unknown>) => count ?? list.items.length;

  return (
    <div className="grid gap-6">
      <div>
        <h2 className="font-bold text-xl">{client.name}</h2>
        <p className="text-sm text-muted-foreground">
          {[client.company, client.email].filter(Boolean).join(" · ")}
          {client.effectiveBillingRate === undefined ? null : (
            <>
              {client.company || client.email ? " · " : ""}
              <span className="tabular-nums">{clientRateLabel(client, currency)}</span>
            </>
          )}
        </p>
      </div>
      <section aria-label={`Activity summary, ${label}`} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {summary.map((item) => (
          <StatCard
            key={item.title}
            title={item.title}
            titleAs="h3"
            compact
            loading={totals.isLoading}
            value={item.value}
            testId={`summary-${item.title.toLowerCase()}`}
          />
        ))}
      </section>
      <Tabs defaultValue="calls">
        <TabsList>
          <TabsTrigger value="calls">Calls ({tabCount(figures?.calls, calls)})</TabsTrigger>
          <TabsTrigger value="emails">Emails ({tabCount(figures?.emails, emails)})</TabsTrigger>
        </TabsList>
        <TabsContent value="calls" className="mt-4">
          <CallHistory
            calls={calls.items}
            context={{ status: listStatus(calls), ...shown }}
            renderCallActions={renderCallActions ? (call) => renderCallActions(call, context) : undefined}
            actions={
              <div className="flex flex-wrap gap-2">
                <ClientExportLink client={client} startDate={startDate} endDate={endDate} />
                {renderHistoryActions?.(figures, context)}
              </div>
            }
            footer={<MoreRows list={calls} total={figures?.calls} noun="calls" />}
          />
        </TabsContent>
        <TabsContent value="emails" className="mt-4">
          <EmailHistory
            emails={emails.items}
            context={{ status: listStatus(emails), ...shown }}
            renderEmailActions={renderEmailActions ? (email) => renderEmailActions(email, context) : undefined}
            footer={<MoreRows list={emails} total={figures?.emails} noun="emails" />}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** A history's state for its frame: an error only when nothing could be shown. */
function listStatus(list: PagedList<unknown>) {
  return { isLoading: list.isLoading, isError: list.isError && list.items.length === 0 };
}

function MoreRows<T>({ list, total, noun }: { list: PagedList<T>; total: number | undefined; noun: string }) {
  return (
    <LoadMore
      shown={list.items.length}
      total={total}
      noun={noun}
      hasMore={list.hasNextPage}
      isLoading={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
    />
  );
}
