import type { SubscriptionJson } from "@core/contracts/subscription";
import { getPlan } from "@core/plans";
import { monthlyPriceText, perUserText } from "@web/components/plan-price";
import { QueryGate } from "@web/components/query-gate";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { CreditCard, ExternalLink } from "lucide-react";
import { useState } from "react";
import { FieldsSkeleton } from "./fields-skeleton";
import { useOpenBillingPortal, useStartCheckout, useSubscription } from "./plan-billing-api";
import { ChangePlanDialog } from "./plan-billing-change-dialog";
import { useCheckoutReturn } from "./plan-billing-checkout-return";
import { PlanBillingSeats } from "./plan-billing-seats";

/** Stripe's statuses in words (the card-free trial is "trialing" too). */
const STATUS_LABELS: Record<string, string> = {
  trialing: "Free trial",
  active: "Active",
  past_due: "Payment past due",
  unpaid: "Unpaid",
  canceled: "Canceled",
  incomplete: "Payment incomplete",
  incomplete_expired: "Expired",
  paused: "Paused",
};

const dateText = (instant: string | null) =>
  instant ? new Date(instant).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }) : "—";

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Settings → Plan & Billing: plan, cycle, status, trial days, next payment, Manage
 * billing, change plan, and "Subscribe with a card" (Stripe Checkout) once tracking has stopped
 * without a live Stripe subscription.
 */
export function PlanBillingTab() {
  const subscription = useSubscription();
  useCheckoutReturn(subscription);
  return (
    <QueryGate
      query={subscription}
      loading={<FieldsSkeleton fields={4} label="Loading your plan" />}
      errorMessage="Your plan could not be loaded."
    >
      {(data) => <PlanBillingDetails subscription={data} />}
    </QueryGate>
  );
}

function PlanBillingDetails({ subscription }: { subscription: SubscriptionJson }) {
  const [changing, setChanging] = useState(false);
  const portal = useOpenBillingPortal();
  const checkout = useStartCheckout();
  const plan = getPlan(subscription.plan);
  // The one way to pay when tracking stopped and there is no Stripe subscription to update.
  const offerCheckout = subscription.canCheckout && !subscription.canTrack;
  const trialing = subscription.status === "trialing" && subscription.trialDaysLeft !== null;

  return (
    <div className="grid gap-6">
      {!subscription.canTrack && subscription.trackingMessage && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {subscription.trackingMessage} Everything you tracked stays available to read and export.
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Row label="Plan" testId="current-plan">
          {plan.name} · {monthlyPriceText(plan, subscription.billingCycle)}/month{perUserText(plan)}
        </Row>
        <Row label="Billing cycle" testId="current-cycle">
          {subscription.billingCycle === "annual" ? "Annual" : "Monthly"}
        </Row>
        <Row label="Status">
          <Badge variant={subscription.canTrack ? "success" : "destructive"}>
            {STATUS_LABELS[subscription.status] ?? subscription.status}
          </Badge>
        </Row>
        {trialing && (
          <Row label="Trial" testId="trial-days-left">
            {subscription.trialDaysLeft === 0
              ? "Ended"
              : `${subscription.trialDaysLeft} ${subscription.trialDaysLeft === 1 ? "day" : "days"} left (ends ${dateText(subscription.trialEndsAt)})`}
          </Row>
        )}
        <Row label={subscription.cancelAtPeriodEnd ? "Subscription ends" : "Next payment"} testId="next-payment">
          {dateText(subscription.currentPeriodEnd ?? (trialing ? subscription.trialEndsAt : null))}
        </Row>
      </dl>
      <PlanBillingSeats standing={`${subscription.plan}:${subscription.status}:${subscription.currentPeriodEnd ?? ""}`} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {offerCheckout && (
          <Button onClick={() => checkout.mutate()} disabled={checkout.isPending}>
            {checkout.isPending ? <Spinner /> : <CreditCard aria-hidden="true" />}
            Subscribe with a card
          </Button>
        )}
        {subscription.canManage && !offerCheckout && (
          <Button onClick={() => portal.mutate()} disabled={portal.isPending}>
            {portal.isPending ? <Spinner /> : <ExternalLink aria-hidden="true" />}
            Manage billing
          </Button>
        )}
        {subscription.canManage && offerCheckout && (
          <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
            {portal.isPending ? <Spinner /> : <ExternalLink aria-hidden="true" />}
            Manage billing
          </Button>
        )}
        <Button
          variant={subscription.canManage || offerCheckout ? "outline" : "default"}
          onClick={() => setChanging(true)}
          disabled={!subscription.canChangePlan}
        >
          <CreditCard aria-hidden="true" />
          Change plan
        </Button>
      </div>
      {subscription.changePlanNote && <p className="text-sm text-muted-foreground">{subscription.changePlanNote}</p>}
      {!subscription.stripeConfigured && (
        <p className="text-sm text-muted-foreground">
          Card payments are not configured on this server: set <code className="font-mono text-xs">STRIPE_SECRET_KEY</code> and{" "}
          <code className="font-mono text-xs">STRIPE_PUBLISHABLE_KEY</code> to offer Manage billing.
        </p>
      )}
      {changing && <ChangePlanDialog open={changing} onOpenChange={setChanging} subscription={subscription} />}
    </div>
  );
}
