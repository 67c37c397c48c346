import { describe, expect, it } from "vitest";
import { capitalize, formatPrice, initialsOf } from "./format";

describe("formatPrice", () => {
  it("drops .00 from whole amounts only", () => {
    expect(formatPrice(18000)).toBe("$180");
    expect(formatPrice(1500)).toBe("$15");
    expect(formatPrice(1750)).toBe("$17.50");
    expect(formatPrice(123456)).toBe("$1,234.56");
  });
});

describe("initialsOf", () => {
  it("gives at most two letters", () => {
    expect(initialsOf("Ada", "Lovelace")).toBe("AL");
    expect(initialsOf("mary jane", "watson")).toBe("MW");
    expect(initialsOf("Acme Law Group")).toBe("AG");
    expect(initialsOf("Cher", null)).toBe("C");
    expect(initialsOf(" ", undefined)).toBe("");
  });
});

describe("capitalize", () => {
  it("uppercases the first letter", () => {
    expect(capitalize("lawyer")).toBe("Lawyer");
    expect(capitalize("")).toBe("");
  });
});
