import type { AccountingProviderInfo } from "@core/accounting/providers";
import type { FinancialConfigInput } from "@core/contracts/financial-config";
import {
  FINANCIAL_TOASTS,
  type FinancialIntegrationJson,
  type FinancialIntegrationSaveResponse,
  type SyncAllResponse,
  type SyncDateRange,
  type SyncRunJson,
  syncSummaryMessage,
} from "@core/contracts/financial-integrations";
import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { toastText } from "@web/integrations/phone/toast-text";
import { apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { refreshAfter } from "@web/lib/query-refresh";

const BASE = "/api/financial-integrations";

/** A failure toast unless the session ended (the query client already says Unauthorized then). */
function failureToast(error: unknown, title: string, fallback: string) {
  if (!isUnauthorizedError(error)) toast({ title, description: serverMessage(error, fallback), variant: "destructive" });
}

/** Leaves for the provider's consent page; its callback brings the browser back to this page. */
export function goToConsent(authorizationUrl: string): void {
  window.location.assign(authorizationUrl);
}

export type SaveInput = { provider: AccountingProviderInfo; config: FinancialConfigInput };

/**
 * The configure dialog's save (creates the record with enabled true, or updates it):
 * 'Integration Created' / 'Integration Updated', or 'Setup Failed' with the server's message. An
 * OAuth provider not yet authorised answers its consent page, where the browser goes next.
 */
export function useSaveIntegration(onSaved?: () => void) {
  return useMutation({
    mutationFn: ({ provider, config }: SaveInput) =>
      apiJson<FinancialIntegrationSaveResponse>("POST", BASE, {
        integrationId: provider.id,
        integrationName: provider.name,
        enabled: true,
        config,
      }),
    onSuccess: async (saved) => {
      await refreshAfter("financial.saved");
      onSaved?.();
      toast({ title: saved.created ? FINANCIAL_TOASTS.created : FINANCIAL_TOASTS.updated, description: saved.message });
      if (saved.authorizationUrl) goToConsent(saved.authorizationUrl);
    },
    onError: (error) => failureToast(error, FINANCIAL_TOASTS.setupFailed, "The integration could not be saved."),
  });
}

/** Enable/Disable toggles the flag: 'Integration Updated' or 'Update Failed'. */
export function useToggleIntegration() {
  return useMutation({
    mutationFn: (record: FinancialIntegrationJson) =>
      apiJson<FinancialIntegrationSaveResponse>("PUT", `${BASE}/${record.id}`, { enabled: !record.enabled }),
    onSuccess: async (saved) => {
      await refreshAfter("financial.saved");
      toast({ title: FINANCIAL_TOASTS.updated, description: saved.message });
    },
    onError: (error) => failureToast(error, FINANCIAL_TOASTS.updateFailed, "The integration could not be updated."),
  });
}

/** Connect again with the stored credentials: the provider's consent page. */
export function useConnectIntegration() {
  return useMutation({
    mutationFn: (record: FinancialIntegrationJson) =>
      apiJson<{ authorizationUrl: string }>("POST", `${BASE}/${record.id}/connect`),
    onSuccess: async ({ authorizationUrl }) => {
      await refreshAfter("financial.saved");
      goToConsent(authorizationUrl);
    },
    onError: (error) => failureToast(error, FINANCIAL_TOASTS.setupFailed, "The connection could not start."),
  });
}

/** Disconnect, asked first: tokens and secrets are forgotten, the remote-id mappings stay. */
export function useDisconnectIntegration() {
  return useMutation({
    mutationFn: (record: FinancialIntegrationJson) =>
      apiJson<{ message: string; integration: FinancialIntegrationJson }>("DELETE", `${BASE}/${record.id}`),
    onSuccess: async (result) => {
      await refreshAfter("financial.disconnected");
      toast({ title: `${result.integration.integrationName} Disconnected`, description: result.message });
    },
    onError: (error) => failureToast(error, "Disconnect Failed", "Please try again."),
  });
}

/** A card's Sync Now: 'Sync Completed' with the server's words, or 'Sync Failed' with them. */
export function useSyncIntegration() {
  return useMutation({
    mutationFn: (record: FinancialIntegrationJson) =>
      apiJson<{ success: boolean; message: string; run: SyncRunJson | null }>("POST", `${BASE}/${record.id}/sync`, {}),
    onSuccess: async (result) => {
      await refreshAfter("financial.syncStarted");
      if (result.success) toast({ title: FINANCIAL_TOASTS.syncCompleted, description: result.message });
      else toast({ title: FINANCIAL_TOASTS.syncFailed, description: result.message, variant: "destructive" });
    },
    onError: (error) => failureToast(error, FINANCIAL_TOASTS.syncFailed, "The sync could not start."),
  });
}

/**
 * The header's Sync Now and Sync Settings' Sync Revenue Data: every enabled
 * integration, 'Sync Completed' with "Successfully synced to X out of Y integrations"; when none
 * succeeded, 'Sync Failed' with what each said.
 */
export function useSyncAll() {
  return useMutation({
    mutationFn: (dateRange?: SyncDateRange) => apiJson<SyncAllResponse>("POST", `${BASE}/sync`, dateRange ? { dateRange } : {}),
    onSuccess: async ({ results }) => {
      await refreshAfter("financial.syncStarted");
      const succeeded = results.filter((result) => result.success).length;
      if (succeeded === 0 && results.length > 0)
        toast({
          title: FINANCIAL_TOASTS.syncFailed,
          description: results.map((result) => `${result.integrationName}: ${result.message}`).join(" "),
          variant: "destructive",
        });
      else toast({ title: FINANCIAL_TOASTS.syncCompleted, description: syncSummaryMessage(succeeded, results.length) });
    },
    onError: (error) => failureToast(error, FINANCIAL_TOASTS.syncFailed, "The sync could not start."),
  });
}

/** 'Export Failed: Failed to export revenue data' as title and description. */
export function exportFailedToast(error: unknown) {
  if (!isUnauthorizedError(error)) toast({ ...toastText(FINANCIAL_TOASTS.exportFailed), variant: "destructive" });
}
