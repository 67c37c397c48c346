import { consentFailureOrNull, consentFailureText } from "@core/contracts/consent-outcome";
import { FINANCIAL_TOASTS, type FinancialIntegrationJson, providerIdOrNull } from "@core/contracts/financial-integrations";
import { useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";
import { useEffect, useRef } from "react";
import { useSearchParams } from "wouter";
import { providerName } from "./provider-cards-model";

/**
 * A provider's consent ends on /financial-integrations?connected={provider} or
 * ?error={code}&provider={provider} (the OAuth callback's redirect): say the outcome once with fixed
 * words (core/contracts/consent-outcome.ts; the provider's own reason is on its card, from the
 * server), then drop the parameters so a reload does not say it again. Nothing of the address is
 * shown as it is, and a success is claimed only when the server's record says connected: anyone
 * can write a link (docs/security.md).
 */
export function useConnectOutcome(): void {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const connected = providerIdOrNull(params.get("connected"));
  const error = params.has("error") ? consentFailureOrNull(params.get("error")) : undefined;
  const failedProvider = providerIdOrNull(params.get("provider"));
  const records = useQuery<FinancialIntegrationJson[]>({ queryKey: queryKeys.financialIntegrations() }).data;
  const connectedRecord = connected ? records?.find((record) => record.integrationId === connected) : undefined;
  const waiting = connected !== null && error === undefined && records === undefined;
  useEffect(() => {
    if ((!connected && error === undefined) || shown.current || waiting) return;
    shown.current = true;
    if (connected && error === undefined && connectedRecord?.status === "connected")
      toast({
        title: `${providerName(connected)} Connected`,
        description: `${providerName(connected)} is connected to Minutely.`,
      });
    else if (error !== undefined)
      toast({
        title: FINANCIAL_TOASTS.setupFailed,
        description: consentFailureText(error ?? null, failedProvider ? providerName(failedProvider) : "The provider"),
        variant: "destructive",
      });
    void refreshAfter("financial.saved");
    setParams({}, { replace: true });
  }, [connected, error, failedProvider, waiting, connectedRecord?.status, setParams]);
}
