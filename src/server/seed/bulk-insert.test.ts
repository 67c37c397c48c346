import { describe, expect, it } from "vitest";
import { arrayLiteral } from "./bulk-insert.js";

describe("arrayLiteral", () => {
  it("writes numbers, NULLs, booleans, instants and quoted text", () => {
    expect(arrayLiteral([1, null, 3])).toBe("{1,NULL,3}");
    expect(arrayLiteral([true, false])).toBe("{true,false}");
    expect(arrayLiteral([new Date("2026-01-02T03:04:05Z")])).toBe('{"2026-01-02T03:04:05.000Z"}');
    expect(arrayLiteral(['say "hi", {ok}', "back\\slash", "NULL"])).toBe('{"say \\"hi\\", {ok}","back\\\\slash","NULL"}');
  });

  it("refuses numbers PostgreSQL cannot read", () => {
    expect(() => arrayLiteral([Number.NaN])).toThrow(RangeError);
  });
});
