import type {
  TeamsIntegrationJson,
  TeamsSaveResponse,
  TeamsSettingsRequest,
  TeamsTestInput,
  TeamsTestResponse,
} from "@core/contracts/teams";
import { TEAMS_SETUP_FAILED, TEAMS_TEST_FAILED } from "@core/contracts/teams";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** Settings → Teams's connection: IDs, status, webhook URL, subscription expiry, last event and error. */
export function useTeamsIntegration() {
  return useQuery<TeamsIntegrationJson>({ queryKey: queryKeys.teamsIntegration() });
}

/**
 * Save, Test and Disconnect: 'Setup Failed' and 'Test Failed' with the server's (so
 * Microsoft's) message; Integration Created / Integration Updated on success.
 */
export function useTeamsActions() {
  const save = useMutation({
    mutationFn: (values: TeamsSettingsRequest) => apiJson<TeamsSaveResponse>("POST", "/api/integrations/teams", values),
    onSuccess: async (saved) => {
      await refreshAfter("teams.saved");
      toast({ title: saved.created ? "Integration Created" : "Integration Updated", description: saved.message });
    },
    onError: async (error) => {
      // A Graph refusal leaves the settings saved with the error on the row: show it.
      await refreshAfter("teams.saved");
      if (!isUnauthorizedError(error))
        toast({
          title: TEAMS_SETUP_FAILED,
          description: serverMessage(error, "The Teams settings could not be saved."),
          variant: "destructive",
        });
    },
  });
  const test = useMutation({
    mutationFn: (values: TeamsTestInput) => apiJson<TeamsTestResponse>("POST", "/api/integrations/teams/test", values),
    onSuccess: async (result) => {
      await refreshAfter("teams.tested");
      if (result.success) toast({ title: "Connection Successful", description: result.message });
      else toast({ title: TEAMS_TEST_FAILED, description: result.message, variant: "destructive" });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: TEAMS_TEST_FAILED, description: serverMessage(error, "The test could not run."), variant: "destructive" });
    },
  });
  const disconnect = useMutation({
    mutationFn: () => apiJson<{ message: string }>("DELETE", "/api/integrations/teams"),
    onSuccess: async (result) => {
      await refreshAfter("teams.disconnected");
      toast({ title: "Teams Disconnected", description: result.message });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: "Disconnect Failed", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
  return { save, test, disconnect };
}
