import type { LoginRequest, SessionUser } from "@core/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { apiJson, apiRequest, serverMessage } from "@web/lib/api";
import { refreshAfter } from "@web/lib/query-refresh";
import { useLocation } from "wouter";
import { setSessionUser } from "./use-auth";
import { toast } from "./use-toast";

/** Signs in with email and password; on success the app shows the dashboard. */
export function useLoginMutation() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => apiJson<SessionUser>("POST", "/api/auth/login", credentials),
    onSuccess: (user) => {
      setSessionUser(user);
      void refreshAfter("session.started");
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
      void refreshAfter("session.ended");
      setSessionUser(null);
      toast({ title: "Logged out", description: "You have been successfully logged out." });
      navigate("/");
    },
    onError: (error) => {
      toast({ title: "Logout failed", description: serverMessage(error, "Failed to logout"), variant: "destructive" });
    },
  });
}
