import type { CreateSubscriptionResponse, RegistrationForm } from "@core/contracts/auth";
import type { BillingCycle, PlanId } from "@core/plans";
import { QueryProvider } from "@web/components/query-provider";
import { toast } from "@web/hooks/use-toast";
import { PlanStep } from "./plan-step";
import { browserTimeZone, useCompleteRegistration, useCreateSubscription } from "./use-registration";

export type PaymentSetup = Pick<CreateSubscriptionResponse, "clientSecret" | "publishableKey">;

type PlanCheckoutProps = {
  registration: RegistrationForm;
  planId: PlanId;
  onPlanChange: (plan: PlanId) => void;
  billingCycle: BillingCycle;
  onBillingCycleChange: (cycle: BillingCycle) => void;
  onBack: () => void;
  /** The server wants a card: go to the payment step with this setup. */
  onPayment: (setup: PaymentSetup) => void;
  focusHeading: boolean;
};

/**
 * The plan step with what Continue does: ask the server to start the
 * subscription; a trial completes the registration at once, otherwise the payment step follows.
 * Its own chunk, with the query cache its mutations need, so /auth's heading paints without them.
 */
export function PlanCheckout(props: PlanCheckoutProps) {
  return (
    <QueryProvider>
      <PlanCheckoutStep {...props} />
    </QueryProvider>
  );
}

function PlanCheckoutStep({ registration, onPayment, ...step }: PlanCheckoutProps) {
  const createSubscription = useCreateSubscription();
  const completeRegistration = useCompleteRegistration();

  function handleContinue() {
    const { confirmPassword: _confirm, ...account } = registration;
    createSubscription.mutate(
      { ...account, plan: step.planId, billingCycle: step.billingCycle, timezone: browserTimeZone() },
      {
        onSuccess: (setup) => {
          if (setup.mode === "trial") {
            completeRegistration.mutate();
          } else if (setup.clientSecret) {
            onPayment({ clientSecret: setup.clientSecret, publishableKey: setup.publishableKey });
          } else {
            toast({
              title: "Setup failed",
              description: "Failed to set up subscription. Please try again.",
              variant: "destructive",
            });
          }
        },
      },
    );
  }

  return (
    <PlanStep {...step} onContinue={handleContinue} isPending={createSubscription.isPending || completeRegistration.isPending} />
  );
}
