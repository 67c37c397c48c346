import type {
  callTestResultJson,
  callTestSessionJson,
  integrationStatusJson,
  PhoneIntegrationJson,
  PhoneIntegrationRequest,
  phoneIntegrationResponse,
} from "@core/contracts/phone";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { ApiError, apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";
import { useState } from "react";
import type { z } from "zod";

/** The phone screen's words for a logged-out session (then sign in after 500 ms). */
const PHONE_SCREEN = { unauthorizedDescription: "Please sign in again" };

export type CallTestSession = z.infer<typeof callTestSessionJson>;
export type CallTestResult = z.infer<typeof callTestResultJson>;

/** The Phone System, Mobile and Landline badges: true only once a real event of that kind arrived. */
export function useIntegrationStatus() {
  return useQuery<z.infer<typeof integrationStatusJson>>({ queryKey: queryKeys.integrationStatus(), meta: PHONE_SCREEN });
}

/** The signed-in user's phone number, extension and provider. */
export function usePhoneIntegration() {
  return useQuery<PhoneIntegrationJson>({ queryKey: queryKeys.phoneIntegration(), meta: PHONE_SCREEN });
}

/** A refusal's own message (4xx) for the toast, else the fixed fallback. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? serverMessage(error, fallback) : fallback;
}

/** PUT /api/user/phone-integration with its toasts ("Success" / "Failed to update phone integration"). */
export function useSavePhoneIntegration() {
  return useMutation({
    meta: PHONE_SCREEN,
    mutationFn: (values: PhoneIntegrationRequest) =>
      apiJson<z.infer<typeof phoneIntegrationResponse>>("PUT", "/api/user/phone-integration", values),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.phoneIntegration(), saved.user);
      void refreshAfter("phoneIntegration.saved");
      toast({ title: "Success", description: saved.message });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Error", description: messageOf(error, "Failed to update phone integration"), variant: "destructive" });
    },
  });
}

/**
 * Test Call Detection (idle → started with a session id → ended with a result). Start
 * opens a session on the server; End asks whether a real, signed event from the configured number
 * arrived while it was open.
 */
export function useCallTest() {
  const [session, setSession] = useState<CallTestSession | null>(null);
  const [result, setResult] = useState<CallTestResult | null>(null);
  const start = useMutation({
    meta: PHONE_SCREEN,
    mutationFn: (phoneNumber: string) =>
      apiJson<CallTestSession>("POST", "/api/calls/test", { phoneNumber, callType: "consultation" }),
    onSuccess: (started) => {
      setSession(started);
      setResult(null);
      void refreshAfter("callTest.started");
      toast({ title: "Test Started", description: started.message });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Test Failed",
        description: messageOf(error, "Failed to start call detection test"),
        variant: "destructive",
      });
    },
  });
  const end = useMutation({
    meta: PHONE_SCREEN,
    mutationFn: (sessionId: string) => apiJson<CallTestResult>("POST", `/api/calls/test/${encodeURIComponent(sessionId)}/end`),
    onSuccess: (ended) => {
      setSession(null);
      setResult(ended);
      void refreshAfter("callTest.ended");
      toast({ title: "Test Completed", description: ended.message });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      // A session the server no longer knows (ended elsewhere) cannot be ended again: back to idle.
      if (error instanceof ApiError && error.status === 404) setSession(null);
      toast({ title: "Test Error", description: messageOf(error, "Failed to end test session"), variant: "destructive" });
    },
  });
  return { session, result, start, end };
}
