import { describe, expect, it } from "vitest";
import {
  assertValidRules,
  BILLING_TYPES,
  type BillingRules,
  isRoundingIncrement,
  ROUNDING_INCREMENTS,
  resolveRules,
  toBillingType,
  toRoundingIncrement,
} from "./rules.js";

const account: BillingRules = { rateCents: 400, billingType: "minute", minimumBillingMinutes: 15, roundingIncrementMinutes: 6 };

describe("ROUNDING_INCREMENTS and BILLING_TYPES", () => {
  it("lists the increments decision D8 allows (docs/decisions.md)", () => {
    expect(ROUNDING_INCREMENTS).toEqual([1, 6, 15, 30]);
  });

  it("re-exports the billing types from the contract", () => {
    expect(BILLING_TYPES).toEqual(["minute", "hour", "call"]);
  });
});

describe("isRoundingIncrement", () => {
  it.each([1, 6, 15, 30])("accepts %i", (value) => {
    expect(isRoundingIncrement(value)).toBe(true);
  });

  it.each([0, 5, 60, -1, 1.5, "6", null, undefined])("rejects %s", (value) => {
    expect(isRoundingIncrement(value)).toBe(false);
  });
});

describe("resolveRules", () => {
  it("uses the account defaults when the client overrides nothing", () => {
    expect(resolveRules(account, {})).toEqual(account);
    expect(resolveRules(account)).toEqual(account);
  });

  it("treats null as 'use the account default'", () => {
    expect(
      resolveRules(account, { rateCents: null, billingType: null, minimumBillingMinutes: null, roundingIncrementMinutes: null }),
    ).toEqual(account);
  });

  it("lets the client override each field on its own", () => {
    expect(resolveRules(account, { rateCents: 15000 })).toEqual({ ...account, rateCents: 15000 });
    expect(resolveRules(account, { billingType: "hour" })).toEqual({ ...account, billingType: "hour" });
    expect(resolveRules(account, { minimumBillingMinutes: 30 })).toEqual({ ...account, minimumBillingMinutes: 30 });
    expect(resolveRules(account, { roundingIncrementMinutes: 15 })).toEqual({ ...account, roundingIncrementMinutes: 15 });
  });

  it("keeps zero overrides (a free client, no minimum) instead of falling back", () => {
    expect(resolveRules(account, { rateCents: 0, minimumBillingMinutes: 0 })).toEqual({
      ...account,
      rateCents: 0,
      minimumBillingMinutes: 0,
    });
  });

  it("overrides everything at once", () => {
    const client = { rateCents: 5000, billingType: "call", minimumBillingMinutes: 0, roundingIncrementMinutes: 1 } as const;
    expect(resolveRules(account, client)).toEqual(client);
  });

  it("does not mutate its inputs", () => {
    const defaults = { ...account };
    const overrides = { rateCents: 1 };
    resolveRules(defaults, overrides);
    expect(defaults).toEqual(account);
    expect(overrides).toEqual({ rateCents: 1 });
  });
});

describe("assertValidRules", () => {
  it("accepts valid rules", () => {
    expect(() => assertValidRules(account)).not.toThrow();
    expect(() => assertValidRules({ ...account, rateCents: 0, minimumBillingMinutes: 0 })).not.toThrow();
  });

  it.each([
    ["a negative rate", { rateCents: -1 }],
    ["a fractional rate", { rateCents: 1.5 }],
    ["a NaN rate", { rateCents: Number.NaN }],
    ["a negative minimum", { minimumBillingMinutes: -5 }],
    ["a fractional minimum", { minimumBillingMinutes: 0.5 }],
    ["an unknown increment", { roundingIncrementMinutes: 10 }],
    ["an unknown billing type", { billingType: "day" }],
  ])("rejects %s", (_label, patch) => {
    expect(() => assertValidRules({ ...account, ...patch } as BillingRules)).toThrow(RangeError);
  });
});

describe("reading stored rule values", () => {
  it("passes the values the engine knows and throws for any other, never guessing one", () => {
    expect(ROUNDING_INCREMENTS.map(toRoundingIncrement)).toEqual([1, 6, 15, 30]);
    expect(BILLING_TYPES.map(toBillingType)).toEqual(["minute", "hour", "call"]);
    for (const bad of [0, 7, -1, 1.5, Number.NaN]) expect(() => toRoundingIncrement(bad)).toThrow(RangeError);
    for (const bad of ["", "Hour", "day", "sent"]) expect(() => toBillingType(bad)).toThrow(RangeError);
  });
});
