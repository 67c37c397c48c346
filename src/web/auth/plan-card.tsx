import { annualTotalCents, type BillingCycle, type Plan } from "@core/plans";
import { RadioGroupItem } from "@web/components/ui/radio-group";
import { formatPrice } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { Check } from "lucide-react";

/** Price per month for the cycle, e.g. "$15". */
export function monthlyPriceText(plan: Plan, cycle: BillingCycle): string {
  return formatPrice(cycle === "annual" ? plan.annualPriceCents : plan.monthlyPriceCents);
}

/** "$180 billed annually". */
export function annualTotalText(plan: Plan): string {
  return `${formatPrice(annualTotalCents(plan))} billed annually`;
}

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
        <span className="flex items-baseline gap-1">
          <span className="text-3xl font-bold tracking-tight tabular-nums">{monthlyPriceText(plan, cycle)}</span>
          <span className="text-sm text-muted-foreground">/month{plan.perUser ? " per user" : ""}</span>
        </span>
        {cycle === "annual" ? (
          <span className="text-sm font-medium text-muted-foreground tabular-nums">{annualTotalText(plan)}</span>
        ) : null}
      </p>
      <ul className="grid gap-2 border-t pt-4 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
