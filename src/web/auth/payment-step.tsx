import { type BillingCycle, getPlan, type PlanId } from "@core/plans";
import { QueryProvider } from "@web/components/query-provider";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { useFocusOnMount } from "@web/hooks/use-focus-on-mount";
import { toast } from "@web/hooks/use-toast";
import { Lock } from "lucide-react";
import { type ComponentProps, type FormEvent, useEffect, useRef, useState } from "react";
import { mountPaymentForm, PAYMENT_ELEMENT_ID, type PaymentForm, STRIPE_UNAVAILABLE } from "./confirm-payment";
import { annualTotalText, monthlyPriceText, perUserText } from "@web/components/plan-price";
import { useCompleteRegistration } from "./use-registration";

type FormState = { status: "loading" } | { status: "ready"; form: PaymentForm } | { status: "unavailable"; message: string };

/** Mounts Stripe's Payment Element into the returned ref's element, once per client secret. */
function usePaymentForm(clientSecret: string, publishableKey: string | null) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FormState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    void attempt;
    let cancelled = false;
    let mounted: PaymentForm | null = null;
    setState({ status: "loading" });
    mountPaymentForm({ clientSecret, publishableKey, container, dark: document.documentElement.classList.contains("dark") })
      .then((form) => {
        mounted = form;
        if (cancelled) form.destroy();
        else setState({ status: "ready", form });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: "unavailable", message: error instanceof Error ? error.message : STRIPE_UNAVAILABLE });
      });
    return () => {
      cancelled = true;
      mounted?.destroy();
    };
  }, [clientSecret, publishableKey, attempt]);
  return { containerRef, state, retry: () => setAttempt((n) => n + 1) };
}

/**
 * "Complete Payment": Stripe's Payment Element, then complete-registration,
 * where the server checks with Stripe itself. Shown only when the server asked for a payment.
 */
export function PaymentStep({
  planId,
  billingCycle,
  clientSecret,
  publishableKey,
  onBack,
}: {
  planId: PlanId;
  billingCycle: BillingCycle;
  clientSecret: string;
  publishableKey: string | null;
  onBack: () => void;
}) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const completeRegistration = useCompleteRegistration();
  const [isConfirming, setIsConfirming] = useState(false);
  const { containerRef, state, retry } = usePaymentForm(clientSecret, publishableKey);
  const plan = getPlan(planId);
  const isPending = isConfirming || completeRegistration.isPending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status !== "ready") return;
    setIsConfirming(true);
    try {
      const result = await state.form.confirm(`${window.location.origin}/auth`);
      if (result.error) {
        toast({ title: "Payment Failed", description: result.error.message, variant: "destructive" });
        return;
      }
      completeRegistration.mutate();
    } catch {
      toast({
        title: "Payment Error",
        description: "An unexpected error occurred. Please try again.",
        variant: "destructive",
      });
    } finally {
      setIsConfirming(false);
    }
  }

  return (
    <section aria-labelledby="payment-step-title" className="grid gap-6">
      <div className="grid gap-2 text-center">
        <h1 id="payment-step-title" ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          Complete Payment
        </h1>
        <p className="text-muted-foreground">You're one step away...</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2 text-xl">
            <Lock className="size-5 text-muted-foreground" aria-hidden="true" />
            Payment Details
          </CardTitle>
          <CardDescription>Payments are processed securely by our card payment provider.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={handleSubmit} className="grid gap-6">
            <dl className="grid gap-2 rounded-lg bg-muted p-4 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Plan</dt>
                <dd className="font-medium">
                  {plan.name} ({billingCycle === "annual" ? "Annual" : "Monthly"})
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Price</dt>
                <dd className="font-medium tabular-nums">
                  {monthlyPriceText(plan, billingCycle)}/month{perUserText(plan)}
                </dd>
              </div>
              {billingCycle === "annual" ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">Billed</dt>
                  <dd className="font-medium tabular-nums">{annualTotalText(plan)}</dd>
                </div>
              ) : null}
            </dl>

            <div className="grid gap-2">
              {state.status === "loading" ? (
                <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
                  <Spinner />
                  Loading the secure card form...
                </p>
              ) : null}
              {state.status === "unavailable" ? (
                <div role="alert" className="grid gap-3 rounded-lg border border-destructive/50 p-4 text-sm">
                  <p className="font-medium text-destructive">The card form is unavailable</p>
                  <p className="text-muted-foreground">{state.message}</p>
                  <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={retry}>
                    Try again
                  </Button>
                </div>
              ) : null}
              {/* Stripe renders the card fields here (its own iframe); nothing of the card reaches our server. */}
              <div
                id={PAYMENT_ELEMENT_ID}
                ref={containerRef}
                className={state.status === "unavailable" ? "hidden" : "min-h-24"}
              />
            </div>

            <Button
              type="submit"
              size="lg"
              className="h-auto min-h-11 w-full py-2 whitespace-normal"
              disabled={isPending || state.status !== "ready"}
            >
              {isPending ? (
                <>
                  <Spinner />
                  Processing Payment...
                </>
              ) : (
                "Complete Payment & Create Account"
              )}
            </Button>
          </form>
        </CardContent>
      </Card>

      <div className="text-center">
        <Button variant="link" onClick={onBack} disabled={isPending}>
          ← Back to plan selection
        </Button>
      </div>
    </section>
  );
}

/** The step with the query cache its completing mutation needs; /auth loads it lazily. */
export function PaymentStepWithQueries(props: ComponentProps<typeof PaymentStep>) {
  return (
    <QueryProvider>
      <PaymentStep {...props} />
    </QueryProvider>
  );
}
