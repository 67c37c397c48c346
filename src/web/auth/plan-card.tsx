import type { BillingCycle, Plan } from "@core/plans";
import { annualTotalText, PlanFeatures, PlanPrice } from "@web/components/plan-price";
import { RadioGroupItem } from "@web/components/ui/radio-group";
import { cn } from "@web/lib/utils";

/**
 * One plan as a radio option (inside a RadioGroup). The plan name is the radio's label and is
 * stretched over the whole card, so a click anywhere selects it; arrow keys move between plans.
 */
export function PlanCard({ plan, cycle, selected }: { plan: Plan; cycle: BillingCycle; selected: boolean }) {
  const id = `plan-${plan.id}`;
  return (
    <div
      data-selected={selected}
      className={cn(
        "relative flex flex-col gap-4 rounded-xl border-2 bg-card p-5 text-card-foreground shadow-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-background sm:p-6",
        selected ? "border-primary bg-accent/40" : "border-border hover:border-input",
      )}
    >
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <label
            htmlFor={id}
            className="cursor-pointer text-lg font-semibold after:absolute after:inset-0 after:rounded-xl after:content-['']"
          >
            {plan.name}
          </label>
          <p className="text-sm text-muted-foreground">{plan.description}</p>
        </div>
        <RadioGroupItem id={id} value={plan.id} aria-describedby={`${id}-price`} className="relative z-10 mt-1" />
      </div>
      <p id={`${id}-price`} className="grid gap-1">
        <PlanPrice plan={plan} cycle={cycle} priceClassName="text-3xl" />
        {cycle === "annual" ? (
          <span className="text-sm font-medium text-muted-foreground tabular-nums">{annualTotalText(plan)}</span>
        ) : null}
      </p>
      <PlanFeatures plan={plan} className="pt-4" />
    </div>
  );
}
