import type { SubscriptionJson } from "@core/contracts/subscription";
import { type BillingCycle, getPlan, maxAnnualSavingPercent, PLANS, type PlanId } from "@core/plans";
import { PlanCard } from "@web/auth/plan-card";
import { monthlyPriceText, perUserText } from "@web/components/plan-price";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { RadioGroup, SegmentedControl } from "@web/components/ui/radio-group";
import { Spinner } from "@web/components/ui/spinner";
import { useState } from "react";
import { useChangePlan } from "./plan-billing-api";

const CYCLE_OPTIONS = [
  { value: "monthly", label: "Monthly" },
  { value: "annual", label: "Annual" },
] as const;

/**
 * Change plan or billing cycle: the plan cards of sign-up (prices and the annual saving from the
 * one catalogue, docs/decisions.md D5), then a confirmation that says what will happen before
 * anything is sent (D10: ask once).
 */
export function ChangePlanDialog({
  open,
  onOpenChange,
  subscription,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subscription: SubscriptionJson;
}) {
  const [planId, setPlanId] = useState<PlanId>(subscription.plan);
  const [cycle, setCycle] = useState<BillingCycle>(subscription.billingCycle);
  const [confirming, setConfirming] = useState(false);
  const change = useChangePlan(() => {
    setConfirming(false);
    onOpenChange(false);
  });
  const unchanged = planId === subscription.plan && cycle === subscription.billingCycle;
  const plan = getPlan(planId);
  const paid = subscription.stripeConfigured && subscription.canManage;

  const close = (next: boolean) => {
    if (change.isPending) return;
    if (!next) setConfirming(false);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{confirming ? "Confirm plan change" : "Change plan"}</DialogTitle>
          <DialogDescription>
            {confirming
              ? `Switch to ${plan.name}, billed ${cycle === "annual" ? "annually" : "monthly"}, at ${monthlyPriceText(plan, cycle)}/month${perUserText(plan)}? ${
                  paid ? "Stripe prorates the difference on your next invoice." : "Your trial continues; nothing is charged now."
                }`
              : "Choose a plan and how often you are billed."}
          </DialogDescription>
        </DialogHeader>
        {!confirming && (
          <div className="grid gap-4">
            <div className="flex flex-wrap items-center gap-3">
              <SegmentedControl aria-label="Billing cycle" value={cycle} onValueChange={setCycle} options={CYCLE_OPTIONS} />
              {cycle === "annual" ? <Badge variant="success">Save up to {maxAnnualSavingPercent()}%</Badge> : null}
            </div>
            <RadioGroup
              aria-label="Plan"
              value={planId}
              onValueChange={(value) => {
                const next = PLANS.find((p) => p.id === value);
                if (next) setPlanId(next.id);
              }}
              className="grid gap-4 md:grid-cols-2"
            >
              {PLANS.map((p) => (
                <PlanCard key={p.id} plan={p} cycle={cycle} selected={p.id === planId} />
              ))}
            </RadioGroup>
          </div>
        )}
        <DialogFooter>
          {confirming ? (
            <>
              <Button variant="outline" onClick={() => setConfirming(false)} disabled={change.isPending}>
                Back
              </Button>
              <Button onClick={() => change.mutate({ plan: planId, billingCycle: cycle })} disabled={change.isPending}>
                {change.isPending && <Spinner />}
                {change.isPending ? "Changing..." : "Confirm change"}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button onClick={() => setConfirming(true)} disabled={unchanged}>
                Continue
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
