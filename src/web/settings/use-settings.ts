import type { SettingsResponse } from "@core/contracts/settings";
import { useMutation, useQuery } from "@tanstack/react-query";
import { refreshSessionUser } from "@web/hooks/use-auth";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

export const SETTINGS_KEY = queryKeys.settings();

/** The account's billing defaults and the user's profile (GET /api/settings). */
export function useSettings() {
  return useQuery<SettingsResponse>({ queryKey: SETTINGS_KEY });
}

/**
 * Saves one tab's fields (PUT /api/settings). The session user and every screen of the account
 * (rates, currency and time zone change what they show) are fetched again afterwards.
 */
export function useSaveSettings(what: "billing" | "profile") {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiJson<SettingsResponse>("PUT", "/api/settings", body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      await Promise.all([refreshSessionUser(), refreshAfter("settings.saved")]);
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
