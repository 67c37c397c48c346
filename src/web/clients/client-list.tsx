import type { ClientResponse } from "@core/contracts/clients";
import { Plus, Users } from "lucide-react";
import { EmptyState } from "@web/components/empty-state";
import { QueryGate } from "@web/components/query-gate";
import { Button } from "@web/components/ui/button";
import { useAuth } from "@web/hooks/use-auth";
import { ClientCard, ClientCardSkeleton } from "./client-card";
import { useClients } from "./use-clients";
import { placeholderKeys } from "./placeholder-keys";

/** The client list shows 6 placeholders while loading. */
const SKELETON_CARDS = 6;

type ClientListProps = {
  onAdd: () => void;
  onViewLog: (client: ClientResponse) => void;
  onEdit: (client: ClientResponse) => void;
  onDelete: (client: ClientResponse) => void;
};

/** The "Client List" tab: a grid of client cards, skeletons while loading, an empty state with the next step. */
export function ClientList({ onAdd, ...actions }: ClientListProps) {
  const clients = useClients();
  const { user } = useAuth();
  const currency = user?.currency ?? "usd";

  return (
    <QueryGate
      query={clients}
      loading={
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading clients">
          {placeholderKeys(SKELETON_CARDS).map((key) => (
            <ClientCardSkeleton key={key} />
          ))}
        </div>
      }
      errorMessage="Your clients could not be loaded."
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          icon={Users}
          title="No clients yet"
          size="page"
          action={
            <Button onClick={onAdd} className="mt-2">
              <Plus aria-hidden="true" />
              Add Your First Client
            </Button>
          }
        >
          Get started by adding your first client to track billable time
        </EmptyState>
      }
    >
      {(list) => (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Clients">
          {list.map((client) => (
            <li key={client.id} className="grid">
              <ClientCard client={client} currency={currency} {...actions} />
            </li>
          ))}
        </ul>
      )}
    </QueryGate>
  );
}
