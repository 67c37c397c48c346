import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceDuration } from "./price.js";
import { applyRoundingScope, ROUNDING_SCOPES, type ScopableLine } from "./rounding-scope.js";
import { ROUNDING_INCREMENTS } from "./rules.js";

type Line = ScopableLine & { id: number };

function call(id: number, workDate: string, durationSeconds: number, rules: Partial<ScopableLine> = {}): Line {
  const base = {
    id,
    kind: "call" as const,
    workDate,
    durationSeconds,
    rateCents: 15000,
    billingType: "hour" as const,
    minimumBillingMinutes: 0,
    roundingIncrementMinutes: 15,
    ...rules,
  };
  const priced = priceDuration(durationSeconds, {
    rateCents: base.rateCents,
    billingType: base.billingType,
    minimumBillingMinutes: base.minimumBillingMinutes,
    roundingIncrementMinutes: base.roundingIncrementMinutes as 1 | 6 | 15 | 30,
  });
  return { ...base, ...priced };
}

const sum = (lines: readonly { amountCents: number }[]) => lines.reduce((total, line) => total + line.amountCents, 0);
const billed = (lines: readonly { billedSeconds: number }[]) => lines.reduce((total, line) => total + line.billedSeconds, 0);

describe("applyRoundingScope: examples", () => {
  // Three 4-minute calls on one day at $150/h, 15-minute rounding.
  const day = [call(1, "2026-03-02", 240), call(2, "2026-03-02", 240), call(3, "2026-03-02", 240)];

  it("entry: each call is rounded on its own (3 × 15 min = $112.50)", () => {
    const lines = applyRoundingScope(day, "entry");
    expect(lines).toEqual(day);
    expect(sum(lines)).toBe(11250);
  });

  it("day: the day's 12 minutes are rounded once (15 min = $37.50), the last call carries the rounding", () => {
    const lines = applyRoundingScope(day, "day");
    expect(lines.map((line) => line.billedSeconds)).toEqual([240, 240, 420]);
    expect(lines.map((line) => line.amountCents)).toEqual([1000, 1000, 1750]);
    expect(sum(lines)).toBe(3750);
  });

  it("day: two days are two groups; invoice: one group across days", () => {
    const twoDays = [...day, call(4, "2026-03-03", 240)];
    expect(sum(applyRoundingScope(twoDays, "day"))).toBe(3750 + 3750);
    // 16 minutes → 30 minutes = $75.00
    expect(sum(applyRoundingScope(twoDays, "invoice"))).toBe(7500);
  });

  it("applies the minimum to the group, not to each call", () => {
    const withMinimum = [
      call(1, "2026-03-02", 60, { minimumBillingMinutes: 30 }),
      call(2, "2026-03-02", 60, { minimumBillingMinutes: 30 }),
    ];
    expect(sum(applyRoundingScope(withMinimum, "entry"))).toBe(15000);
    expect(billed(applyRoundingScope(withMinimum, "day"))).toBe(1800);
    expect(sum(applyRoundingScope(withMinimum, "day"))).toBe(7500);
  });

  it("never groups flat calls, emails or calls priced with other rules", () => {
    const mixed: Line[] = [
      call(1, "2026-03-02", 240),
      call(2, "2026-03-02", 240, { billingType: "call", rateCents: 5000 }),
      { ...call(3, "2026-03-02", 240), kind: "email" },
      call(4, "2026-03-02", 240, { rateCents: 20000 }),
    ];
    const lines = applyRoundingScope(mixed, "day");
    expect(lines[1]).toEqual(mixed[1]);
    expect(lines[2]).toEqual(mixed[2]);
    expect(lines[0]?.amountCents).toBe(3750);
    expect(lines[3]?.amountCents).toBe(5000);
  });
});

/** Lines with their prices computed by the same rules in BigInt, grouped independently of the code under test. */
function independentTotal(lines: readonly Line[], scope: (typeof ROUNDING_SCOPES)[number]): bigint {
  let total = 0n;
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    if (scope === "entry" || line.kind !== "call" || line.billingType === "call") {
      total += BigInt(line.amountCents);
      continue;
    }
    const key = `${scope === "day" ? line.workDate : "*"}/${line.rateCents}/${line.billingType}/${line.minimumBillingMinutes}/${line.roundingIncrementMinutes}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  for (const group of groups.values()) {
    const first = group[0] as Line;
    const raw = group.reduce((s, line) => s + BigInt(line.durationSeconds), 0n);
    const step = BigInt(first.roundingIncrementMinutes * 60);
    const rounded = ((raw + step - 1n) / step) * step;
    const billedSeconds = rounded > BigInt(first.minimumBillingMinutes * 60) ? rounded : BigInt(first.minimumBillingMinutes * 60);
    const unit = first.billingType === "minute" ? 60n : 3600n;
    const numerator = billedSeconds * BigInt(first.rateCents);
    total += (2n * numerator + unit) / (2n * unit); // half up
  }
  return total;
}

const lineArbitrary = fc
  .record({
    day: fc.integer({ min: 1, max: 4 }),
    seconds: fc.integer({ min: 0, max: 4 * 3600 }),
    rate: fc.constantFrom(0, 30, 150, 10001, 15000, 400),
    type: fc.constantFrom("hour" as const, "minute" as const, "call" as const),
    minimum: fc.constantFrom(0, 6, 15, 60),
    increment: fc.constantFrom(...ROUNDING_INCREMENTS),
    kind: fc.constantFrom("call" as const, "call" as const, "email" as const),
    id: fc.nat(),
  })
  .map(
    (r): Line => ({
      ...call(r.id, `2026-03-0${r.day}`, r.seconds, {
        rateCents: r.rate,
        billingType: r.type,
        minimumBillingMinutes: r.minimum,
        roundingIncrementMinutes: r.increment,
      }),
      kind: r.kind,
    }),
  );

describe("applyRoundingScope laws", () => {
  const lists = fc.array(lineArbitrary, { maxLength: 25 });

  it("the total equals an independent BigInt pricing of each group's summed raw time", () => {
    fc.assert(
      fc.property(lists, fc.constantFrom(...ROUNDING_SCOPES), (lines, scope) => {
        expect(BigInt(sum(applyRoundingScope(lines, scope)))).toBe(independentTotal(lines, scope));
      }),
    );
  });

  it("keeps every line, its order and its raw time; amounts and billed time are never negative", () => {
    fc.assert(
      fc.property(lists, fc.constantFrom(...ROUNDING_SCOPES), (lines, scope) => {
        const scoped = applyRoundingScope(lines, scope);
        expect(scoped.map((line) => [line.id, line.durationSeconds])).toEqual(
          lines.map((line) => [line.id, line.durationSeconds]),
        );
        for (const line of scoped) {
          expect(Number.isSafeInteger(line.amountCents) && line.amountCents >= 0).toBe(true);
          expect(line.billedSeconds).toBeGreaterThanOrEqual(
            line.kind === "call" && line.billingType !== "call" && scope !== "entry" ? line.durationSeconds : 0,
          );
        }
      }),
    );
  });

  it("rounding a bigger group never bills more time than rounding smaller ones: invoice ≤ day ≤ entry", () => {
    fc.assert(
      fc.property(lists, (lines) => {
        const timed = lines.filter((line) => line.kind === "call" && line.billingType !== "call");
        const entry = billed(applyRoundingScope(timed, "entry"));
        const day = billed(applyRoundingScope(timed, "day"));
        const invoice = billed(applyRoundingScope(timed, "invoice"));
        expect(day).toBeLessThanOrEqual(entry);
        expect(invoice).toBeLessThanOrEqual(day);
      }),
    );
  });

  it("a group of one call is priced exactly like the call alone", () => {
    fc.assert(
      fc.property(lineArbitrary, fc.constantFrom(...ROUNDING_SCOPES), (line, scope) => {
        const [scoped] = applyRoundingScope([line], scope);
        expect(scoped?.amountCents).toBe(line.amountCents);
        expect(scoped?.billedSeconds).toBe(line.billedSeconds);
      }),
    );
  });
});
