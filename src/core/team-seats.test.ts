import { describe, expect, it } from "vitest";
import { seatLimit, seatQuantity, TRIAL_SEAT_LIMIT } from "./team-seats.js";

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
