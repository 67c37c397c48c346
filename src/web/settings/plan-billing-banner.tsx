import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { CircleAlert } from "lucide-react";
import { Link } from "wouter";
import { useOpenBillingPortal, useStartCheckout, useSubscription } from "./plan-billing-api";

/**
 * The app shell's banner while the account may not track: the same sentence the
 * server answers, and one way to pay: Stripe Checkout when Stripe is configured and there is no
 * live subscription ("Subscribe with a card"), Stripe's portal for a subscription to pay,
 * otherwise Settings → Plan & Billing.
 */
export function PlanBillingBanner() {
  const subscription = useSubscription();
  const portal = useOpenBillingPortal();
  const checkout = useStartCheckout();
  const data = subscription.data;
  if (!data || data.canTrack) return null;
  return (
    <div role="alert" className="border-b border-destructive/40 bg-destructive/10" data-testid="tracking-stopped-banner">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 text-sm sm:flex-row sm:items-center sm:px-6 lg:px-8">
        <p className="flex flex-1 items-start gap-2">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>
            <span className="font-medium">Tracking is paused.</span> {data.trackingMessage} Your calls, emails and invoices stay
            available.
          </span>
        </p>
        {data.canCheckout ? (
          <Button size="sm" onClick={() => checkout.mutate()} disabled={checkout.isPending}>
            {checkout.isPending && <Spinner />}
            Subscribe with a card
          </Button>
        ) : data.canManage ? (
          <Button size="sm" onClick={() => portal.mutate()} disabled={portal.isPending}>
            {portal.isPending && <Spinner />}
            Update payment
          </Button>
        ) : (
          <Button size="sm" asChild>
            <Link href="/settings?tab=plan">Choose a plan</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
