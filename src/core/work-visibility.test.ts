import { describe, expect, it } from "vitest";
import { ROLES } from "./permissions.js";
import { seesAllWork, seesRates, workOwnerFilter } from "./work-visibility.js";

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
