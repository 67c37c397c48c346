import type { RegistrationForm } from "@core/contracts/auth";
import type { BillingCycle, PlanId } from "@core/plans";
import { LogoMark } from "@web/components/logo";
import { FrameHeader } from "@web/components/standalone-frame";
import { useAfterFirstPaint } from "@web/hooks/use-after-first-paint";
import { useFocusOnMount } from "@web/hooks/use-focus-on-mount";
import { cn } from "@web/lib/utils";
import { lazy, Suspense, useState } from "react";
import { AuthShowcase } from "./auth-showcase";
import { AuthTabsPlaceholder, FormPlaceholder } from "./form-placeholder";
import type { AuthTab } from "./auth-tabs";
import type { PaymentSetup } from "./plan-checkout";
import { type PaymentReturn, readPaymentReturn } from "./payment-return-query";

// The forms and later steps load after the page's heading has painted: their validation (zod,
// react-hook-form) and the query cache their requests go through are most of /auth's code, and
// the heading is what a visitor sees first. The page itself is in the entry chunk (routes.tsx), and
// the forms' download starts only once the heading is on screen (useAfterFirstPaint).
const AuthTabs = lazy(() => import("./auth-tabs").then((module) => ({ default: module.AuthTabs })));
const PlanCheckout = lazy(() => import("./plan-checkout").then((module) => ({ default: module.PlanCheckout })));
const PaymentStep = lazy(() => import("./payment-step").then((module) => ({ default: module.PaymentStepWithQueries })));
const PaymentReturnStep = lazy(() => import("./payment-return").then((module) => ({ default: module.PaymentReturnStep })));

type Step = "auth" | "plan" | "payment";

/**
 * /auth: sign up or sign in, then plan, then (only when the server asks for
 * a card) payment. Registration data lives in this component's memory only. A signed-in
 * visitor never gets here: the signed-in app redirects /auth to /.
 */
export default function AuthPage() {
  const [step, setStep] = useState<Step>("auth");
  const [tab, setTab] = useState<AuthTab>("signup");
  const [registration, setRegistration] = useState<RegistrationForm | null>(null);
  const [planId, setPlanId] = useState<PlanId>("individual");
  const [billingCycle, setBillingCycle] = useState<BillingCycle>("monthly");
  const [payment, setPayment] = useState<PaymentSetup | null>(null);
  const [hasMoved, setHasMoved] = useState(false);
  // Back from a payment redirect (3-D Secure): finish the sign-up the server kept for this browser.
  const [paymentReturn, setPaymentReturn] = useState<PaymentReturn | null>(() => readPaymentReturn(window.location.search));

  function goTo(next: Step) {
    setHasMoved(true);
    setStep(next);
  }

  function handleRegistration(data: RegistrationForm) {
    setRegistration(data);
    goTo("plan");
  }

  const wide = step !== "auth";

  return (
    <div className={cn("grid min-h-dvh", !wide && "lg:grid-cols-2")}>
      <div className="flex min-w-0 flex-col">
        <FrameHeader />
        <main id="main-content" className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:px-6">
          <div className={cn("w-full", wide ? "max-w-3xl" : "max-w-md")}>
            <Suspense fallback={<FormPlaceholder fields={3} label="Loading" />}>
              {paymentReturn ? (
                <div className="mx-auto max-w-lg">
                  <PaymentReturnStep result={paymentReturn} onRestart={() => setPaymentReturn(null)} />
                </div>
              ) : null}
              {!paymentReturn && step === "auth" ? (
                <AuthStep
                  tab={tab}
                  onTabChange={setTab}
                  registration={registration}
                  onRegistration={handleRegistration}
                  focusHeading={hasMoved}
                />
              ) : null}
              {step === "plan" && registration ? (
                <PlanCheckout
                  registration={registration}
                  planId={planId}
                  onPlanChange={setPlanId}
                  billingCycle={billingCycle}
                  onBillingCycleChange={setBillingCycle}
                  onBack={() => goTo("auth")}
                  onPayment={(setup) => {
                    setPayment(setup);
                    goTo("payment");
                  }}
                  focusHeading={hasMoved}
                />
              ) : null}
              {step === "payment" && payment?.clientSecret && registration ? (
                <div className="mx-auto max-w-lg">
                  <PaymentStep
                    planId={planId}
                    billingCycle={billingCycle}
                    clientSecret={payment.clientSecret}
                    publishableKey={payment.publishableKey}
                    onBack={() => goTo("plan")}
                  />
                </div>
              ) : null}
            </Suspense>
          </div>
        </main>
      </div>
      {wide ? null : <AuthShowcase />}
    </div>
  );
}

function AuthStep({
  tab,
  onTabChange,
  registration,
  onRegistration,
  focusHeading,
}: {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  registration: RegistrationForm | null;
  onRegistration: (data: RegistrationForm) => void;
  focusHeading: boolean;
}) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focusHeading);
  const painted = useAfterFirstPaint();
  return (
    <div className="grid gap-6">
      <div className="grid justify-items-center gap-2 text-center">
        <LogoMark className="hidden size-12 sm:block" />
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
          Welcome to Minutely
        </h1>
        <p className="text-muted-foreground">Sign in to your account or create a new one</p>
      </div>
      {painted ? (
        <Suspense fallback={<AuthTabsPlaceholder />}>
          <AuthTabs tab={tab} onTabChange={onTabChange} registration={registration} onRegistration={onRegistration} />
        </Suspense>
      ) : (
        <AuthTabsPlaceholder />
      )}
    </div>
  );
}
