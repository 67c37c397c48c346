import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  annualSavingCents,
  annualSavingPercent,
  annualTotalCents,
  getPlan,
  maxAnnualSavingPercent,
  monthlyTotalCents,
  PLANS,
  type Plan,
  pricePerMonthCents,
  TRIAL_DAYS,
  yearlyTotalCents,
} from "./plans.js";

const individual = getPlan("individual");
const team = getPlan("team");

describe("the plan catalogue", () => {
  it("has the two plans with their prices", () => {
    expect(PLANS.map((p) => p.id)).toEqual(["individual", "team"]);
    expect([individual.monthlyPriceCents, individual.annualPriceCents]).toEqual([1700, 1500]);
    expect([team.monthlyPriceCents, team.annualPriceCents]).toEqual([1400, 1200]);
    expect(team.perUser).toBe(true);
    expect(individual.perUser).toBe(false);
    expect(TRIAL_DAYS).toBe(14);
  });

  it("bills $180 and $144 a year on annual billing", () => {
    expect(annualTotalCents(individual)).toBe(18_000);
    expect(annualTotalCents(team)).toBe(14_400);
    expect(monthlyTotalCents(individual)).toBe(20_400);
    expect(monthlyTotalCents(team)).toBe(16_800);
  });

  it("gives the price and the yearly total per billing cycle", () => {
    expect(pricePerMonthCents(individual, "monthly")).toBe(1700);
    expect(pricePerMonthCents(individual, "annual")).toBe(1500);
    expect(pricePerMonthCents(team, "annual")).toBe(1200);
    expect(yearlyTotalCents(individual, "monthly")).toBe(20_400);
    expect(yearlyTotalCents(individual, "annual")).toBe(18_000);
    expect(yearlyTotalCents(team, "annual")).toBe(14_400);
    expect(annualSavingCents(individual)).toBe(2400);
    expect(annualSavingCents(team)).toBe(2400);
  });

  it("lists each plan's features, Team building on Individual", () => {
    expect(individual.features).toContain("Unlimited tracked meetings and calls");
    expect(individual.features).toContain("Email support");
    expect(team.features[0]).toBe("All Individual features");
    expect(team.features).toContain("Role-based permissions");
    expect(team.features).toContain("Priority support");
  });
});

describe("annual saving (docs/decisions.md D5)", () => {
  it("is computed from the prices, rounded down: 11% and 14%, so 'up to 14%'", () => {
    expect(annualSavingPercent(individual)).toBe(11);
    expect(annualSavingPercent(team)).toBe(14);
    expect(maxAnnualSavingPercent()).toBe(14);
  });

  it("never overstates the saving and is the best plan's saving", () => {
    const plan = fc
      .tuple(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }))
      .filter(([monthly, annual]) => annual <= monthly)
      .map(([monthly, annual]): Plan => ({ ...individual, monthlyPriceCents: monthly, annualPriceCents: annual }));
    fc.assert(
      fc.property(fc.array(plan, { minLength: 1, maxLength: 4 }), (plans) => {
        const best = maxAnnualSavingPercent(plans);
        for (const p of plans) {
          const exact = ((p.monthlyPriceCents - p.annualPriceCents) * 100) / p.monthlyPriceCents;
          const percent = annualSavingPercent(p);
          expect(percent).toBeLessThanOrEqual(exact);
          expect(percent).toBeGreaterThan(exact - 1);
          expect(best).toBeGreaterThanOrEqual(percent);
        }
        expect(plans.some((p) => annualSavingPercent(p) === best)).toBe(true);
      }),
    );
  });
});
