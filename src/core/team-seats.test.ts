import { describe, expect, it } from "vitest";
import { assertPlanHolds, seatLimit, seatQuantity, TRIAL_SEAT_LIMIT } from "./team-seats.js";

describe("seatQuantity: what Stripe bills", () => {
  it("is one seat per member on the Team plan", () => {
    expect(seatQuantity("team", 2)).toBe(2);
    expect(seatQuantity("team", 50)).toBe(50);
  });
  it("never goes below one (the owner is always billed)", () => {
    expect(seatQuantity("team", 0)).toBe(1);
  });
  it("is one seat on the Individual plan whatever the count", () => {
    expect(seatQuantity("individual", 1)).toBe(1);
    expect(seatQuantity("individual", 3)).toBe(1);
  });
});

describe("seatLimit", () => {
  it("caps the Team trial at five and a paying Team account not at all", () => {
    expect(seatLimit({ plan: "team", subscriptionStatus: "trialing" })).toBe(TRIAL_SEAT_LIMIT);
    expect(seatLimit({ plan: "team", subscriptionStatus: "active" })).toBeNull();
    expect(seatLimit({ plan: "individual", subscriptionStatus: "active" })).toBe(1);
  });
});

describe("assertPlanHolds: a plan change that would drop members", () => {
  it("refuses the Individual plan while the practice has more than one member, naming the count and the way out", () => {
    expect(() => assertPlanHolds("individual", 2)).toThrow(
      "The Individual plan is for one person and your practice has 2 members. Remove the other members in Settings → Team first, then change the plan.",
    );
  });

  it("allows the Individual plan to a practice of one, and the Team plan to any", () => {
    expect(() => assertPlanHolds("individual", 1)).not.toThrow();
    expect(() => assertPlanHolds("team", 30)).not.toThrow();
  });
});
