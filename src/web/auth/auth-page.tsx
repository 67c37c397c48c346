import type { CreateSubscriptionResponse, RegistrationForm } from "@core/contracts/auth";
import type { BillingCycle, PlanId } from "@core/plans";
import { Logo, LogoMark } from "@web/components/logo";
import { QueryProvider } from "@web/components/query-provider";
import { ThemeToggle } from "@web/components/theme-toggle";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useFocusOnMount } from "@web/hooks/use-focus-on-mount";
import { toast } from "@web/hooks/use-toast";
import { cn } from "@web/lib/utils";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { AuthShowcase } from "./auth-showcase";
import { FormPlaceholder } from "./form-placeholder";
import { browserTimeZone, useCompleteRegistration, useCreateSubscription } from "./use-registration";

// The forms and later steps load after the page's heading has painted: their validation (zod,
// react-hook-form) is most of /auth's code, and the heading is what a visitor sees first.
const SignUpForm = lazy(() => import("./sign-up-form").then((module) => ({ default: module.SignUpForm })));
const SignInForm = lazy(() => import("./sign-in-form").then((module) => ({ default: module.SignInForm })));
const PlanStep = lazy(() => import("./plan-step").then((module) => ({ default: module.PlanStep })));
const PaymentStep = lazy(() => import("./payment-step").then((module) => ({ default: module.PaymentStep })));

type Step = "auth" | "plan" | "payment";
type AuthTab = "signup" | "signin";
type PaymentSetup = Pick<CreateSubscriptionResponse, "clientSecret" | "publishableKey">;

/**
 * /auth (spec 000 §2.3, §4): sign up or sign in, then plan, then (only when the server asks for
 * a card) payment. Registration data lives in this component's memory only. A signed-in
 * visitor never gets here: the signed-in app redirects /auth to /. Its mutations need the query
 * cache, whose provider is not in the public entry chunk (components/query-provider.tsx).
 */
export default function AuthPage() {
  return (
    <QueryProvider>
      <AuthFlow />
    </QueryProvider>
  );
}

function AuthFlow() {
  const [step, setStep] = useState<Step>("auth");
  const [tab, setTab] = useState<AuthTab>("signup");
  const [registration, setRegistration] = useState<RegistrationForm | null>(null);
  const [planId, setPlanId] = useState<PlanId>("individual");
  const [billingCycle, setBillingCycle] = useState<BillingCycle>("monthly");
  const [payment, setPayment] = useState<PaymentSetup | null>(null);
  const [hasMoved, setHasMoved] = useState(false);

  const createSubscription = useCreateSubscription();
  const completeRegistration = useCompleteRegistration();

  function goTo(next: Step) {
    setHasMoved(true);
    setStep(next);
  }

  function handleRegistration(data: RegistrationForm) {
    setRegistration(data);
    goTo("plan");
  }

  function handleContinue() {
    if (!registration) {
      goTo("auth");
      return;
    }
    const { confirmPassword: _confirm, ...account } = registration;
    createSubscription.mutate(
      { ...account, plan: planId, billingCycle, timezone: browserTimeZone() },
      {
        onSuccess: (setup) => {
          if (setup.mode === "trial") {
            completeRegistration.mutate();
          } else if (setup.clientSecret) {
            setPayment({ clientSecret: setup.clientSecret, publishableKey: setup.publishableKey });
            goTo("payment");
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

  const wide = step !== "auth";

  return (
    <div className={cn("grid min-h-dvh", !wide && "lg:grid-cols-2")}>
      <div className="flex min-w-0 flex-col">
        <header className="flex items-center justify-between px-4 py-4 sm:px-6">
          <Link href="/" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <Logo />
          </Link>
          <ThemeToggle />
        </header>
        <main id="main-content" className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:px-6">
          <div className={cn("w-full", wide ? "max-w-3xl" : "max-w-md")}>
            <Suspense fallback={<FormPlaceholder fields={3} label="Loading" />}>
              {step === "auth" ? (
                <AuthStep
                  tab={tab}
                  onTabChange={setTab}
                  registration={registration}
                  onRegistration={handleRegistration}
                  focusHeading={hasMoved}
                />
              ) : null}
              {step === "plan" ? (
                <PlanStep
                  planId={planId}
                  onPlanChange={setPlanId}
                  billingCycle={billingCycle}
                  onBillingCycleChange={setBillingCycle}
                  onBack={() => goTo("auth")}
                  onContinue={handleContinue}
                  isPending={createSubscription.isPending || completeRegistration.isPending}
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
  return (
    <div className="grid gap-6">
      <div className="grid justify-items-center gap-2 text-center">
        <LogoMark className="hidden size-12 sm:block" />
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
          Welcome to Minutely
        </h1>
        <p className="text-muted-foreground">Sign in to your account or create a new one</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => onTabChange(value === "signin" ? "signin" : "signup")}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
          <TabsTrigger value="signin">Sign In</TabsTrigger>
        </TabsList>
        <TabsContent value="signup">
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-xl">
                Create Account
              </CardTitle>
              <CardDescription>Start tracking billable time in minutes.</CardDescription>
            </CardHeader>
            <CardContent>
              <Suspense fallback={<FormPlaceholder fields={5} label="Loading the sign-up form" />}>
                <SignUpForm defaultValues={registration} onSubmit={onRegistration} />
              </Suspense>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="signin">
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-xl">
                Welcome Back
              </CardTitle>
              <CardDescription>Sign in with your email and password.</CardDescription>
            </CardHeader>
            <CardContent>
              <Suspense fallback={<FormPlaceholder fields={2} label="Loading the sign-in form" />}>
                <SignInForm />
              </Suspense>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
