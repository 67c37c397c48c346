import { annualTotalCents, type BillingCycle, type Plan, pricePerMonthCents } from "@core/plans";
import { Check } from "lucide-react";
import { formatPrice } from "@web/lib/format";
import { cn } from "@web/lib/utils";

/** Price per month for the cycle, e.g. "$15". */
export function monthlyPriceText(plan: Plan, cycle: BillingCycle): string {
  return formatPrice(pricePerMonthCents(plan, cycle));
}

/** " per user" for a plan priced per seat, "" otherwise: said after every price of that plan. */
export function perUserText(plan: Plan): string {
  return plan.perUser ? " per user" : "";
}

/** "$180 billed annually". */
export function annualTotalText(plan: Plan): string {
  return `${formatPrice(annualTotalCents(plan))} billed annually`;
}

/**
 * "$15 /month per user" as the sign-up plan cards and the pricing page both show it: the price
 * large, the unit small, on one baseline.
 */
export function PlanPrice({
  plan,
  cycle,
  as: Tag = "span",
  priceClassName,
  priceTestId,
}: {
  plan: Plan;
  cycle: BillingCycle;
  as?: "span" | "p";
  /** The price's size, e.g. "text-3xl". */
  priceClassName: string;
  priceTestId?: string;
}) {
  return (
    <Tag className="flex items-baseline gap-1">
      <span className={cn("font-bold tracking-tight tabular-nums", priceClassName)} data-testid={priceTestId}>
        {monthlyPriceText(plan, cycle)}
      </span>
      <span className="text-sm text-muted-foreground">/month{perUserText(plan)}</span>
    </Tag>
  );
}

/** A plan's features, each with a check, under a rule. */
export function PlanFeatures({ plan, className }: { plan: Plan; className: string }) {
  return (
    <ul className={cn("grid gap-2 border-t text-sm", className)}>
      {plan.features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
