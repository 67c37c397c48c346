import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { priceDuration } from "../../core/pricing/price.js";
import { generateSeed, type SeedOptions } from "./generate-seed.js";

const options: SeedOptions = {
  calls: 3000,
  clients: 200,
  years: 3,
  now: new Date("2026-06-15T16:00:00Z"),
  timezone: "America/New_York",
  rules: { rateCents: 15000, billingType: "hour", minimumBillingMinutes: 0, roundingIncrementMinutes: 1 },
  paymentTermsDays: 30,
  seed: 7,
};

describe("generateSeed", () => {
  const plan = generateSeed(options);

  it("makes the asked-for clients and calls, the same for the same seed", () => {
    expect(plan.clients).toHaveLength(200);
    expect(plan.calls).toHaveLength(3000);
    expect(generateSeed(options).calls.slice(0, 5)).toEqual(plan.calls.slice(0, 5));
    expect(generateSeed({ ...options, seed: 8 }).calls[0]).not.toEqual(plan.calls[0]);
  });

  it("spreads calls over the years, all ended before now, oldest first", () => {
    const first = plan.calls[0]!.startedAt.getTime();
    const last = plan.calls[plan.calls.length - 1]!;
    expect(options.now.getTime() - first).toBeGreaterThan(2.9 * 365 * 86_400_000);
    expect(last.endedAt.getTime()).toBeLessThanOrEqual(options.now.getTime());
    for (let i = 1; i < plan.calls.length; i++) expect(plan.calls[i]!.startedAt >= plan.calls[i - 1]!.startedAt).toBe(true);
  });

  it("prices every call with the one pricing function and the rules it stores", () => {
    for (const call of plan.calls) {
      const priced = priceDuration(call.durationSeconds, {
        rateCents: call.rateCents,
        billingType: call.billingType,
        minimumBillingMinutes: call.minimumBillingMinutes,
        roundingIncrementMinutes: call.roundingIncrementMinutes as 1 | 6 | 15 | 30,
      });
      expect(priced).toEqual({ billedSeconds: call.billedSeconds, amountCents: call.amountCents });
    }
  });

  it("bills past months on one invoice per client and month, and leaves the current month unbilled", () => {
    const currentMonth = "2026-06";
    const monthOf = (d: Date) => {
      const z = new TZDate(d.getTime(), options.timezone);
      return `${z.getFullYear()}-${String(z.getMonth() + 1).padStart(2, "0")}`;
    };
    for (const call of plan.calls) {
      const invoice = call.invoiceIndex === null ? null : plan.invoices[call.invoiceIndex]!;
      if (monthOf(call.startedAt) === currentMonth || call.clientIndex === null) expect(invoice).toBeNull();
      else {
        expect(invoice!.clientIndex).toBe(call.clientIndex);
        expect(invoice!.dateFrom.slice(0, 7)).toBe(monthOf(call.startedAt));
      }
    }
    const sequences = plan.invoices.map((invoice) => invoice.sequence);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    const total = plan.calls.filter((c) => c.invoiceIndex !== null).reduce((sum, c) => sum + c.amountCents, 0);
    expect(plan.invoices.reduce((sum, invoice) => sum + invoice.subtotalCents, 0)).toBe(total);
    expect(new Set(plan.invoices.filter((i) => i.dateFrom.startsWith("2026-05")).map((i) => i.status))).toEqual(new Set(["draft"]));
    expect(new Set(plan.invoices.filter((i) => i.dateFrom.startsWith("2026-04")).map((i) => i.status))).toEqual(new Set(["sent"]));
    expect(new Set(plan.invoices.filter((i) => i.dateFrom.startsWith("2026-03")).map((i) => i.status))).toEqual(new Set(["paid"]));
  });
});
