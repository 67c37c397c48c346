import type {
  CaptureHealthJson,
  SendTestEventRequest,
  SetupGuideJson,
  TestEventResultJson,
} from "@core/contracts/capture-health";
import type { SuccessMessage } from "@core/contracts/response-fields";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** The "Set up automatic capture" checklist (GET /api/setup-guide). */
export function useSetupGuide() {
  return useQuery<SetupGuideJson>({ queryKey: queryKeys.setupGuide() });
}

/** The Capture card (GET /api/capture/health). */
export function useCaptureHealth() {
  return useQuery<CaptureHealthJson>({ queryKey: queryKeys.captureHealth() });
}

/** Dismiss the guide (remembered for the account) or show it again. */
export function useDismissSetupGuide() {
  return useMutation({
    mutationFn: (dismissed: boolean) => apiJson<SetupGuideJson>("PUT", "/api/setup-guide", { dismissed }),
    onSuccess: async () => {
      await refreshAfter("setupGuide.saved");
    },
    onError: (error) => {
      toast({ title: "Error", description: serverMessage(error, "The setup guide could not be saved"), variant: "destructive" });
    },
  });
}

/** "Send a test event": the call arrives on the dashboard live; a calendar answers the meetings it found. */
export function useSendTestEvent(onDone?: (result: TestEventResultJson) => void) {
  return useMutation({
    mutationFn: (body: SendTestEventRequest) => apiJson<TestEventResultJson>("POST", "/api/capture/test-event", body),
    onSuccess: async (result) => {
      await refreshAfter("capture.testSent");
      toast({ title: result.kind === "call" ? "Test event sent" : "Calendar read", description: result.message });
      onDone?.(result);
    },
    onError: (error) => {
      toast({ title: "Test failed", description: serverMessage(error, "The test event could not be sent"), variant: "destructive" });
    },
  });
}

/** Remove a test call in one click. */
export function useRemoveTestCall() {
  return useMutation({
    mutationFn: (callId: number) => apiJson<SuccessMessage>("DELETE", `/api/capture/test-calls/${callId}`),
    onSuccess: async (result) => {
      await refreshAfter("capture.testCallRemoved");
      toast({ title: result.message });
    },
    onError: (error) => {
      toast({ title: "Error", description: serverMessage(error, "The test call could not be removed"), variant: "destructive" });
    },
  });
}
