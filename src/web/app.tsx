import { lazy, Suspense, useEffect, useState } from "react";
import { Route, Switch, useLocation } from "wouter";
import { AccessDenied } from "@web/components/access-denied";
import { ErrorBoundary } from "@web/components/error-boundary";
import { NotFound } from "@web/components/not-found";
import { RoutePage } from "@web/components/route-page";
import { StandaloneFrame } from "@web/components/standalone-frame";
import { preloadToaster, ToasterOnDemand } from "@web/components/toaster-on-demand";
import { ThemeProvider } from "@web/components/theme-provider";
import { LoadingState } from "@web/components/ui/spinner";
import { useAuth } from "@web/hooks/use-auth";
import { handleUnauthorized } from "@web/lib/api";
import { authRoute, landingRoute, marketingRoutes, signedInRoutes } from "@web/routes";

/** After 3 s of session loading, show the public routes anyway. */
export const AUTH_LOADING_TIMEOUT_MS = 3000;

// The signed-in app (shell and pages) is its own chunk: anonymous visitors never download it.
const SignedInApp = lazy(() => import("@web/shell/signed-in-app"));

/**
 * No QueryClientProvider here: TanStack Query stays out of the entry chunk. The session
 * comes from useAuth's store; the signed-in app and the public pages with forms bring their own
 * provider (components/query-provider.tsx).
 */
export function App() {
  return (
    <ThemeProvider>
      <AppRouter />
      <ToasterOnDemand />
    </ThemeProvider>
  );
}

function FullPageLoading() {
  return <LoadingState className="min-h-dvh" />;
}

function AppRouter() {
  const { user, isLoading } = useAuth();
  const timedOut = useTimedOut(isLoading, AUTH_LOADING_TIMEOUT_MS);
  const [location] = useLocation();
  useScrollToTopOnNavigate(location);

  if (isLoading && !timedOut) return <FullPageLoading />;
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<FullPageLoading />}>{user ? <SignedInApp /> : <PublicRoutes />}</Suspense>
    </ErrorBoundary>
  );
}

/** What a signed-out visitor (or one whose session check timed out) can open. */
function PublicRoutes() {
  return (
    <Switch>
      {[landingRoute, authRoute, ...marketingRoutes].map((route) => (
        <Route key={route.path} path={route.path}>
          <RoutePage route={route} />
        </Route>
      ))}
      {signedInRoutes.map((route) => (
        <Route key={route.path} path={route.path}>
          <StandaloneFrame>{route.whenSignedOut === "sign-in" ? <SignInFirst /> : <AccessDenied />}</StandaloneFrame>
        </Route>
      ))}
      <Route>
        <StandaloneFrame>
          <NotFound />
        </StandaloneFrame>
      </Route>
    </Switch>
  );
}

/** Unauthorized toast, then /api/login (→ /auth) after 500 ms; Access Denied shows meanwhile. */
function SignInFirst() {
  // The 500 ms start once the toast can be shown (its chunk loads on demand).
  useEffect(() => {
    void preloadToaster().finally(() => handleUnauthorized());
  }, []);
  return <AccessDenied />;
}

/** True once `active` has stayed true for `ms`; false again when it turns false. */
function useTimedOut(active: boolean, ms: number): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!active) {
      setTimedOut(false);
      return;
    }
    const timer = window.setTimeout(() => setTimedOut(true), ms);
    return () => window.clearTimeout(timer);
  }, [active, ms]);
  return timedOut;
}

function useScrollToTopOnNavigate(location: string): void {
  useEffect(() => {
    // Runs on every path change; the location itself is the trigger.
    void location;
    window.scrollTo(0, 0);
  }, [location]);
}
