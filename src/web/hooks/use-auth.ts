import type { LoginRequest, SessionUser } from "@core/contracts/auth";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { apiJson, apiRequest, getQueryFn, queryClient, serverMessage } from "@web/lib/api";
import { toast } from "./use-toast";

/** The session query key; set it to a SessionUser or null to sign in or out locally. */
export const AUTH_USER_KEY = ["/api/auth/user"] as const;

/** Puts the signed-in user in the cache, which switches the app to the signed-in screens. */
export function setSessionUser(user: SessionUser | null): void {
  queryClient.setQueryData<SessionUser | null>(AUTH_USER_KEY, user);
}

/**
 * The server marks the page it serves to a browser with no session cookie (server
 * platform/web-app.ts); then the first session check needs no request: the visitor is signed out.
 * This spares visitors a 401 in the console and a round trip before the first paint. Only the
 * first check is skipped; later ones (after signing in on this page) ask the server as usual.
 */
let skipFirstSessionCheck =
  typeof document !== "undefined" && document.querySelector('meta[name="minutely-session"][content="none"]') !== null;
const fetchSessionUser = getQueryFn<SessionUser>({ on401: "returnNull" });

/** The current session: `user` is null when signed out (a 401 on the user fetch yields null). */
export function useAuth() {
  const { data, isLoading, error } = useQuery<SessionUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: (context) => {
      if (skipFirstSessionCheck) {
        skipFirstSessionCheck = false;
        return null;
      }
      return fetchSessionUser(context);
    },
  });
  const user = data ?? null;
  return { user, isLoading, error, isAuthenticated: user?.id != null };
}

/** Signs in with email and password; on success the app shows the dashboard. */
export function useLoginMutation() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => apiJson<SessionUser>("POST", "/api/auth/login", credentials),
    onSuccess: (user) => {
      setSessionUser(user);
      toast({ title: "Welcome back!", description: "You have been successfully logged in." });
      navigate("/");
    },
    onError: (error) => {
      toast({
        title: "Login failed",
        description: serverMessage(error, "Invalid email or password."),
        variant: "destructive",
      });
    },
  });
}

/** Signs out, forgets every cached answer and returns to the landing page. */
export function useLogoutMutation() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/auth/logout");
    },
    onSuccess: () => {
      queryClient.clear();
      setSessionUser(null);
      toast({ title: "Logged out", description: "You have been successfully logged out." });
      navigate("/");
    },
    onError: (error) => {
      toast({ title: "Logout failed", description: serverMessage(error, "Failed to logout"), variant: "destructive" });
    },
  });
}
