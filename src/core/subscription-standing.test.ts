import { describe, expect, it } from "vitest";
import { AppError } from "./errors.js";
import {
  PAYMENT_FAILED_MESSAGE,
  requireMayTrack,
  SUBSCRIPTION_ENDED_MESSAGE,
  TRIAL_ENDED_MESSAGE,
  trackingRefusal,
  trialDaysLeft,
} from "./subscription-standing.js";

const now = new Date("2026-11-25T12:00:00Z");
const later = new Date("2026-12-01T00:00:00Z");
const earlier = new Date("2026-11-20T00:00:00Z");

describe("trackingRefusal", () => {
  it("lets a trial that has not ended and an active subscription track", () => {
    expect(trackingRefusal({ subscriptionStatus: "trialing", trialEndsAt: later }, now)).toBeNull();
    expect(trackingRefusal({ subscriptionStatus: "trialing", trialEndsAt: null }, now)).toBeNull();
    expect(trackingRefusal({ subscriptionStatus: "active", trialEndsAt: earlier }, now)).toBeNull();
  });

  it("stops an ended trial, an unpaid subscription and an ended one, each with its sentence", () => {
    expect(trackingRefusal({ subscriptionStatus: "trialing", trialEndsAt: earlier }, now)).toBe(TRIAL_ENDED_MESSAGE);
    expect(trackingRefusal({ subscriptionStatus: "trialing", trialEndsAt: now }, now)).toBe(TRIAL_ENDED_MESSAGE);
    for (const status of ["past_due", "unpaid", "incomplete"]) {
      expect(trackingRefusal({ subscriptionStatus: status, trialEndsAt: null }, now)).toBe(PAYMENT_FAILED_MESSAGE);
    }
    for (const status of ["canceled", "incomplete_expired", "paused", "something_new"]) {
      expect(trackingRefusal({ subscriptionStatus: status, trialEndsAt: later }, now)).toBe(SUBSCRIPTION_ENDED_MESSAGE);
    }
  });

  it("requireMayTrack throws a 402 with that sentence", () => {
    const thrown = (() => {
      try {
        requireMayTrack({ subscriptionStatus: "unpaid", trialEndsAt: null }, now);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).status).toBe(402);
    expect((thrown as AppError).message).toBe(PAYMENT_FAILED_MESSAGE);
  });
});

describe("trialDaysLeft", () => {
  it("counts calendar days in the account's zone", () => {
    const signUp = new Date("2026-11-25T23:30:00Z");
    const ends = new Date(signUp.getTime() + 14 * 86_400_000);
    expect(trialDaysLeft(ends, signUp, "UTC")).toBe(14);
    // 23:30 UTC is already the 26th in Tokyo, and the end is on the 10th there too: still 14.
    expect(trialDaysLeft(ends, signUp, "Asia/Tokyo")).toBe(14);
    expect(trialDaysLeft(ends, new Date(ends.getTime() - 60_000), "UTC")).toBe(1);
  });

  it("is 0 once ended and null without a trial", () => {
    expect(trialDaysLeft(earlier, now, "UTC")).toBe(0);
    expect(trialDaysLeft(null, now, "UTC")).toBeNull();
  });
});
