import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { Button } from "@web/components/ui/button";
import { FROM_SETUP, isSetupInProgress, rememberSetupInProgress } from "./setup-links";

/**
 * "Back to the setup guide": shown on the page a setup step opened (Clients, Settings → a source)
 * until the user goes back to the dashboard, so every step comes back to the checklist.
 */
export function SetupReturnBanner() {
  const [location] = useLocation();
  const [params] = useSearchParams();
  const fromSetup = params.get("from") === FROM_SETUP;
  const [inProgress, setInProgress] = useState(() => fromSetup || isSetupInProgress());
  useEffect(() => {
    if (location === "/") {
      rememberSetupInProgress(false);
      setInProgress(false);
    } else if (fromSetup) {
      rememberSetupInProgress(true);
      setInProgress(true);
    }
  }, [location, fromSetup]);
  if (!inProgress || location === "/") return null;
  return (
    <nav aria-label="Setup guide" className="border-b bg-primary/5" data-testid="setup-return-banner">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <p className="text-muted-foreground">Setting up automatic capture: do this step, then come back.</p>
        <Button asChild size="sm" variant="outline">
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            Back to the setup guide
          </Link>
        </Button>
      </div>
    </nav>
  );
}
