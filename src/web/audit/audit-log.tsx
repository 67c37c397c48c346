import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditPage } from "@core/contracts/audit";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ChoiceSelect } from "@web/components/choice-select";
import { EmptyState } from "@web/components/empty-state";
import { QueryGate } from "@web/components/query-gate";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { useAuth } from "@web/hooks/use-auth";
import { apiGet } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { pagePath } from "@web/lib/use-paged-list";
import { Download, ScrollText } from "lucide-react";
import { useMemo, useState } from "react";
import { AuditEventItem } from "./audit-event-item";

const ENTITY_LABELS: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  client: "Clients",
  call: "Calls",
  email: "Emails",
  invoice: "Invoices",
  invoice_line: "Invoice lines",
  settings: "Settings",
  user: "Users and sign-ins",
  integration: "Integrations",
  mailbox: "Mailbox",
};
const ACTION_LABELS: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  created: "Created",
  updated: "Updated",
  deleted: "Deleted",
  signed_in: "Signed in",
};
const ANY = "any";
const ENTITY_CHOICES = [
  { value: ANY, label: "Everything" },
  ...AUDIT_ENTITIES.map((value) => ({ value, label: ENTITY_LABELS[value] })),
];
const ACTION_CHOICES = [
  { value: ANY, label: "Any change" },
  ...AUDIT_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] })),
];

type Filters = { q: string; entity: string; action: string; from: string; to: string };

/** The filters as GET /api/audit's query string (empty ones left out). */
function filterQuery(filters: Filters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.entity !== ANY) params.set("entity", filters.entity);
  if (filters.action !== ANY) params.set("action", filters.action);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  return params.toString();
}

/**
 * Settings → Audit log (docs/audit-trail.md): every recorded change of the account, newest first, searched
 * by text, record kind, action and days (the account's zone); 50 at a time; the same search as CSV.
 */
export function AuditLog() {
  const { user } = useAuth();
  const timezone = user?.timezone ?? "UTC";
  const [draft, setDraft] = useState<Filters>({ q: "", entity: ANY, action: ANY, from: "", to: "" });
  const [filters, setFilters] = useState<Filters>(draft);
  const query = filterQuery(filters);
  const [listPath] = queryKeys.auditLog(query);
  const log = useInfiniteQuery({
    queryKey: queryKeys.auditLog(query),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      (await apiGet<AuditPage>(pagePath(listPath, pageParam), { on401: "throw", signal })) ?? { events: [], nextCursor: null },
    getNextPageParam: (last) => last.nextCursor,
  });
  const events = useMemo(() => log.data?.pages.flatMap((page) => page.events), [log.data]);
  const set = (field: keyof Filters) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  return (
    <div className="grid gap-4">
      <form
        aria-label="Search the audit log"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
        }}
      >
        <div className="grid min-w-48 flex-1 gap-1.5">
          <Label htmlFor="audit-q">Search</Label>
          <Input
            id="audit-q"
            type="search"
            placeholder="A value, a field, an email…"
            value={draft.q}
            maxLength={200}
            onChange={(event) => set("q")(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-entity">Record</Label>
          <ChoiceSelect
            id="audit-entity"
            triggerClassName="w-44"
            value={draft.entity}
            onValueChange={set("entity")}
            choices={ENTITY_CHOICES}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <ChoiceSelect
            id="audit-action"
            triggerClassName="w-36"
            value={draft.action}
            onValueChange={set("action")}
            choices={ACTION_CHOICES}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            className="w-40"
            value={draft.from}
            onChange={(event) => set("from")(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            className="w-40"
            value={draft.to}
            onChange={(event) => set("to")(event.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
        <Button asChild variant="outline">
          <a href={`/api/audit/export${query ? `?${query}` : ""}`} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </form>
      <QueryGate
        query={{ data: events, isLoading: log.isLoading, error: log.error, refetch: log.refetch }}
        loading={<Skeleton className="h-64 w-full" />}
        errorMessage="The audit log could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState icon={ScrollText} title={query ? "No change matches this search" : "No change recorded yet"}>
            {query
              ? "Try fewer words or a wider range of days."
              : "Changes to clients, calls, invoices and settings will be listed here."}
          </EmptyState>
        }
      >
        {(list) => (
          <>
            <ol className="divide-y rounded-lg border px-4" aria-label="Audit log">
              {list.map((event) => (
                <AuditEventItem key={event.id} event={event} timezone={timezone} />
              ))}
            </ol>
            {log.hasNextPage ? (
              <Button
                variant="outline"
                className="justify-self-center"
                disabled={log.isFetchingNextPage}
                onClick={() => log.fetchNextPage()}
              >
                {log.isFetchingNextPage ? <Spinner /> : null}
                Show older changes
              </Button>
            ) : null}
          </>
        )}
      </QueryGate>
    </div>
  );
}
