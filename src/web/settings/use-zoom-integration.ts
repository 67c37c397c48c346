import type { SetupZoomRequest, SetupZoomResponse, ZoomIntegrationJson } from "@core/contracts/zoom";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** Settings → Zoom's connection: webhook URL, status, last event (never a secret). */
export function useZoomIntegration() {
  return useQuery<ZoomIntegrationJson>({ queryKey: queryKeys.zoomIntegration() });
}

/**
 * Save (failure toast 'Error: Failed to setup Zoom integration'; success toast with
 * the server's message) and Disconnect, each refreshing the connection's answer.
 */
export function useZoomActions() {
  const save = useMutation({
    mutationFn: (values: SetupZoomRequest) => apiJson<SetupZoomResponse>("POST", "/api/integrations/setup-zoom", values),
    onSuccess: async (saved) => {
      await refreshAfter("zoom.saved");
      toast({ title: "Zoom Integration Saved", description: saved.message });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: "Error", description: "Failed to setup Zoom integration", variant: "destructive" });
    },
  });
  const disconnect = useMutation({
    mutationFn: () => apiJson<{ message: string }>("DELETE", "/api/integrations/zoom"),
    onSuccess: async (result) => {
      await refreshAfter("zoom.disconnected");
      toast({ title: "Zoom Disconnected", description: result.message });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: "Disconnect Failed", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
  return { save, disconnect };
}
