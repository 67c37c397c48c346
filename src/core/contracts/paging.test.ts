import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatHoursMinutes } from "../duration.js";
import { loggedSeconds } from "./calls.js";
import { CURSOR_INVALID, decodeCursor, encodeCursor, pageQuery, toPage } from "./paging.js";

describe("the page cursor", () => {
  it("reads back every position it writes, 1900 to 2200 in microseconds", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2_208_988_800_000_000, max: 7_289_654_400_000_000 }),
        fc.integer({ min: 1, max: 2_147_483_647 }),
        (micros, id) => {
          expect(decodeCursor(encodeCursor({ micros, id }))).toEqual({ micros, id });
        },
      ),
    );
  });

  it("refuses what no list gave out", () => {
    for (const text of ["", "abc", "1.0", "1.01", "1.2147483648", "1.-3", "12", ".5", "1.5 ", "99999999999999999.5", "1e3.4"])
      expect(decodeCursor(text), text).toBeNull();
    const parsed = pageQuery.safeParse({ cursor: "nope" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(CURSOR_INVALID);
    expect(pageQuery.parse({})).toEqual({ limit: 50 });
  });
});

describe("toPage", () => {
  const rows = [5, 4, 3].map((id) => ({ id, micros: id * 10 }));
  const position = (row: { id: number; micros: number }) => ({ micros: row.micros, id: row.id });

  it("keeps limit rows and points the next page after the last one kept", () => {
    expect(toPage(rows, 2, position)).toEqual({ items: rows.slice(0, 2), nextCursor: "40.4" });
  });

  it("ends the list when the extra row did not come back", () => {
    expect(toPage(rows, 3, position)).toEqual({ items: rows, nextCursor: null });
    expect(toPage([], 3, position)).toEqual({ items: [], nextCursor: null });
  });
});

describe("loggedSeconds (the client log's Duration card)", () => {
  it("adds exact seconds, so ten 7-minute emails are 1h 10m, not 1h 12m", () => {
    expect(formatHoursMinutes(loggedSeconds({ callSeconds: 0, emailBilledSeconds: 10 * 7 * 60 }))).toBe("1h 10m");
    expect(loggedSeconds({ callSeconds: 125, emailBilledSeconds: 420 })).toBe(545);
  });
});
