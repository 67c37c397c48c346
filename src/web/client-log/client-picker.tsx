import type { ClientResponse } from "@core/contracts/clients";
import { EmptyState } from "@web/components/empty-state";
import { clientRateLabel } from "@web/clients/client-rate";
import { Users } from "lucide-react";
import { Badge } from "@web/components/ui/badge";
import { Skeleton } from "@web/components/ui/skeleton";

/** Case-insensitive substring of the name or the email. */
export function matchesSearch(client: Pick<ClientResponse, "name" | "email">, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return client.name.toLowerCase().includes(needle) || (client.email ?? "").toLowerCase().includes(needle);
}

/** The client cards to pick from: rate in its own unit (docs/decisions.md D6) and case type. Scrolls at a maximum height. */
export function ClientPicker({
  clients,
  isLoading,
  search,
  currency,
  onSelect,
}: {
  clients: ClientResponse[];
  isLoading: boolean;
  search: string;
  currency: string;
  onSelect: (client: ClientResponse) => void;
}) {
  if (isLoading) {
    return (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  const shown = clients.filter((client) => matchesSearch(client, search));
  if (shown.length === 0) {
    return (
      <EmptyState icon={Users} title={clients.length === 0 ? "No clients yet" : "No clients match your search"}>
        {clients.length === 0 ? "Add a client on the Clients page to see their activity here." : "Try another name or email."}
      </EmptyState>
    );
  }
  return (
    <ul className="grid max-h-[28rem] gap-3 overflow-y-auto p-1 sm:grid-cols-2 lg:grid-cols-3" aria-label="Clients">
      {shown.map((client) => (
        <li key={client.id}>
          <button
            type="button"
            onClick={() => onSelect(client)}
            className="flex h-full w-full flex-col items-start gap-1 rounded-xl border bg-card p-4 text-left shadow-sm outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="font-medium">{client.name}</span>
            <span className="text-sm text-muted-foreground">{client.company || client.email || "\u00a0"}</span>
            <span className="mt-1 flex flex-wrap items-center gap-2">
              {client.effectiveBillingRate === undefined ? null : (
                <span className="text-sm tabular-nums">{clientRateLabel(client, currency)}</span>
              )}
              {client.caseType ? <Badge variant="secondary">{client.caseType}</Badge> : null}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
