import type { ApiTokenCreatedResponse, ApiTokensResponse, CreateApiTokenRequest } from "@core/contracts/api-tokens";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** GET /api/api-tokens: the signed-in person's own tokens (docs/api.md). */
export function useApiTokens() {
  return useQuery<ApiTokensResponse>({ queryKey: queryKeys.apiTokens() });
}

/** POST /api/api-tokens: the answer carries the token itself, this once. */
export function useCreateApiToken() {
  return useMutation({
    mutationFn: (body: CreateApiTokenRequest) => apiJson<ApiTokenCreatedResponse>("POST", "/api/api-tokens", body),
    onSuccess: async () => {
      await refreshAfter("apiTokens.changed");
    },
  });
}

export function useRevokeApiToken() {
  return useMutation({
    mutationFn: (id: number) => apiJson("DELETE", `/api/api-tokens/${id}`),
    onSuccess: async () => {
      await refreshAfter("apiTokens.changed");
      toast({ title: "Token revoked", description: "It no longer works." });
    },
    onError: (error: unknown) =>
      toast({
        title: "Could not revoke the token",
        description: serverMessage(error, "Nothing was changed. Please try again."),
        variant: "destructive",
      }),
  });
}
