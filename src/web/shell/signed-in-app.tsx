import { Suspense, useEffect } from "react";
import { Redirect, Route, Switch } from "wouter";
import { NotFound } from "@web/components/not-found";
import { QueryProvider } from "@web/components/query-provider";
import { RoutePage } from "@web/components/route-page";
import { preloadToaster } from "@web/components/toaster-on-demand";
import { LoadingState } from "@web/components/ui/spinner";
import { TooltipProvider } from "@web/components/ui/tooltip";
import { useAuth } from "@web/hooks/use-auth";
import { marketingRoutes, signedInRoutes } from "@web/routes";
import { AppShell } from "./app-shell";

/**
 * Everything a signed-in user sees. Loaded as its own chunk (see app.tsx). Marketing pages stay
 * reachable with their own layout; /auth sends the user home. Tooltips (and the positioning code
 * they bring) are only used in here, so their provider lives here, not in the public entry chunk;
 * so does the query cache's provider (TanStack Query is not in the entry chunk either).
 */
export default function SignedInApp() {
  const { user } = useAuth();
  // Signed-in screens toast often (and a 401 toasts just before leaving): have the viewport ready.
  useEffect(() => {
    void preloadToaster();
  }, []);
  if (!user) return null;
  return (
    <QueryProvider>
      <TooltipProvider>
        <Switch>
          <Route path="/auth">
            <Redirect to="/" replace />
          </Route>
          {marketingRoutes.map((route) => (
            <Route key={route.path} path={route.path}>
              <RoutePage route={route} />
            </Route>
          ))}
          <Route>
            <AppShell user={user}>
              <Suspense fallback={<LoadingState />}>
                <Switch>
                  {signedInRoutes.map((route) => (
                    <Route key={route.path} path={route.path}>
                      <RoutePage route={route} />
                    </Route>
                  ))}
                  <Route>
                    <NotFound />
                  </Route>
                </Switch>
              </Suspense>
            </AppShell>
          </Route>
        </Switch>
      </TooltipProvider>
    </QueryProvider>
  );
}
