import { describe, expect, it } from "vitest";
import { type LookAge, NEW_LOOK, observeComputer, SHARED_LOOK } from "./observe-computer.js";

/**
 * The shared look at this computer (observe-computer.ts), with ages that do not depend on how fast this machine
 * is: -1 is "already too old", Infinity "never too old". The API tests ask for a new look every time
 * (config.platformLook), so the sharing the routes use by default is pinned here.
 */
const FOREVER: LookAge = { freshMs: Number.POSITIVE_INFINITY, staleMs: Number.POSITIVE_INFINITY };
const STALE: LookAge = { freshMs: -1, staleMs: Number.POSITIVE_INFINITY };
const TOO_OLD: LookAge = { freshMs: -1, staleMs: -1 };
const at = (minute: number) => new Date(Date.UTC(2026, 2, 3, 10, minute));

describe("one look at this computer, shared", () => {
  it("by default answers a look for 2 s, and one up to 10 s old while a new one is taken", () => {
    expect(SHARED_LOOK).toEqual({ freshMs: 2000, staleMs: 10_000 });
  });

  it("answers a fresh look as it is, and a new look is always its own", async () => {
    const first = await observeComputer(at(0), NEW_LOOK);
    expect(first.at).toEqual(at(0));
    expect(first.processesInspected).toBe(true);
    expect(await observeComputer(at(1), FOREVER)).toBe(first);
    const next = await observeComputer(at(2), NEW_LOOK);
    expect(next).not.toBe(first);
    expect(next.at).toEqual(at(2));
  });

  it("answers a stale look at once and looks again behind it; callers share the look in flight", async () => {
    const kept = await observeComputer(at(3), NEW_LOOK);
    // Stale: the kept look answers, and a new one (timed now) starts in the background.
    expect(await observeComputer(at(4), STALE)).toBe(kept);
    // Too old to answer: these callers wait for that look in flight rather than take another.
    const [a, b] = await Promise.all([observeComputer(at(5), TOO_OLD), observeComputer(at(6), TOO_OLD)]);
    expect(a).toBe(b);
    expect(a.at).toEqual(at(4));
    // It is kept: a fresh enough caller is answered with it.
    expect(await observeComputer(at(7), FOREVER)).toBe(a);
  });
});
