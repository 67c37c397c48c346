import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORMULA_TRIGGERS, safeCsvCell } from "./csv.js";

describe("safeCsvCell", () => {
  it.each([
    ["=HYPERLINK(\"http://evil\",\"x\")", "'=HYPERLINK(\"http://evil\",\"x\")"],
    ["+1 555 123 4567", "'+1 555 123 4567"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
  ])("neutralises %j", (value, expected) => {
    expect(safeCsvCell(value)).toBe(expected);
  });

  it.each(["Acme Ltd", "jane@example.com", "", " =not first", "2-5", "100+", "'already quoted"])("leaves %j as it is", (value) => {
    expect(safeCsvCell(value)).toBe(value);
  });

  it("passes the app's own numbers and booleans unchanged", () => {
    expect(safeCsvCell(-150.5)).toBe("-150.5");
    expect(safeCsvCell(42)).toBe("42");
    expect(safeCsvCell(10n)).toBe("10");
    expect(safeCsvCell(true)).toBe("true");
  });

  it("turns null and undefined into empty cells", () => {
    expect(safeCsvCell(null)).toBe("");
    expect(safeCsvCell(undefined)).toBe("");
  });

  it("never lets a string start with a trigger, and only ever adds one apostrophe", () => {
    fc.assert(
      fc.property(fc.constantFrom("", ...FORMULA_TRIGGERS), fc.string(), (prefix, rest) => {
        const value = prefix + rest;
        const safe = safeCsvCell(value);
        expect(FORMULA_TRIGGERS.some((trigger) => safe.startsWith(trigger))).toBe(false);
        expect(safe === value || safe === `'${value}`).toBe(true);
      }),
    );
  });
});
