import type { SessionUser } from "@core/contracts/auth";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { LogoMark } from "@web/components/logo";
import { ThemeToggle } from "@web/components/theme-toggle";
import { NotificationOverlay } from "@web/notifications/notification-overlay";
import { useLiveCalls } from "@web/lib/live-calls";
import { PlanBillingBanner } from "@web/settings/plan-billing-banner";
import { SetupReturnBanner } from "@web/first-run/setup-return-banner";
import { MainNav } from "./main-nav";
import { MobileNav } from "./mobile-nav";
import { UserMenu } from "./user-menu";

/** Header, skip link and content frame of every signed-in screen. */
export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  // One stream of call changes for every signed-in screen: what shows calls refreshes when one changes elsewhere.
  useLiveCalls();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200] focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <MobileNav className="lg:hidden" />
          <Link
            href="/"
            className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <LogoMark />
            <span>Minutely</span>
          </Link>
          <MainNav className="ml-6 hidden lg:block" />
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            <UserMenu user={user} />
          </div>
        </div>
      </header>
      <PlanBillingBanner />
      <SetupReturnBanner />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8"
      >
        {children}
      </main>
      <NotificationOverlay />
    </div>
  );
}
