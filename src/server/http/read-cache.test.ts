import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { ReadCache } from "./read-cache.js";

/** The monotonic clock the cache reads, moved by hand: no test waits for real time. */
let clock = 0;
const tick = (ms: number) => {
  clock += ms;
};
const now = vi.spyOn(performance, "now").mockImplementation(() => clock);
afterEach(() => {
  clock = 0;
});
// The unit tier's files share a worker (vitest.config.ts): the next file gets the real clock back.
afterAll(() => now.mockRestore());

describe("ReadCache", () => {
  it("keeps an entry for its lifetime, per account and key", () => {
    const cache = new ReadCache<string>(1000);
    cache.set(1, "day-a", "one", cache.begin());
    expect(cache.get(1, "day-a")).toBe("one");
    expect(cache.get(1, "day-b")).toBeUndefined();
    expect(cache.get(2, "day-a")).toBeUndefined();
    tick(1000);
    expect(cache.get(1, "day-a")).toBe("one");
    tick(1);
    expect(cache.get(1, "day-a")).toBeUndefined();
  });

  it("drops an account's entries when it writes, and only that account's", () => {
    const cache = new ReadCache<string>(1000);
    cache.set(1, "k", "mine", cache.begin());
    cache.set(2, "k", "theirs", cache.begin());
    cache.forgetAccount(1);
    expect(cache.get(1, "k")).toBeUndefined();
    expect(cache.get(2, "k")).toBe("theirs");
  });

  it("does not store a read that began before the account's write, and stores one that began after", () => {
    const cache = new ReadCache<string>(1000);
    const before = cache.begin();
    cache.forgetAccount(1); // the write commits while the read is still running
    cache.set(1, "k", "stale", before);
    expect(cache.get(1, "k")).toBeUndefined();
    // Another account's write does not hold back this account's reads.
    const mine = cache.begin();
    cache.forgetAccount(2);
    cache.set(1, "k", "fresh", mine);
    expect(cache.get(1, "k")).toBe("fresh");
  });

  it("stays bounded: the oldest entry goes first, and forgetting who wrote holds back every earlier read", () => {
    const cache = new ReadCache<number>(1000, 2);
    for (const account of [1, 2, 3]) cache.set(account, "k", account, cache.begin());
    expect(cache.get(1, "k")).toBeUndefined();
    expect([cache.get(2, "k"), cache.get(3, "k")]).toEqual([2, 3]);

    const early = cache.begin();
    for (const account of [10, 11, 12]) cache.forgetAccount(account); // the third clears the write log
    cache.set(4, "k", 4, early);
    expect(cache.get(4, "k")).toBeUndefined();
    cache.set(4, "k", 4, cache.begin());
    expect(cache.get(4, "k")).toBe(4);
  });

  it("stores nothing when turned off", () => {
    const cache = new ReadCache<string>(0);
    cache.set(1, "k", "x", cache.begin());
    expect(cache.get(1, "k")).toBeUndefined();
  });
});
