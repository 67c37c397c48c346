import { FINANCIAL_TOASTS, providerIdOrNull } from "@core/contracts/financial-integrations";
import { toast } from "@web/hooks/use-toast";
import { refreshAfter } from "@web/lib/query-refresh";
import { useEffect, useRef } from "react";
import { useSearchParams } from "wouter";
import { providerName } from "./provider-cards-model";

/**
 * A provider's consent ends on /financial-integrations?connected={provider} or ?error={message}
 * (the OAuth callback's redirect): say the outcome once, then drop the parameters so a reload
 * does not say it again.
 */
export function useConnectOutcome(): void {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const connected = providerIdOrNull(params.get("connected"));
  const error = params.get("error");
  useEffect(() => {
    if ((!connected && !error) || shown.current) return;
    shown.current = true;
    if (connected)
      toast({
        title: `${providerName(connected)} Connected`,
        description: `${providerName(connected)} is connected to Minutely.`,
      });
    else
      toast({
        title: FINANCIAL_TOASTS.setupFailed,
        description: error ?? "The connection was not completed.",
        variant: "destructive",
      });
    void refreshAfter("financial.saved");
    setParams({}, { replace: true });
  }, [connected, error, setParams]);
}
