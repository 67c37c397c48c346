import { Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { NotFound } from "@web/components/not-found";
import { RoutePage } from "@web/components/route-page";
import { LoadingState } from "@web/components/ui/spinner";
import { useAuth } from "@web/hooks/use-auth";
import { marketingRoutes, signedInRoutes } from "@web/routes";
import { AppShell } from "./app-shell";

/**
 * Everything a signed-in user sees. Loaded as its own chunk (see app.tsx). Marketing pages stay
 * reachable with their own layout; /auth sends the user home.
 */
export default function SignedInApp() {
  const { user } = useAuth();
  if (!user) return null;
  return (
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
  );
}
