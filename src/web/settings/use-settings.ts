import type { SettingsResponse } from "@core/contracts/settings";
import { useMutation, useQuery } from "@tanstack/react-query";
import { refreshSessionUser } from "@web/hooks/use-auth";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";

export const SETTINGS_KEY = ["/api/settings"] as const;

/** The account's billing defaults and the user's profile (GET /api/settings). */
export function useSettings() {
  return useQuery<SettingsResponse>({ queryKey: SETTINGS_KEY });
}

/**
 * Saves one tab's fields (PUT /api/settings). The session user, the settings and the clients
 * (whose effective rates follow the defaults) are fetched again afterwards.
 */
export function useSaveSettings(what: "billing" | "profile") {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiJson<SettingsResponse>("PUT", "/api/settings", body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      await Promise.all([
        refreshSessionUser(),
        queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: ["/api/clients"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/dashboard/stats"] }),
      ]);
      toast({
        title: "Saved",
        description: what === "billing" ? "Your billing settings have been saved." : "Your profile has been saved.",
      });
    },
    onError: (error) => {
      toast({
        title: "Failed to save settings",
        description: serverMessage(error, "Your changes were not saved. Please try again."),
        variant: "destructive",
      });
    },
  });
}
