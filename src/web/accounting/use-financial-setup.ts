import type { AccountingProviderId } from "@core/accounting/providers";
import type { FinancialConfigInput } from "@core/contracts/financial-config";
import { FINANCIAL_TOASTS, type FinancialIntegrationJson, type SyncRunJson } from "@core/contracts/financial-integrations";
import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { toastText } from "@web/integrations/phone/toast-text";
import { apiJson, isUnauthorizedError } from "@web/lib/api";
import { refreshAfter } from "@web/lib/query-refresh";
import { saveFile } from "@web/lib/save-file";

/*
 * Settings → Integrations → Financial's calls: POST /setup, POST /{id}/sync and
 * POST /export, with the sub-tab's own failure toasts ('Error: Failed to setup integration',
 * 'Failed to sync integration', 'Failed to export data').
 */

const failed = (message: string) => (error: unknown) => {
  if (!isUnauthorizedError(error)) toast({ ...toastText(message), variant: "destructive" });
};

/** Save: the server's message on success (it says what happened with the provider). */
export function useSetupIntegration() {
  return useMutation({
    mutationFn: (input: { integrationId: AccountingProviderId; config: FinancialConfigInput }) =>
      apiJson<{ success: true; message: string }>("POST", "/api/financial-integrations/setup", input),
    onSuccess: async (result) => {
      await refreshAfter("financial.saved");
      toast({ title: FINANCIAL_TOASTS.updated, description: result.message });
    },
    onError: failed(FINANCIAL_TOASTS.settingsSetupFailed),
  });
}

/** Sync: the selected integration's invoices, queued as a run; the server's message either way. */
export function useSetupSync() {
  return useMutation({
    mutationFn: (record: FinancialIntegrationJson) =>
      apiJson<{ success: boolean; message: string; run: SyncRunJson | null }>(
        "POST",
        `/api/financial-integrations/${record.id}/sync`,
        {},
      ),
    onSuccess: async (result) => {
      await refreshAfter("financial.syncStarted");
      if (result.success) toast({ title: FINANCIAL_TOASTS.syncCompleted, description: result.message });
      else toast({ title: FINANCIAL_TOASTS.settingsSyncFailed, description: result.message, variant: "destructive" });
    },
    onError: failed(FINANCIAL_TOASTS.settingsSyncFailed),
  });
}

/** Export: the CSV text in the answer, saved under the server's dated name. */
export function useSetupExport() {
  return useMutation({
    mutationFn: () =>
      apiJson<{ data: string; filename: string; rows: number }>("POST", "/api/financial-integrations/export", { format: "csv" }),
    onSuccess: async (result) => {
      saveFile(result.data, result.filename);
      await refreshAfter("financial.exported");
      toast({ title: FINANCIAL_TOASTS.exportSuccessful, description: `Saved ${result.filename} (${result.rows} rows).` });
    },
    onError: failed(FINANCIAL_TOASTS.settingsExportFailed),
  });
}

/** Clear: erase one stored secret (PUT /{id} with `clearSecrets`); the server says what the connection needs now. */
export function useClearSecret() {
  return useMutation({
    mutationFn: (input: { record: FinancialIntegrationJson; name: string }) =>
      apiJson<{ success: true; message: string }>("PUT", `/api/financial-integrations/${input.record.id}`, {
        clearSecrets: [input.name],
      }),
    onSuccess: async (result) => {
      await refreshAfter("financial.saved");
      toast({ title: FINANCIAL_TOASTS.updated, description: result.message });
    },
    onError: failed(FINANCIAL_TOASTS.updateFailed),
  });
}
