import type { CallProposalJson } from "@core/contracts/calendar-feed";
import { platformLabel } from "@core/contracts/calls";
import { formatHoursMinutes } from "@core/duration";
import { formatInstant } from "@web/clients/format-instant";
import { QueryError } from "@web/components/query-gate";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { Check, X } from "lucide-react";
import { useCallProposals, useProposalActions } from "./use-call-proposals";

/**
 * The dashboard's "Meetings to confirm" (docs/calendar-capture.md): meetings from the calendar feed with a client
 * among the attendees, with the platform its join link names, each confirmed with one click (it becomes a priced call in Recent Calls) or
 * dismissed. Shown only while there are any (or while they load or fail to load).
 */
export function MeetingsToConfirm({ timezone }: { timezone: string }) {
  const proposals = useCallProposals();
  const { confirm, dismiss } = useProposalActions();
  const list = proposals.data?.proposals ?? [];
  if (proposals.isSuccess && list.length === 0) return null;
  return (
    <Card aria-labelledby="meetings-to-confirm-title" data-testid="meetings-to-confirm">
      <CardHeader>
        <CardTitle as="h2" id="meetings-to-confirm-title">
          Meetings to confirm
        </CardTitle>
        <CardDescription>From your calendar: meetings with a client. Confirm to bill them as calls.</CardDescription>
      </CardHeader>
      <CardContent>
        {proposals.isLoading ? (
          <div className="grid gap-3" aria-hidden="true">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : proposals.isError ? (
          <QueryError message="Meetings to confirm could not be loaded." onRetry={() => proposals.refetch()} />
        ) : (
          <ul className="divide-y" aria-label="Meetings to confirm">
            {list.map((proposal) => (
              <ProposalRow
                key={proposal.id}
                proposal={proposal}
                timezone={timezone}
                busy={
                  (confirm.isPending && confirm.variables?.id === proposal.id) ||
                  (dismiss.isPending && dismiss.variables?.id === proposal.id)
                }
                onConfirm={() => confirm.mutate(proposal)}
                onDismiss={() => dismiss.mutate(proposal)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ProposalRow({
  proposal,
  timezone,
  busy,
  onConfirm,
  onDismiss,
}: {
  proposal: CallProposalJson;
  timezone: string;
  busy: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const title = proposal.title ?? "Untitled meeting";
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="meeting-to-confirm">
      <div className="min-w-0">
        <p className="truncate font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">
          {proposal.clientName ?? "Unknown Client"} · {formatInstant(proposal.startsAt, timezone, "MMM d, yyyy HH:mm")} ·{" "}
          <span className="tabular-nums">{formatHoursMinutes(proposal.durationSeconds)}</span>
          {proposal.platform ? (
            <>
              {" · "}
              <span data-testid="meeting-platform">{platformLabel(proposal.platform)}</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" disabled={busy || proposal.clientId === null} onClick={onConfirm} aria-label={`Confirm ${title}`}>
          {busy ? <Spinner /> : <Check aria-hidden="true" />}
          Confirm
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={onDismiss} aria-label={`Dismiss ${title}`}>
          <X aria-hidden="true" />
          Dismiss
        </Button>
      </div>
    </li>
  );
}
