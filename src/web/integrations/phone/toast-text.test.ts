import { ENTER_PHONE_NUMBER, INVALID_PHONE_NUMBER, PHONE_NUMBER_REQUIRED } from "@core/contracts/phone";
import { describe, expect, it } from "vitest";
import { formatEventTime, toastText } from "./toast-text";

describe("toastText", () => {
  it("splits 'Title: description' messages at the first colon", () => {
    expect(toastText(INVALID_PHONE_NUMBER)).toEqual({
      title: "Invalid Phone Number",
      description: "Please enter a valid phone number with country code (e.g., +1 555-123-4567)",
    });
  });

  it("keeps a message without a short title whole", () => {
    expect(toastText(PHONE_NUMBER_REQUIRED)).toEqual({ title: "Phone Number Required" });
    expect(toastText(ENTER_PHONE_NUMBER)).toEqual({ title: "Please enter a phone number" });
    const long = "A sentence that runs on for quite a while before it has: a colon";
    expect(toastText(long)).toEqual({ title: long });
  });
});

describe("formatEventTime", () => {
  it("shows the instant in the account's time zone, and nothing for a bad one", () => {
    expect(formatEventTime("2026-03-02T15:04:05Z", "America/New_York")).toMatch(/10:04/);
    expect(formatEventTime("not a date", "UTC")).toBe("");
    expect(formatEventTime("2026-03-02T15:04:05Z", "Not/AZone")).toMatch(/2026/);
  });
});
