import type { CreateSubscriptionRequest, CreateSubscriptionResponse, SessionUser } from "@core/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { setSessionUser } from "@web/hooks/use-auth";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { refreshAfter } from "@web/lib/query-refresh";
import { useLocation } from "wouter";

/** Step 1 of registration: choose the plan; the server answers "trial" (no card) or "payment". */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: (request: CreateSubscriptionRequest) =>
      apiJson<CreateSubscriptionResponse>("POST", "/api/auth/create-subscription", request),
    onSuccess: () => refreshAfter("subscription.created"),
    onError: (error) => {
      toast({
        title: "Setup failed",
        description: serverMessage(error, "Failed to set up subscription. Please try again."),
        variant: "destructive",
      });
    },
  });
}

/** Last step: the server creates the account and the session, and the user lands on the dashboard. */
export function useCompleteRegistration() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiJson<SessionUser>("POST", "/api/auth/complete-registration"),
    onSuccess: (user) => {
      setSessionUser(user);
      void refreshAfter("session.started");
      toast({
        title: "Welcome to Minutely!",
        description: "Your account has been created and payment processed successfully.",
      });
      navigate("/");
    },
    onError: (error) => {
      toast({
        title: "Registration failed",
        description: serverMessage(error, "Failed to complete registration. Please contact support."),
        variant: "destructive",
      });
    },
  });
}

/** The browser's IANA time zone for the new account (docs/decisions.md D7); undefined if the browser will not say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
