import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import AuthPage from "./auth/auth-page";

/**
 * THE route table. Every page but /auth's shell is its own lazily loaded chunk, so an anonymous visitor never
 * downloads the signed-in screens. To add a screen: create `src/web/<feature>/<name>-page.tsx`
 * with a default export and add one line below. Paths use wouter syntax ("/clients/:id";
 * read params with `useParams()`).
 */
export type AppRoute = {
  path: string;
  /** Browser tab title ("Clients" → "Clients · Minutely"). */
  title?: string;
  component: LazyExoticComponent<ComponentType> | ComponentType;
  /**
   * A signed-in screen opened without a session: "access-denied" (default) shows Access Denied with
   * a Log In button; "sign-in" shows the Unauthorized toast and goes to sign in after 500 ms.
   */
  whenSignedOut?: "access-denied" | "sign-in";
};

/** "/" for anonymous visitors (signed-in users get the dashboard there). */
export const landingRoute: AppRoute = {
  path: "/",
  component: lazy(() => import("./public-site/landing-page")),
};

/**
 * Sign in / sign up / plan / payment. A signed-in visitor is redirected to "/". The one page in the
 * entry chunk: its shell (heading, placeholders, about 1 KB) paints with the first wave, and its
 * forms load lazily behind it (auth/auth-page.tsx).
 */
export const authRoute: AppRoute = {
  path: "/auth",
  title: "Sign in",
  component: AuthPage,
};

/** Marketing pages, reachable signed in or out; they bring their own public layout. */
export const marketingRoutes: AppRoute[] = [
  { path: "/features", title: "Features", component: lazy(() => import("./public-site/features-page")) },
  { path: "/pricing", title: "Pricing", component: lazy(() => import("./public-site/pricing-page")) },
  { path: "/company", title: "Company", component: lazy(() => import("./public-site/company-page")) },
  { path: "/coming-soon", title: "Coming soon", component: lazy(() => import("./public-site/coming-soon-page")) },
  { path: "/waitlist", title: "Join the waitlist", component: lazy(() => import("./public-site/waitlist-page")) },
  /** An invitation link (docs/team.md): the token in the fragment; signed in, the page says to sign out first. */
  { path: "/join", title: "Join your practice", component: lazy(() => import("./team/accept-invitation-page")) },
];

/** Signed-in screens, shown inside the app shell. */
export const signedInRoutes: AppRoute[] = [
  { path: "/", title: "Dashboard", component: lazy(() => import("./dashboard/dashboard-page")) },
  { path: "/clients", title: "Clients", component: lazy(() => import("./clients/clients-page")) },
  { path: "/clients/:id", title: "Client", component: lazy(() => import("./clients/client-detail-page")) },
  { path: "/client-log", title: "Client Log", component: lazy(() => import("./client-log/client-log-page")) },
  { path: "/invoices", title: "Invoices", component: lazy(() => import("./invoices/invoices-page")) },
  { path: "/analytics", title: "Analytics", component: lazy(() => import("./analytics/analytics-page")) },
  {
    path: "/emails",
    title: "Email Tracking",
    component: lazy(() => import("./emails/emails-page")),
    whenSignedOut: "sign-in", // an Unauthorized toast, then login after 500 ms
  },
  {
    path: "/financial-integrations",
    title: "Financial Integrations",
    component: lazy(() => import("./accounting/accounting-page")),
  },
  {
    path: "/phone-integration",
    title: "Phone Integration",
    component: lazy(() => import("./integrations/phone-integration-page")),
  },
  { path: "/payments", title: "Payments", component: lazy(() => import("./subscription/payments-page")) },
  {
    path: "/platform-detection",
    title: "Platform Detection",
    component: lazy(() => import("./capture/desktop/platform-detection-page")),
  },
  {
    path: "/waitlist-admin",
    title: "Waitlist Dashboard",
    component: lazy(() => import("./waitlist-admin/waitlist-admin-page")),
  },
  { path: "/settings", title: "Settings", component: lazy(() => import("./settings/settings-page")) },
  /** The Team plan's admin dashboard (owners and admins; docs/team.md "Team overview"). */
  { path: "/team", title: "Team overview", component: lazy(() => import("./team/team-overview-page")) },
];
