import {
  CUSTOMER_FAILED,
  PAYMENT_INTENT_FAILED,
  type PaymentIntentResponse,
  type StripeTestResponse,
  type TestCustomerResponse,
} from "@core/contracts/stripe";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** GET /api/stripe/test: the connection check (success false with the reason when it fails); administrators only. */
export function useStripeConnection(enabled: boolean) {
  return useQuery<StripeTestResponse>({ queryKey: queryKeys.stripeTest(), refetchOnWindowFocus: false, enabled });
}

/** The server's message when it has one, else 'Failed to create payment intent' / 'Failed to create customer'. */
function failureToast(title: string) {
  return (error: unknown) => {
    if (isUnauthorizedError(error)) return;
    toast({ title, description: serverMessage(error, "Please try again."), variant: "destructive" });
  };
}

export function useCreatePaymentIntent() {
  return useMutation({
    mutationFn: (amount: number) =>
      apiJson<PaymentIntentResponse>("POST", "/api/stripe/payment-intent", {
        amount,
        currency: "usd",
        metadata: { source: "payments-page" },
      }),
    onSuccess: async (created) => {
      await refreshAfter("stripe.intentCreated");
      toast({ title: "Payment Intent Created", description: created.message });
    },
    onError: failureToast(PAYMENT_INTENT_FAILED),
  });
}

export function useCreateTestCustomer() {
  return useMutation({
    mutationFn: (values: { email: string; name: string | null }) =>
      apiJson<TestCustomerResponse>("POST", "/api/stripe/customer", { ...values, metadata: { source: "payments-page" } }),
    onSuccess: async (created) => {
      await refreshAfter("stripe.customerCreated");
      toast({ title: "Customer Created", description: created.message });
    },
    onError: failureToast(CUSTOMER_FAILED),
  });
}
