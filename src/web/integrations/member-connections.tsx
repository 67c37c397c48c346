import type { MemberConnection, MemberConnectionList } from "@core/contracts/connections";
import { QueryGate } from "@web/components/query-gate";
import { Badge } from "@web/components/ui/badge";
import { Skeleton } from "@web/components/ui/skeleton";
import { queryKeys } from "@web/lib/query-keys";
import { useQuery } from "@tanstack/react-query";

/**
 * Settings → Integrations, above the sub-tabs (issue 26 §2, docs/team.md): the signed-in member's own
 * capture connections ("Your connections") and, for owner/admin, every member's. Status only: the
 * server answers no secret or webhook URL here.
 */
export function MemberConnections() {
  const list = useQuery<MemberConnectionList>({ queryKey: queryKeys.memberConnections() });
  return (
    <QueryGate
      query={list}
      loading={
        <div role="status" aria-busy="true" aria-label="Loading connections" className="grid gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      }
      errorMessage="Your connections could not be loaded."
    >
      {(data) => <ConnectionLists data={data} />}
    </QueryGate>
  );
}

function ConnectionLists({ data }: { data: MemberConnectionList }) {
  const mine = data.connections.filter((connection) => connection.member.isYou);
  const others = data.connections.filter((connection) => !connection.member.isYou);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="your-connections" className="grid gap-3">
        <h3 id="your-connections" className="text-base font-semibold">
          Your connections
        </h3>
        {mine.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            You have not connected a capture source yet: choose one below. What it captures is yours.
          </p>
        ) : (
          <ul className="divide-y rounded-md border">
            {mine.map((connection) => (
              <ConnectionRow key={connection.id} connection={connection} />
            ))}
          </ul>
        )}
      </section>
      {data.everyMember && (
        <section aria-labelledby="member-connections" className="grid gap-3">
          <h3 id="member-connections" className="text-base font-semibold">
            Every member's connections
          </h3>
          {others.length === 0 ? (
            <p className="text-sm text-muted-foreground">No other member has connected a capture source yet.</p>
          ) : (
            <ul className="divide-y rounded-md border">
              {others.map((connection) => (
                <ConnectionRow key={connection.id} connection={connection} showMember />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

function lastEvent(instant: string | null): string {
  return instant
    ? `Last event ${new Date(instant).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}`
    : "No event yet";
}

function ConnectionRow({ connection, showMember = false }: { connection: MemberConnection; showMember?: boolean }) {
  return (
    <li className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-3" data-testid="member-connection">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {showMember ? `${connection.member.name}: ${connection.label}` : connection.label}
        </p>
        <p className="text-xs text-muted-foreground">
          {connection.enabled ? lastEvent(connection.lastEventAt) : "Capture turned off"}
        </p>
      </div>
      <Badge variant={connection.status === "connected" ? "success" : "secondary"} className="w-fit">
        {connection.status}
      </Badge>
    </li>
  );
}
