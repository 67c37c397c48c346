import type {
  ClientLegalJson,
  LedesCheckJson,
  LedesChecksJson,
  LedesMarkCheckedJson,
  LegalBillingSettingsJson,
  LineCodesJson,
  MatterJson,
} from "@core/contracts/legal-billing";
import type { LedesFormat } from "@core/ledes/model";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter, type WriteKind } from "@web/lib/query-refresh";

export function useLegalBillingSettings() {
  return useQuery<LegalBillingSettingsJson>({ queryKey: queryKeys.legalBillingSettings() });
}

/** Whether legal e-billing is on: every legal field and button is hidden until it is (false while loading). */
export function useLegalBillingEnabled(): boolean {
  return useLegalBillingSettings().data?.enabled === true;
}

/** One write of the legal screens: its refresh kind, a short success toast and the server's words on failure. */
function useLegalWrite<TInput, TResult>(
  kind: WriteKind,
  request: (input: TInput) => Promise<TResult>,
  titles: { success: string; failure: string },
  onDone?: (result: TResult) => void,
) {
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      await refreshAfter(kind);
      toast({ title: titles.success });
      onDone?.(result);
    },
    onError: (error) =>
      toast({ title: titles.failure, description: serverMessage(error, "Please try again."), variant: "destructive" }),
  });
}

export const useSaveLegalBillingSettings = () =>
  useLegalWrite(
    "legalBilling.saved",
    (body: unknown) => apiJson<LegalBillingSettingsJson>("PUT", "/api/settings/legal-billing", body),
    {
      success: "Legal e-billing settings saved",
      failure: "Failed to save legal e-billing settings",
    },
  );

export function useClientLegal(clientId: number, enabled: boolean) {
  return useQuery<ClientLegalJson>({ queryKey: queryKeys.clientLegal(clientId), enabled });
}

export const useSaveClientLegal = (clientId: number) =>
  useLegalWrite("clientLegal.saved", (body: unknown) => apiJson<ClientLegalJson>("PUT", `/api/clients/${clientId}/legal`, body), {
    success: "E-billing details saved",
    failure: "Failed to save e-billing details",
  });

export const useCreateMatter = (clientId: number, onDone?: () => void) =>
  useLegalWrite(
    "matter.saved",
    (body: unknown) => apiJson<MatterJson>("POST", `/api/clients/${clientId}/matters`, body),
    { success: "Matter added", failure: "Failed to add matter" },
    onDone,
  );

export const useDeleteMatter = (onDone?: () => void) =>
  useLegalWrite(
    "matter.deleted",
    (matter: MatterJson) => apiJson<{ message: string }>("DELETE", `/api/matters/${matter.id}`),
    { success: "Matter deleted", failure: "Failed to delete matter" },
    onDone,
  );

export function useCallLegalCodes(callId: number | null) {
  return useQuery<LineCodesJson>({ queryKey: queryKeys.callLegalCodes(callId ?? 0), enabled: callId !== null });
}

/** Where a line's codes are saved: a call before it is invoiced, a draft invoice's line after. */
export type CodesTarget = { kind: "call" | "item"; id: number };
const codesPath = (target: CodesTarget) =>
  target.kind === "call" ? `/api/calls/${target.id}/legal-codes` : `/api/invoice-items/${target.id}/legal-codes`;

export const useSaveLineCodes = (onDone?: () => void) =>
  useLegalWrite(
    "lineCodes.saved",
    ({ target, codes }: { target: CodesTarget; codes: unknown }) => apiJson<LineCodesJson>("PUT", codesPath(target), codes),
    { success: "Codes saved", failure: "Failed to save codes" },
    onDone,
  );

export function useLedesCheck(invoiceId: number, format: LedesFormat) {
  return useQuery<LedesCheckJson>({ queryKey: queryKeys.ledesCheck(invoiceId, format) });
}

export function useLedesChecks(enabled: boolean) {
  return useQuery<LedesChecksJson>({ queryKey: queryKeys.ledesChecks(), enabled });
}

export const useMarkLedesChecked = () =>
  useLegalWrite(
    "ledes.markedChecked",
    ({ invoiceId, format }: { invoiceId: number; format: LedesFormat }) =>
      apiJson<LedesMarkCheckedJson>("POST", `/api/invoices/${invoiceId}/ledes/checked?format=${format}`),
    { success: "Marked as checked", failure: "Could not mark as checked" },
  );

export const ledesFileUrl = (invoiceId: number, format: LedesFormat) => `/api/invoices/${invoiceId}/ledes?format=${format}`;
