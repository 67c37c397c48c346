import {
  annualSavingCents,
  type BillingCycle,
  maxAnnualSavingPercent,
  PLANS,
  type Plan,
  TRIAL_DAYS,
  yearlyTotalCents,
} from "@core/plans";
import { useState } from "react";
import { PlanFeatures, PlanPrice, perUserText } from "@web/components/plan-price";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { SegmentedControl } from "@web/components/ui/radio-group";
import { formatPrice } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { PublicLayout } from "./public-layout";

const CYCLE_OPTIONS = [
  { value: "monthly", label: "Monthly" },
  { value: "annual", label: "Annual" },
] as const;

const FAQ = [
  {
    question: "Do I need a credit card for the trial?",
    answer: `No. The ${TRIAL_DAYS}-day free trial starts without a card; you choose a plan when it ends.`,
  },
  {
    question: "How does Team pricing work?",
    answer: "Team is priced per user, so a practice pays for the people who track time and nothing more.",
  },
  {
    question: "Can I switch between monthly and annual billing?",
    answer: "Yes. Annual billing costs less per month; the saving is shown beside each plan.",
  },
];

function PlanPriceCard({ plan, cycle, featured }: { plan: Plan; cycle: BillingCycle; featured: boolean }) {
  const titleId = `plan-${plan.id}-title`;
  const yearly = formatPrice(yearlyTotalCents(plan, cycle));
  const perUser = perUserText(plan);
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`plan-${plan.id}`}
      className={cn(
        "relative flex flex-col gap-6 rounded-2xl border bg-card/95 p-6 text-card-foreground shadow-sm sm:p-8",
        featured && "border-2 border-primary shadow-md",
      )}
    >
      {featured ? <Badge className="absolute -top-3 left-6">Best for teams</Badge> : null}
      <div className="grid gap-1">
        <h2 id={titleId} className="text-xl font-semibold">
          {plan.name}
        </h2>
        <p className="text-sm text-muted-foreground">{plan.description}</p>
      </div>
      <div className="grid gap-1" aria-live="polite">
        <PlanPrice plan={plan} cycle={cycle} as="p" priceClassName="text-4xl" priceTestId="plan-price" />
        <p className="text-sm text-muted-foreground tabular-nums" data-testid="plan-total">
          {cycle === "annual"
            ? `${yearly}${perUser} billed annually · save ${formatPrice(annualSavingCents(plan))} a year`
            : `${yearly}${perUser} a year, billed monthly`}
        </p>
      </div>
      <Button asChild size="lg" variant={featured ? "default" : "outline"}>
        <a href="/api/login" aria-describedby={titleId}>
          Get Started
        </a>
      </Button>
      <PlanFeatures plan={plan} className="pt-6" />
    </article>
  );
}

/**
 * Pricing: the Monthly/Annual toggle and both plans from the one catalogue;
 * the saving badge is computed from it (docs/decisions.md D5). Get Started goes through /api/login.
 */
export default function PricingPage() {
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  const saving = maxAnnualSavingPercent();
  return (
    <PublicLayout>
      <div className="mx-auto grid max-w-3xl gap-4 px-4 pt-16 text-center sm:px-6">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Pricing</p>
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">Simple pricing for every practice</h1>
        <p className="text-lg text-pretty text-muted-foreground">
          Start with a {TRIAL_DAYS}-day free trial, no credit card required. Pick the plan that fits when you are ready.
        </p>
      </div>

      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-3 px-4 pt-10 sm:px-6">
        <SegmentedControl aria-label="Billing cycle" value={cycle} onValueChange={setCycle} options={CYCLE_OPTIONS} />
        <Badge variant={cycle === "annual" ? "success" : "secondary"}>Save up to {saving}% with annual billing</Badge>
      </div>

      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-2">
        {PLANS.map((plan) => (
          <PlanPriceCard key={plan.id} plan={plan} cycle={cycle} featured={plan.id === "team"} />
        ))}
      </div>

      <section aria-labelledby="faq-title" className="mx-auto w-full max-w-3xl px-4 pb-20 sm:px-6">
        <h2 id="faq-title" className="mb-6 text-center text-2xl font-bold tracking-tight">
          Questions
        </h2>
        <dl className="grid gap-4">
          {FAQ.map((item) => (
            <div key={item.question} className="rounded-xl border bg-card/90 p-5 shadow-sm">
              <dt className="font-semibold">{item.question}</dt>
              <dd className="mt-1 text-sm text-muted-foreground">{item.answer}</dd>
            </div>
          ))}
        </dl>
      </section>
    </PublicLayout>
  );
}
