import type { AccountingChoicesJson, SaveAccountingChoicesResponse } from "@core/contracts/accounting-choices";
import { FINANCIAL_TOASTS } from "@core/contracts/financial-integrations";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** The provider's lists (read live from it each time the dialog opens), never cached across openings. */
export function useAccountingChoices(integrationRecordId: number, open: boolean) {
  return useQuery<AccountingChoicesJson>({
    queryKey: queryKeys.financialChoices(integrationRecordId),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Keeps the picks: "Integration Updated" with what was chosen, or "Update Failed" in the server's (the provider's) words. */
export function useSaveAccountingChoices(integrationRecordId: number, onSaved: () => void) {
  return useMutation({
    mutationFn: (choices: Record<string, string>) =>
      apiJson<SaveAccountingChoicesResponse>("PUT", `/api/financial-integrations/${integrationRecordId}/choices`, { choices }),
    onSuccess: async (saved) => {
      await refreshAfter("financial.choicesSaved");
      onSaved();
      toast({ title: FINANCIAL_TOASTS.updated, description: saved.message });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({
          title: FINANCIAL_TOASTS.updateFailed,
          description: serverMessage(error, "Your choice could not be saved."),
          variant: "destructive",
        });
    },
  });
}
