import { CONNECTION_FAILED, STATUS_UNCHECKABLE, STRIPE_KEYS, type StripeTestResponse } from "@core/contracts/stripe";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { serverMessage } from "@web/lib/api";
import { CircleAlert, CircleCheck, RefreshCw, Settings2 } from "lucide-react";
import type { useStripeConnection } from "./use-stripe-test";

/** The connected account's rows, in order (the loading skeleton has one per row). */
const DETAIL_LABELS = ["Account ID", "Type", "Country", "Currency", "Email", "Business name"] as const;

/** One "label: value" row of the connected account. */
function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-all font-medium">{value || "—"}</dd>
    </div>
  );
}

/**
 * Payment Integration: the card provider's connection status. Shows "Connected" only
 * after Stripe itself answered the check (docs/decisions.md D12); without keys it says what to set.
 */
export function StripeConnectionCard({ connection }: { connection: ReturnType<typeof useStripeConnection> }) {
  const answer = connection.data;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Connection Status</CardTitle>
          <CardDescription>The Stripe account this server's secret key belongs to.</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge answer={answer} loading={connection.isLoading} failed={!answer && !connection.isLoading} />
          <Button variant="outline" size="sm" onClick={() => connection.refetch()} disabled={connection.isFetching}>
            <RefreshCw aria-hidden="true" className={connection.isFetching ? "animate-spin" : undefined} />
            Check again
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {connection.isLoading ? (
          <div className="grid gap-3 sm:grid-cols-3" aria-label="Checking the Stripe connection" role="status">
            {DETAIL_LABELS.map((label) => (
              <Skeleton key={label} className="h-10" />
            ))}
          </div>
        ) : !answer ? (
          <p role="alert" className="text-sm text-destructive">
            {STATUS_UNCHECKABLE}: {serverMessage(connection.error, "the server did not answer.")}
          </p>
        ) : !answer.configured ? (
          <div role="alert" className="grid gap-2 rounded-md border border-warning/50 bg-warning/10 p-4 text-sm">
            <p className="flex items-center gap-2 font-medium">
              <Settings2 className="size-4" aria-hidden="true" />
              Stripe is not configured
            </p>
            <p>{answer.message}</p>
            <p>
              Set{" "}
              {STRIPE_KEYS.map((key, i) => (
                <span key={key}>
                  {i > 0 && " and "}
                  <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{key}</code>
                </span>
              ))}{" "}
              (from the Stripe Dashboard → Developers → API keys), then restart the server.
            </p>
          </div>
        ) : !answer.success || !answer.details ? (
          <p role="alert" className="text-sm text-destructive">
            <span className="font-medium">{CONNECTION_FAILED}:</span> {answer.message}
          </p>
        ) : (
          <dl className="grid gap-4 text-sm sm:grid-cols-3" data-testid="stripe-account">
            <Detail label="Account ID" value={answer.details.id} />
            <Detail label="Type" value={answer.details.type} />
            <Detail label="Country" value={answer.details.country} />
            <Detail label="Currency" value={answer.details.defaultCurrency?.toUpperCase() ?? null} />
            <Detail label="Email" value={answer.details.email} />
            <Detail label="Business name" value={answer.details.businessProfile.name} />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function StatusBadge({ answer, loading, failed }: { answer: StripeTestResponse | undefined; loading: boolean; failed: boolean }) {
  if (loading) return <Badge variant="secondary">Checking…</Badge>;
  if (failed || !answer) return <Badge variant="destructive">Unknown</Badge>;
  if (!answer.configured) return <Badge variant="warning">Not configured</Badge>;
  if (!answer.success)
    return (
      <Badge variant="destructive">
        <CircleAlert aria-hidden="true" />
        Connection failed
      </Badge>
    );
  return (
    <Badge variant="success">
      <CircleCheck aria-hidden="true" />
      Connected
    </Badge>
  );
}
