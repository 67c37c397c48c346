/**
 * The one plan catalogue. The pricing page, the sign-up plan step and the
 * server's validation all read it, so the annual saving can never disagree (docs/decisions.md D5).
 * Prices are whole US dollars per month, kept in cents like all money.
 */
export const PLAN_IDS = ["individual", "team"] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const BILLING_CYCLES = ["monthly", "annual"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const TRIAL_DAYS = 14;

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  /** Price per month when billed monthly. */
  monthlyPriceCents: number;
  /** Price per month when billed annually. */
  annualPriceCents: number;
  perUser: boolean;
  features: readonly string[];
};

export const PLANS: readonly Plan[] = [
  {
    id: "individual",
    name: "Individual",
    description: "For solo professionals who bill their own time.",
    monthlyPriceCents: 1700,
    annualPriceCents: 1500,
    perUser: false,
    features: [
      "Unlimited tracked meetings and calls",
      "Unlimited invoices (PDF and email)",
      "1 calendar/account integration",
      "Call duration tracking from one platform",
      "Auto-invoicing and dashboard access",
      "Email support",
    ],
  },
  {
    id: "team",
    name: "Team",
    description: "For practices that share clients and billing.",
    monthlyPriceCents: 1400,
    annualPriceCents: 1200,
    perUser: true,
    features: [
      "All Individual features",
      "Centralized admin dashboard",
      "Multi-provider platform access",
      "Role-based permissions",
      "Shared client database",
      "API access for billing-system integrations",
      "Priority support",
    ],
  },
];

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** What a year costs when billed annually ($180 for Individual). */
export function annualTotalCents(plan: Plan): number {
  return plan.annualPriceCents * 12;
}

/** What a year costs when billed monthly ($204 for Individual). */
export function monthlyTotalCents(plan: Plan): number {
  return plan.monthlyPriceCents * 12;
}

/** Whole-percent saving of annual over monthly billing for one plan, rounded down so we never overstate it. */
export function annualSavingPercent(plan: Plan): number {
  return Math.floor(((plan.monthlyPriceCents - plan.annualPriceCents) * 100) / plan.monthlyPriceCents);
}

/** The best saving across the catalogue: the "Save up to N%" badge. */
export function maxAnnualSavingPercent(plans: readonly Plan[] = PLANS): number {
  return Math.max(...plans.map(annualSavingPercent));
}

/** The price per month a customer pays on a billing cycle ($17 monthly, $15 annual for Individual). */
export function pricePerMonthCents(plan: Plan, cycle: BillingCycle): number {
  return cycle === "annual" ? plan.annualPriceCents : plan.monthlyPriceCents;
}

/** What twelve months cost on a billing cycle ($204 monthly, $180 annual for Individual). */
export function yearlyTotalCents(plan: Plan, cycle: BillingCycle): number {
  return cycle === "annual" ? annualTotalCents(plan) : monthlyTotalCents(plan);
}

/** What annual billing saves over a year of monthly billing ($24 for Individual). */
export function annualSavingCents(plan: Plan): number {
  return monthlyTotalCents(plan) - annualTotalCents(plan);
}
