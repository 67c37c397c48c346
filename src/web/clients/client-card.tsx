import type { ClientResponse } from "@core/contracts/clients";
import { History, Mail, Pencil, Phone, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@web/components/ui/tooltip";
import { ClientAvatar } from "./client-avatar";
import { clientRateLabel } from "./client-rate";

type ClientCardProps = {
  client: ClientResponse;
  currency: string;
  onViewLog: (client: ClientResponse) => void;
  onEdit: (client: ClientResponse) => void;
  onDelete: (client: ClientResponse) => void;
};

function IconAction({
  label,
  onClick,
  children,
  destructive = false,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  destructive?: boolean;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          onClick={onClick}
          className={destructive ? "text-destructive hover:bg-destructive/10 hover:text-destructive" : undefined}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** One client in the Client List grid. */
export function ClientCard({ client, currency, onViewLog, onEdit, onDelete }: ClientCardProps) {
  return (
    <Card className="gap-4 py-5" data-testid="client-card">
      <CardContent className="grid gap-4 px-5">
        <div className="flex items-start gap-3">
          <ClientAvatar name={client.name} />
          <div className="min-w-0 flex-1">
            <h3 className="truncate font-semibold leading-tight">
              <Link
                href={`/clients/${client.id}`}
                className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {client.name}
              </Link>
            </h3>
            {client.company ? <p className="truncate text-sm text-muted-foreground">{client.company}</p> : null}
          </div>
          <div className="-mt-1 -mr-2 flex shrink-0">
            <IconAction label={`View log for ${client.name}`} onClick={() => onViewLog(client)}>
              <History aria-hidden="true" />
            </IconAction>
            <IconAction label={`Edit ${client.name}`} onClick={() => onEdit(client)}>
              <Pencil aria-hidden="true" />
            </IconAction>
            <IconAction label={`Delete ${client.name}`} onClick={() => onDelete(client)} destructive>
              <Trash2 aria-hidden="true" />
            </IconAction>
          </div>
        </div>
        <dl className="grid gap-1.5 text-sm">
          {client.email ? (
            <div className="flex min-w-0 items-center gap-2">
              <dt>
                <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
                <span className="sr-only">Email</span>
              </dt>
              <dd className="truncate">
                <a
                  href={`mailto:${client.email}`}
                  className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {client.email}
                </a>
              </dd>
            </div>
          ) : null}
          {client.phone ? (
            <div className="flex min-w-0 items-center gap-2">
              <dt>
                <Phone className="size-4 text-muted-foreground" aria-hidden="true" />
                <span className="sr-only">Phone</span>
              </dt>
              <dd className="truncate">{client.phone}</dd>
            </div>
          ) : null}
        </dl>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          {/* No rate in the answer: a member whose practice hides rates (server/work/hide-rates.ts). */}
          {client.effectiveBillingRate === undefined ? (
            <span />
          ) : (
            <p className="text-sm">
              <span className="text-muted-foreground">Billing Rate: </span>
              <span className="font-medium tabular-nums">{clientRateLabel(client, currency)}</span>
              {client.billingRate === null ? <span className="text-muted-foreground"> (default)</span> : null}
            </p>
          )}
          {client.caseType ? <Badge variant="secondary">{client.caseType}</Badge> : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** A card-sized placeholder while the list loads. */
export function ClientCardSkeleton() {
  return (
    <Card className="gap-4 py-5">
      <CardContent className="grid gap-4 px-5">
        <div className="flex items-start gap-3">
          <Skeleton className="size-11 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
        <div className="grid gap-2">
          <Skeleton className="h-3 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </div>
        <div className="flex justify-between border-t pt-3">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-5 w-20" />
        </div>
      </CardContent>
    </Card>
  );
}
