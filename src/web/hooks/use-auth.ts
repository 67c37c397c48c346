import type { SessionUser } from "@core/contracts/auth";
import { apiGet } from "@web/lib/api";
import { createSessionStore } from "@web/lib/session";
import { useSyncExternalStore } from "react";

/**
 * The one session of the app (lib/session.ts), in the entry chunk without TanStack Query.
 * The server marks the page it serves to a browser with no session cookie (server
 * http/web-app.ts); then the first session check needs no request: the visitor is signed out.
 * This spares visitors a 401 in the console and a round trip before the first paint. Only the
 * first check is skipped; later ones (after signing in on this page) ask the server as usual.
 */
export const session = createSessionStore({
  fetchUser: () => apiGet<SessionUser>("/api/auth/user", { on401: "returnNull" }),
  skipFirstCheck:
    typeof document !== "undefined" && document.querySelector('meta[name="minutely-session"][content="none"]') !== null,
});

/** Puts the signed-in user in the session (or null to sign out), which switches the app's screens. */
export function setSessionUser(user: SessionUser | null): void {
  session.setUser(user);
}

/** Fetches the session user again (after a profile change), so the header shows the saved name. */
export function refreshSessionUser(): Promise<void> {
  return session.refresh();
}

/** The current session: `user` is null when signed out (a 401 on the user fetch yields null). */
export function useAuth() {
  const { user, isLoading, error } = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return { user, isLoading, error, isAuthenticated: user?.id != null };
}
