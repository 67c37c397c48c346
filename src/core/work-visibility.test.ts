import { describe, expect, it } from "vitest";
import { ROLES } from "./permissions.js";
import { seesAllWork, seesRates, withoutRates, workOwnerFilter } from "./work-visibility.js";

describe("whose work a person sees (issue 26 §2)", () => {
  it("shows owner, admin and billing the whole practice's work, a member only their own", () => {
    expect(ROLES.filter(seesAllWork)).toEqual(["owner", "admin", "billing"]);
    expect(workOwnerFilter({ userId: 7, role: "owner" })).toBeNull();
    expect(workOwnerFilter({ userId: 7, role: "billing" })).toBeNull();
    expect(workOwnerFilter({ userId: 7, role: "member" })).toBe(7);
  });

  it("scopes an unknown role to its own work, never the practice's", () => {
    expect(workOwnerFilter({ userId: 9, role: "superuser" })).toBe(9);
  });
});

describe("who sees rates and amounts (issue 26 §2)", () => {
  it("shows them to roles with rates:read whatever the practice chose", () => {
    for (const role of ["owner", "admin", "billing"]) {
      expect(seesRates(role, { membersSeeRates: false }), role).toBe(true);
      expect(seesRates(role, { membersSeeRates: true }), role).toBe(true);
    }
  });

  it("hides them from a member unless the practice allows members to see them", () => {
    expect(seesRates("member", { membersSeeRates: false })).toBe(false);
    expect(seesRates("member", { membersSeeRates: true })).toBe(true);
    expect(seesRates("superuser", { membersSeeRates: true })).toBe(false);
  });
});

describe("answers without rates (issue 26 §2)", () => {
  it("drops every rate and amount field at any depth and keeps the rest", () => {
    const page = {
      items: [{ id: 1, duration: 60, amount: "2.50", billableAmount: "2.50", rate: "150.00", clientName: "Acme" }],
      nextCursor: null,
    };
    expect(withoutRates(page)).toEqual({ items: [{ id: 1, duration: 60, clientName: "Acme" }], nextCursor: null });
    const client = { id: 2, billingRate: null, effectiveBillingRate: "150.00", summary: { totalCalls: 3, totalRevenue: "9.00" } };
    expect(withoutRates(client)).toEqual({ id: 2, summary: { totalCalls: 3 } });
    expect(withoutRates({ defaultBillingRate: "150.00", role: "member" })).toEqual({ role: "member" });
  });

  it("leaves values that are not objects as they are", () => {
    expect(withoutRates("amount")).toBe("amount");
    expect(withoutRates(null)).toBeNull();
    expect(withoutRates([1, 2])).toEqual([1, 2]);
  });
});
