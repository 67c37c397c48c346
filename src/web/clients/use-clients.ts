import type { ClientResponse, DeleteClientResponse } from "@core/contracts/clients";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** The account's clients (archived ones are left out by the server). */
export function useClients() {
  return useQuery<ClientResponse[]>({ queryKey: queryKeys.clients() });
}

export function useCreateClient(onDone?: (client: ClientResponse) => void) {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiJson<ClientResponse>("POST", "/api/clients", body),
    onSuccess: async (client) => {
      await refreshAfter("client.created");
      toast({ title: "Client created successfully", description: `${client.name} was added to your clients.` });
      onDone?.(client);
    },
    onError: (error) => {
      toast({ title: "Failed to create client", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
}

export function useUpdateClient(clientId: number, onDone?: (client: ClientResponse) => void) {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiJson<ClientResponse>("PUT", `/api/clients/${clientId}`, body),
    onSuccess: async (client) => {
      await refreshAfter("client.updated");
      toast({ title: "Client updated successfully", description: `${client.name} was saved.` });
      onDone?.(client);
    },
    onError: (error) => {
      toast({ title: "Failed to update client", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
}

export function useDeleteClient(onDone?: (result: DeleteClientResponse) => void) {
  return useMutation({
    mutationFn: (clientId: number) => apiJson<DeleteClientResponse>("DELETE", `/api/clients/${clientId}`),
    onSuccess: async (result) => {
      // Leave the client's page (if open) before its queries are dropped, so it never flashes "not found".
      onDone?.(result);
      toast({ title: "Client deleted successfully", description: result.message });
      // Its own page and tabs are gone for good: drop them rather than refetch a 404.
      queryClient.removeQueries({ queryKey: queryKeys.client(result.id) });
      await refreshAfter("client.deleted");
    },
    onError: (error) => {
      toast({ title: "Failed to delete client", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
}
