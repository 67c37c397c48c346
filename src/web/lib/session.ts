import type { SessionUser } from "@core/contracts/auth";

/**
 * The session user, kept outside TanStack Query so the public entry chunk needs no query library
 * (the landing page's JavaScript budget). This store is the one truth about who is signed
 * in: the router reads it, sign-in / sign-up / sign-out set it, and a settings save refreshes it.
 */
export type SessionState = {
  /** True until the first session check has answered. */
  isLoading: boolean;
  /** Null when signed out (the user fetch answered 401) or when the check failed. */
  user: SessionUser | null;
  /** The last check's failure other than a 401, if any (the previous user is kept). */
  error: unknown;
};

export type SessionStore = {
  getState(): SessionState;
  /** Listens for changes; the first listener starts the first session check. */
  subscribe(listener: () => void): () => void;
  /** Sets the user locally (after sign-in, sign-up or sign-out); a check in flight is discarded. */
  setUser(user: SessionUser | null): void;
  /** Asks the server again (after a profile save); resolves when the answer is in the store. */
  refresh(): Promise<void>;
};

export type SessionStoreOptions = {
  /** GET the session user; null on a 401. */
  fetchUser: () => Promise<SessionUser | null>;
  /**
   * The page says there is no session cookie (server http/web-app.ts marks it): the first
   * check needs no request, the visitor is signed out. Later checks ask the server as usual.
   */
  skipFirstCheck: boolean;
};

export function createSessionStore({ fetchUser, skipFirstCheck }: SessionStoreOptions): SessionStore {
  let state: SessionState = skipFirstCheck
    ? { isLoading: false, user: null, error: null }
    : { isLoading: true, user: null, error: null };
  const listeners = new Set<() => void>();
  // Bumped by every setUser and every check, so only the newest answer lands.
  let version = 0;
  let started = skipFirstCheck;

  function publish(next: SessionState): void {
    state = next;
    for (const listener of [...listeners]) listener();
  }

  async function refresh(): Promise<void> {
    started = true;
    const mine = ++version;
    try {
      const user = await fetchUser();
      if (mine === version) publish({ isLoading: false, user, error: null });
    } catch (error) {
      if (mine === version) publish({ isLoading: false, user: state.user, error });
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      if (!started) void refresh();
      return () => {
        listeners.delete(listener);
      };
    },
    setUser(user) {
      started = true;
      version++;
      publish({ isLoading: false, user, error: null });
    },
    refresh,
  };
}
