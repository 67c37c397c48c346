import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AVATAR_COLORS, avatarColor, avatarInitials, formatRate, RATE_UNIT_LABELS } from "./avatar.js";

describe("avatarInitials", () => {
  it.each([
    ["Jane Smith", "JS"],
    ["jane smith", "JS"],
    ["Ada King Lovelace", "AL"],
    ["Madonna", "M"],
    ["  Jane   Smith  ", "JS"],
    ["Émile Zola", "ÉZ"],
    ["Dr. (Jane) Smith", "DS"],
    ["O'Brien & Partners", "OP"],
    ["3M Company", "3C"],
    ["", "?"],
    ["   ", "?"],
    ["— —", "?"],
  ])("%j → %s", (name, initials) => {
    expect(avatarInitials(name)).toBe(initials);
  });

  it("treats a missing name as unknown", () => {
    expect(avatarInitials(null)).toBe("?");
    expect(avatarInitials(undefined)).toBe("?");
  });

  it("never returns more than two letters", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect([...avatarInitials(name)].length).toBeGreaterThanOrEqual(1);
        expect([...avatarInitials(name)].length).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe("avatarColor", () => {
  it("offers five colours with white text", () => {
    expect(AVATAR_COLORS).toHaveLength(5);
    expect(new Set(AVATAR_COLORS).size).toBe(5);
    for (const color of AVATAR_COLORS) expect(color).toMatch(/^bg-[a-z]+-\d00 text-white$/);
  });

  it("picks the colour by the first letter", () => {
    expect(avatarColor("Alice")).toBe(AVATAR_COLORS[0]);
    expect(avatarColor("Bob")).toBe(AVATAR_COLORS[1]);
    expect(avatarColor("Carol")).toBe(AVATAR_COLORS[2]);
    expect(avatarColor("Dave")).toBe(AVATAR_COLORS[3]);
    expect(avatarColor("Eve")).toBe(AVATAR_COLORS[4]);
    expect(avatarColor("Frank")).toBe(AVATAR_COLORS[0]);
    expect(avatarColor("Zed")).toBe(AVATAR_COLORS[0]);
  });

  it("ignores case and everything after the first letter", () => {
    expect(avatarColor("alice")).toBe(avatarColor("Anne Other"));
  });

  it("gives empty and odd names a colour too", () => {
    expect(AVATAR_COLORS).toContain(avatarColor(""));
    expect(AVATAR_COLORS).toContain(avatarColor(null));
    expect(AVATAR_COLORS).toContain(avatarColor("Émile"));
    expect(AVATAR_COLORS).toContain(avatarColor("0day Ltd"));
  });

  it("always returns one of the five", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(AVATAR_COLORS).toContain(avatarColor(name));
      }),
    );
  });
});

describe("formatRate", () => {
  it("shows each rate in its own unit", () => {
    expect(formatRate(15000, "hour", "usd")).toBe("$150.00/hour");
    expect(formatRate(400, "minute", "usd")).toBe("$4.00/min");
    expect(formatRate(5000, "call", "usd")).toBe("$50.00/call");
  });

  it("uses the account's currency, usd by default", () => {
    expect(formatRate(15000, "hour")).toBe("$150.00/hour");
    expect(formatRate(15000, "hour", "eur")).toBe("€150.00/hour");
    expect(formatRate(15000, "hour", "gbp")).toBe("£150.00/hour");
    expect(formatRate(15000, "hour", "cad")).toBe("CA$150.00/hour");
  });

  it("formats zero and thousands", () => {
    expect(formatRate(0, "minute")).toBe("$0.00/min");
    expect(formatRate(123456, "hour")).toBe("$1,234.56/hour");
  });

  it("labels every billing type", () => {
    expect(RATE_UNIT_LABELS).toEqual({ minute: "min", hour: "hour", call: "call" });
  });
});
