import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache.js";
import type { AuthContext } from "./sessions.js";

const auth = (accountId: number, expiresAt = new Date(Date.now() + 60_000)) => ({ accountId, expiresAt }) as AuthContext;

describe("SessionCache", () => {
  it("returns an entry within its time to live and forgets it afterwards", async () => {
    const cache = new SessionCache(30);
    cache.set("a", auth(1));
    expect(cache.get("a", new Date())?.accountId).toBe(1);
    await new Promise((r) => setTimeout(r, 40));
    expect(cache.get("a", new Date())).toBeNull();
  });

  it("never returns a session past its own expiry", () => {
    const cache = new SessionCache(60_000);
    cache.set("a", auth(1, new Date(Date.now() - 1)));
    expect(cache.get("a", new Date())).toBeNull();
  });

  it("forgets one token, or every token of an account", () => {
    const cache = new SessionCache(60_000);
    cache.set("a", auth(1));
    cache.set("b", auth(1));
    cache.set("c", auth(2));
    cache.forget("c");
    expect(cache.get("c", new Date())).toBeNull();
    cache.forgetAccount(1);
    expect(cache.get("a", new Date())).toBeNull();
    expect(cache.get("b", new Date())).toBeNull();
  });

  it("keeps at most maxEntries, dropping the oldest", () => {
    const cache = new SessionCache(60_000, 2);
    cache.set("a", auth(1));
    cache.set("b", auth(2));
    cache.set("c", auth(3));
    expect(cache.get("a", new Date())).toBeNull();
    expect(cache.get("c", new Date())?.accountId).toBe(3);
  });

  it("stores nothing with a time to live of 0", () => {
    const cache = new SessionCache(0);
    cache.set("a", auth(1));
    expect(cache.get("a", new Date())).toBeNull();
  });
});
