import { type BillingCycle, getPlan, maxAnnualSavingPercent, PLANS, type PlanId, TRIAL_DAYS } from "@core/plans";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { RadioGroup, SegmentedControl } from "@web/components/ui/radio-group";
import { Spinner } from "@web/components/ui/spinner";
import { useFocusOnMount } from "@web/hooks/use-focus-on-mount";
import { ArrowLeft } from "lucide-react";
import { PlanCard } from "./plan-card";

const CYCLE_OPTIONS = [
  { value: "monthly", label: "Monthly" },
  { value: "annual", label: "Annual" },
] as const;

/** "Choose Your Plan": billing cycle, the two plans, Back and Continue. */
export function PlanStep({
  planId,
  onPlanChange,
  billingCycle,
  onBillingCycleChange,
  onBack,
  onContinue,
  isPending,
  focusHeading,
}: {
  planId: PlanId;
  onPlanChange: (plan: PlanId) => void;
  billingCycle: BillingCycle;
  onBillingCycleChange: (cycle: BillingCycle) => void;
  onBack: () => void;
  onContinue: () => void;
  isPending: boolean;
  focusHeading: boolean;
}) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focusHeading);
  const plan = getPlan(planId);

  return (
    <section aria-labelledby="plan-step-title" className="grid gap-6">
      <div className="grid gap-2 text-center">
        <h1 id="plan-step-title" ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          Choose Your Plan
        </h1>
        <p className="text-muted-foreground">Select the perfect plan for your practice</p>
        <p className="text-sm font-medium text-success">{TRIAL_DAYS}-day free trial · no credit card required</p>
      </div>

      <div className="flex flex-wrap items-center justify-center gap-3">
        <SegmentedControl
          aria-label="Billing cycle"
          value={billingCycle}
          onValueChange={onBillingCycleChange}
          options={CYCLE_OPTIONS}
        />
        {billingCycle === "annual" ? <Badge variant="success">Save up to {maxAnnualSavingPercent()}%</Badge> : null}
      </div>

      <RadioGroup
        aria-label="Plan"
        value={planId}
        onValueChange={(value) => {
          const next = PLANS.find((p) => p.id === value);
          if (next) onPlanChange(next.id);
        }}
        className="grid gap-4 md:grid-cols-2"
      >
        {PLANS.map((p) => (
          <PlanCard key={p.id} plan={p} cycle={billingCycle} selected={p.id === planId} />
        ))}
      </RadioGroup>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={isPending}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button onClick={onContinue} disabled={isPending} className="sm:min-w-56">
          {isPending ? (
            <>
              <Spinner />
              Setting up...
            </>
          ) : (
            `Continue with ${plan.name}`
          )}
        </Button>
      </div>
    </section>
  );
}
