import type { SessionUser } from "@core/contracts/auth";
import { describe, expect, it, vi } from "vitest";
import { createSessionStore } from "./session";

const ada = { id: "1", email: "ada@example.com", firstName: "Ada" } as unknown as SessionUser;
const grace = { id: "2", email: "grace@example.com", firstName: "Grace" } as unknown as SessionUser;

/** A fetch the test answers by hand, one call at a time. */
function manualFetch() {
  const pending: { resolve: (user: SessionUser | null) => void; reject: (error: unknown) => void }[] = [];
  const fetchUser = vi.fn(() => new Promise<SessionUser | null>((resolve, reject) => pending.push({ resolve, reject })));
  return { fetchUser, pending };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("session store", () => {
  it("skips the first check when the page says there is no session: signed out at once, no request", () => {
    const { fetchUser } = manualFetch();
    const store = createSessionStore({ fetchUser, skipFirstCheck: true });
    expect(store.getState()).toEqual({ isLoading: false, user: null, error: null });
    store.subscribe(() => {});
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it("asks the server again after the skipped first check (a refresh after signing in on the page)", async () => {
    const { fetchUser, pending } = manualFetch();
    const store = createSessionStore({ fetchUser, skipFirstCheck: true });
    const refreshed = store.refresh();
    expect(fetchUser).toHaveBeenCalledTimes(1);
    pending[0]?.resolve(ada);
    await refreshed;
    expect(store.getState().user).toBe(ada);
  });

  it("is loading until the first check answers; the first subscriber starts it, only once", async () => {
    const { fetchUser, pending } = manualFetch();
    const store = createSessionStore({ fetchUser, skipFirstCheck: false });
    expect(store.getState().isLoading).toBe(true);
    expect(fetchUser).not.toHaveBeenCalled();
    const unsubscribe = store.subscribe(() => {});
    unsubscribe();
    store.subscribe(() => {}); // React's strict mode subscribes twice
    expect(fetchUser).toHaveBeenCalledTimes(1);
    pending[0]?.resolve(ada);
    await settle();
    expect(store.getState()).toEqual({ isLoading: false, user: ada, error: null });
  });

  it("is signed out (null) when the check answers 401, which fetchUser turns into null", async () => {
    const store = createSessionStore({ fetchUser: async () => null, skipFirstCheck: false });
    store.subscribe(() => {});
    await settle();
    expect(store.getState()).toEqual({ isLoading: false, user: null, error: null });
  });

  it("keeps the previous user and reports the error when a check fails otherwise", async () => {
    const { fetchUser, pending } = manualFetch();
    const store = createSessionStore({ fetchUser, skipFirstCheck: true });
    store.setUser(ada);
    const refreshed = store.refresh();
    const failure = new Error("500: Internal Server Error");
    pending[0]?.reject(failure);
    await refreshed;
    expect(store.getState()).toEqual({ isLoading: false, user: ada, error: failure });
  });

  it("notifies every subscriber when the user is set, and not after they unsubscribe", () => {
    const store = createSessionStore({ fetchUser: async () => null, skipFirstCheck: true });
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = store.subscribe(first);
    store.subscribe(second);
    store.setUser(ada);
    expect(store.getState().user).toBe(ada);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    unsubscribeFirst();
    store.setUser(null);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it("discards a check that was in flight when the user was set (sign-out wins over an older answer)", async () => {
    const { fetchUser, pending } = manualFetch();
    const store = createSessionStore({ fetchUser, skipFirstCheck: true });
    store.setUser(ada);
    const refreshed = store.refresh();
    store.setUser(null);
    pending[0]?.resolve(ada);
    await refreshed;
    expect(store.getState().user).toBeNull();
  });

  it("lands only the newest of overlapping checks", async () => {
    const { fetchUser, pending } = manualFetch();
    const store = createSessionStore({ fetchUser, skipFirstCheck: true });
    const older = store.refresh();
    const newer = store.refresh();
    pending[1]?.resolve(grace);
    await newer;
    pending[0]?.resolve(ada);
    await older;
    expect(store.getState().user).toBe(grace);
  });

  it("keeps the same state object between changes (useSyncExternalStore needs a stable snapshot)", () => {
    const store = createSessionStore({ fetchUser: async () => null, skipFirstCheck: true });
    expect(store.getState()).toBe(store.getState());
  });
});
