import { getCountries } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { PHONE_COUNTRIES } from "./phone-countries.js";
import { isSupportedCountry, toE164 } from "./phone-numbers.js";

describe("toE164", () => {
  it("gives every spelling of the same US number one E.164 form", () => {
    for (const raw of [
      "(555) 123-4567",
      "555-123-4567",
      "555.123.4567",
      "+1 555 123 4567",
      "1 (555) 123-4567",
      "+15551234567",
      "tel:+1-555-123-4567",
    ]) {
      expect(toE164(raw, "US"), raw).toBe("+15551234567");
    }
  });

  it("reads national and international-prefix forms in the account's country", () => {
    expect(toE164("0044 20 7946 0958", "GB")).toBe("+442079460958");
    expect(toE164("020 7946 0958", "GB")).toBe("+442079460958");
    expect(toE164("+442079460958", "GB")).toBe("+442079460958");
    expect(toE164("+442079460958", "US")).toBe("+442079460958");
    expect(toE164("011 44 20 7946 0958", "US")).toBe("+442079460958");
  });

  it("reads a national number differently in another country", () => {
    expect(toE164("020 7946 0958", "US")).toBeNull();
    expect(toE164("030 1234567", "DE")).toBe("+49301234567");
  });

  it("drops an extension", () => {
    expect(toE164("+1 (212) 555-0100 ext. 12", "US")).toBe("+12125550100");
  });

  it("refuses text that is no phone number", () => {
    for (const raw of ["", "   ", "12", "abc", "jane@example.com", "9".repeat(80)]) expect(toE164(raw, "US"), raw).toBeNull();
  });

  it("reads only international numbers when the country is unknown", () => {
    expect(toE164("+15551234567", "ZZ")).toBe("+15551234567");
    expect(toE164("5551234567", "ZZ")).toBeNull();
  });
});

describe("isSupportedCountry", () => {
  it("knows the library's countries, in upper case only", () => {
    expect(isSupportedCountry("US")).toBe(true);
    expect(isSupportedCountry("GB")).toBe(true);
    expect(isSupportedCountry("us")).toBe(false);
    expect(isSupportedCountry("XX")).toBe(false);
    expect(isSupportedCountry("")).toBe(false);
  });

  it("lists exactly libphonenumber-js's countries (the browser's copy stays true)", () => {
    expect([...PHONE_COUNTRIES]).toEqual(getCountries());
  });
});
