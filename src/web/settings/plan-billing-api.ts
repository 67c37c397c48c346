import type {
  BillingPortalResponse,
  BillingSeatsJson,
  ChangePlanRequest,
  ChangePlanResponse,
  CheckoutResponse,
  SubscriptionJson,
} from "@core/contracts/subscription";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useCan } from "@web/hooks/use-can";
import { toast } from "@web/hooks/use-toast";
import { apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** GET /api/billing/subscription: plan, cycle, standing. Read by the tab and by the shell's banner. */
export function useSubscription() {
  // Only the owner manages the subscription (core/permissions.ts): other roles never ask for it.
  const mayManage = useCan("billing:manage");
  return useQuery<SubscriptionJson>({ queryKey: queryKeys.billingSubscription(), enabled: mayManage });
}

/** GET /api/billing/seats: seats used and billed, and the next invoice as Stripe previews it. */
export function useBillingSeats() {
  const mayManage = useCan("billing:manage");
  return useQuery<BillingSeatsJson>({ queryKey: queryKeys.billingSeats(), enabled: mayManage });
}

/** Opens Stripe's customer portal in this tab (Stripe sends the user back to Settings → Plan & Billing). */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () => apiJson<BillingPortalResponse>("POST", "/api/billing/portal"),
    onSuccess: async ({ url }) => {
      await refreshAfter("billing.portalOpened");
      window.location.assign(url);
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({
          title: "Billing portal unavailable",
          description: serverMessage(error, "Please try again."),
          variant: "destructive",
        });
    },
  });
}

/**
 * "Subscribe with a card": Stripe Checkout for the account's own plan and cycle, in this tab.
 * Stripe sends the user back to Settings → Plan & Billing with ?checkout=success or =cancelled
 * (plan-billing-checkout-return.ts says the outcome).
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: () => apiJson<CheckoutResponse>("POST", "/api/billing/checkout", {}),
    onSuccess: async ({ url }) => {
      await refreshAfter("billing.checkoutOpened");
      window.location.assign(url);
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: "Checkout unavailable", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
}

export function useChangePlan(onChanged: () => void) {
  return useMutation({
    mutationFn: (choice: ChangePlanRequest) => apiJson<ChangePlanResponse>("POST", "/api/billing/change-plan", choice),
    onSuccess: async (changed) => {
      await refreshAfter("billing.planChanged");
      onChanged();
      toast({ title: "Plan changed", description: changed.message });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: "Plan change failed", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
}
