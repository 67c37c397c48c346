import { QueryProvider } from "@web/components/query-provider";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { useEffect, useRef } from "react";
import type { PaymentReturn } from "./payment-return-query";
import { useCompleteRegistration } from "./use-registration";

/**
 * Back from Stripe's redirect: finish the sign-up (the server checks the payment with Stripe and,
 * only then, makes the account), or say the payment failed and let the visitor start again.
 */
export function PaymentReturnStep({ result, onRestart }: { result: PaymentReturn; onRestart: () => void }) {
  return (
    <QueryProvider>
      <FinishRegistration result={result} onRestart={onRestart} />
    </QueryProvider>
  );
}

function FinishRegistration({ result, onRestart }: { result: PaymentReturn; onRestart: () => void }) {
  const completeRegistration = useCompleteRegistration();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Stripe's query is not needed any more: a reload must not try again with it.
    window.history.replaceState(null, "", "/auth");
    if (result.status === "failed") {
      toast({
        title: "Payment Failed",
        description: "Your payment was not completed. Please try again.",
        variant: "destructive",
      });
      return;
    }
    completeRegistration.mutate();
  }, [result, completeRegistration]);

  const failed = result.status === "failed" || completeRegistration.isError;
  return (
    <section aria-labelledby="payment-return-title" className="grid gap-4 text-center">
      <h1 id="payment-return-title" className="text-3xl font-bold tracking-tight">
        Complete Payment
      </h1>
      {failed ? (
        <div className="grid justify-items-center gap-3">
          <p className="text-muted-foreground">Your account was not created.</p>
          <Button onClick={onRestart}>Start again</Button>
        </div>
      ) : (
        <p className="flex items-center justify-center gap-2 text-muted-foreground" role="status">
          <Spinner />
          Processing Payment...
        </p>
      )}
    </section>
  );
}
