import type {
  LandlineSettingsJson,
  LandlineSettingsRequest,
  MobileSettingsJson,
  MobileSettingsRequest,
  mobileTestResponse,
  saveLandlineResponse,
  saveMobileResponse,
} from "@core/contracts/phone";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { ApiError, apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";
import type { z } from "zod";
import { toastText } from "./toast-text";

const MOBILE_KEY = queryKeys.mobileIntegration();
const LANDLINE_KEY = queryKeys.landlineIntegration();

/** The landline's failure toasts stay 5 s. */
export const LANDLINE_TOAST_MS = 5000;
export const LANDLINE_FAILED = "Failed to connect landline integration. Please check your phone number and try again.";

export function useMobileSettings() {
  return useQuery<MobileSettingsJson>({ queryKey: MOBILE_KEY });
}

export function useLandlineSettings() {
  return useQuery<LandlineSettingsJson>({ queryKey: LANDLINE_KEY });
}

/** A server refusal with its own message (a 4xx), as opposed to a lost connection or a 5xx. */
function refusal(error: unknown): string | null {
  return error instanceof ApiError && error.status < 500 ? serverMessage(error, "") || null : null;
}

/** Settings → Mobile/iPhone: Save and Test, with their toasts. */
export function useMobileActions() {
  const save = useMutation({
    mutationFn: (values: MobileSettingsRequest) =>
      apiJson<z.infer<typeof saveMobileResponse>>("POST", "/api/integrations/mobile", values),
    onSuccess: (saved, values) => {
      queryClient.setQueryData<MobileSettingsJson>(MOBILE_KEY, {
        phoneNumber: values.phoneNumber,
        extension: values.extension,
        provider: values.provider,
        enabled: values.enabled,
        ...saved.data,
      });
      void refreshAfter("mobile.saved");
      toast({ title: "Mobile Integration Saved", description: saved.message });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const message = refusal(error);
      toast(
        message
          ? { title: "Setup Error", description: message, variant: "destructive" }
          : { title: "Error", description: "Failed to save mobile integration settings", variant: "destructive" },
      );
    },
  });
  const test = useMutation({
    mutationFn: () => apiJson<z.infer<typeof mobileTestResponse>>("POST", "/api/integrations/mobile/test"),
    onSuccess: (result) => {
      void refreshAfter("mobile.tested");
      toast(
        result.success
          ? { title: "Connection Test Passed", description: result.message }
          : { title: "Connection Test Failed", description: result.message, variant: "destructive" },
      );
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      void refreshAfter("mobile.tested");
      const message = refusal(error);
      toast(
        message
          ? { title: "Connection Test Failed", description: message, variant: "destructive" }
          : { title: "Test Error", description: "Failed to test mobile integration", variant: "destructive" },
      );
    },
  });
  return { save, test };
}

export type SavedLandline = z.infer<typeof saveLandlineResponse>["data"];

/** The landline as the server now keeps it (never its signing secret) in the cache, then "Landline Saved". */
function showLandline(answer: z.infer<typeof saveLandlineResponse>): void {
  const { signingSecret: _secret, ...settings } = answer.data;
  queryClient.setQueryData<LandlineSettingsJson>(LANDLINE_KEY, settings);
  void refreshAfter("landline.saved");
  toast({ title: "Landline Saved", description: answer.message });
}

/** A refused or failed landline change: the server's sentence ("Connection Issue") or "Connection Failed". */
function toastLandlineError(error: unknown): void {
  if (isUnauthorizedError(error)) return;
  const message = refusal(error);
  toast({
    ...(message
      ? { title: "Connection Issue", description: message }
      : { title: "Connection Failed", description: LANDLINE_FAILED }),
    variant: "destructive",
    duration: LANDLINE_TOAST_MS,
  });
}

/**
 * Settings → Landline/Office: Save, with its toasts (a 401 is the app-wide "You are logged
 * out. Logging in again..." and the sign-in redirect after 500 ms). `onSaved` gets the answer, which
 * carries the generic webhook's signing secret the one time it is created.
 */
export function useSaveLandline(onSaved: (saved: SavedLandline) => void) {
  return useMutation({
    mutationFn: (values: LandlineSettingsRequest) =>
      apiJson<z.infer<typeof saveLandlineResponse>>("POST", "/api/integrations/landline", values),
    onSuccess: (saved) => {
      showLandline(saved);
      onSaved(saved.data);
    },
    onError: toastLandlineError,
  });
}

/**
 * Settings → Landline/Office's "Clear": erases one stored secret (PUT /api/integrations/landline with
 * `clearSecrets`); the answer is the landline as it now stands, and its message says what it needs now.
 */
export function useClearLandlineSecret() {
  return useMutation({
    mutationFn: (name: string) =>
      apiJson<z.infer<typeof saveLandlineResponse>>("PUT", "/api/integrations/landline", { clearSecrets: [name] }),
    onSuccess: showLandline,
    onError: toastLandlineError,
  });
}

/** A field's validation message as its toast: "Invalid Phone Number" + the rule, or "Phone Number Required". */
export function toastInvalidField(message: string): void {
  toast({ ...toastText(message), variant: "destructive", duration: LANDLINE_TOAST_MS });
}
