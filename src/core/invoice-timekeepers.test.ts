import { describe, expect, it } from "vitest";
import { describeWithTimekeeper, lineTimekeeperId, showsTimekeepers } from "./invoice-timekeepers.js";

describe("when an invoice names each line's timekeeper (issue 26 §2)", () => {
  it("names nobody on a solo practitioner's invoice", () => {
    expect(showsTimekeepers({ lineUserIds: [1, 1, 1], practiceMembers: 1 })).toBe(false);
    expect(showsTimekeepers({ lineUserIds: [1, null], practiceMembers: 1 })).toBe(false);
    expect(showsTimekeepers({ lineUserIds: [], practiceMembers: 1 })).toBe(false);
  });

  it("names them when the lines are by two members, even once the practice is down to one", () => {
    expect(showsTimekeepers({ lineUserIds: [1, 2], practiceMembers: 1 })).toBe(true);
  });

  it("names them when the practice has more than one member, even on one member's invoice", () => {
    expect(showsTimekeepers({ lineUserIds: [1, 1], practiceMembers: 2 })).toBe(true);
  });
});

describe("a line's timekeeper", () => {
  it("is the member recorded on the line, whatever the fallback", () => {
    expect(lineTimekeeperId(5, 1)).toBe(5);
  });

  it("falls back only where one is given (LEDES needs one; the screen and PDF name no one)", () => {
    expect(lineTimekeeperId(null, 1)).toBe(1);
    expect(lineTimekeeperId(null)).toBeNull();
  });

  it("prints before the description, or not at all", () => {
    expect(describeWithTimekeeper("Consultation call", "Ada Lovelace")).toBe("Ada Lovelace · Consultation call");
    expect(describeWithTimekeeper("Consultation call", null)).toBe("Consultation call");
  });
});
