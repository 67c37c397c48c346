import { consentFailureOrNull, consentFailureText } from "@core/contracts/consent-outcome";
import type {
  MeetIntegrationJson,
  MeetSaveResponse,
  MeetSettingsRequest,
  MeetTestInput,
  MeetTestResponse,
} from "@core/contracts/meet";
import { MEET_SETUP_FAILED, MEET_TEST_FAILED } from "@core/contracts/meet";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";
import { useEffect, useRef } from "react";
import { useSearchParams } from "wouter";

/** Settings → Meet's connection: client ID, consent status, Google account, push channel, last event and error. */
export function useMeetIntegration() {
  return useQuery<MeetIntegrationJson>({ queryKey: queryKeys.meetIntegration() });
}

/**
 * Save, Test and Disconnect: 'Setup Failed' and 'Test Failed' with the server's (so
 * Google's) message.
 */
export function useMeetActions() {
  const save = useMutation({
    mutationFn: (values: MeetSettingsRequest) => apiJson<MeetSaveResponse>("POST", "/api/integrations/meet", values),
    onSuccess: async (saved) => {
      await refreshAfter("meet.saved");
      toast({ title: "Meet Settings Saved", description: saved.message });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({
          title: MEET_SETUP_FAILED,
          description: serverMessage(error, "The Meet settings could not be saved."),
          variant: "destructive",
        });
    },
  });
  const test = useMutation({
    mutationFn: (values: MeetTestInput) => apiJson<MeetTestResponse>("POST", "/api/integrations/meet/test", values),
    onSuccess: async (result) => {
      await refreshAfter("meet.tested");
      if (result.success) toast({ title: "Connection Successful", description: result.message });
      else toast({ title: MEET_TEST_FAILED, description: result.message, variant: "destructive" });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: MEET_TEST_FAILED, description: serverMessage(error, "The test could not run."), variant: "destructive" });
    },
  });
  const disconnect = useMutation({
    mutationFn: () => apiJson<{ message: string }>("DELETE", "/api/integrations/meet"),
    onSuccess: async (result) => {
      await refreshAfter("meet.disconnected");
      toast({ title: "Meet Disconnected", description: result.message });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: "Disconnect Failed", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
  return { save, test, disconnect };
}

/**
 * Google's consent ends on /settings?tab=integrations&sub=meet&meet=connected or &meet=error&reason={code}:
 * say the outcome once in fixed words (core/contracts/consent-outcome.ts; the Google account and
 * Google's reason are on the tab, from the server), then drop those parameters so a reload does not
 * say it again. Nothing of the address is shown as it is, and a success only when the server's
 * status is connected (docs/security.md).
 */
export function useMeetConsentOutcome(status: string | undefined): void {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const outcome = params.get("meet");
  const reason = consentFailureOrNull(params.get("reason"));
  useEffect(() => {
    // A success is claimed only when the server says connected (wait for its answer).
    if (!outcome || shown.current || (outcome === "connected" && status === undefined)) return;
    shown.current = true;
    if (outcome === "connected" && status !== "connected") {
      // A link that says so is not a connection: nothing to say.
    } else if (outcome === "connected")
      toast({ title: "Google Account Connected", description: "Google Meet is connected: the tab shows the account." });
    else toast({ title: MEET_SETUP_FAILED, description: consentFailureText(reason, "Google"), variant: "destructive" });
    void refreshAfter("meet.saved");
    setParams({ tab: "integrations", sub: "meet" }, { replace: true });
  }, [outcome, reason, status, setParams]);
}
