import type { ReconcileNowResponse, ReconcileSource, ReconciliationJson } from "@core/contracts/reconciliation";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** While a run is queued or running, look again this often (the recovered calls also arrive live). */
const WHILE_RUNNING_MS = 2000;

/** A source's reconciliation: last event, last run, calls recovered. */
export function useReconciliation(source: ReconcileSource) {
  return useQuery<ReconciliationJson>({
    queryKey: queryKeys.reconciliation(source),
    refetchInterval: (query) => {
      const status = query.state.data?.lastRun?.status;
      return status === "queued" || status === "running" ? WHILE_RUNNING_MS : false;
    },
  });
}

/** "Reconcile now": queued, then the tab follows the run. */
export function useReconcileNow(source: ReconcileSource) {
  return useMutation({
    mutationFn: () => apiJson<ReconcileNowResponse>("POST", `/api/integrations/${source}/reconcile`, {}),
    onSuccess: async (queued) => {
      await refreshAfter("reconcile.queued");
      toast({ title: "Reconciliation Started", description: queued.message });
    },
    onError: async (error) => {
      await refreshAfter("reconcile.queued");
      if (!isUnauthorizedError(error))
        toast({
          title: "Reconciliation Failed",
          description: serverMessage(error, "The reconciliation could not start."),
          variant: "destructive",
        });
    },
  });
}
