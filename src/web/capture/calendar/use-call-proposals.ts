import type { CallProposalJson, CallProposalList } from "@core/contracts/calendar-feed";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** Meetings from the calendar feed waiting for the user (newest first). */
export function useCallProposals() {
  return useQuery<CallProposalList>({ queryKey: queryKeys.callProposals() });
}

/** Confirm (one click: a priced call) and Dismiss. */
export function useProposalActions() {
  const onError = (title: string) => async (error: unknown) => {
    await refreshAfter("proposal.dismissed");
    if (!isUnauthorizedError(error))
      toast({ title, description: serverMessage(error, "Please try again."), variant: "destructive" });
  };
  const confirm = useMutation({
    mutationFn: (proposal: CallProposalJson) =>
      apiJson<CallProposalJson>("POST", `/api/call-proposals/${proposal.id}/confirm`, {}),
    onSuccess: async (confirmed) => {
      await refreshAfter("proposal.confirmed");
      toast({ title: "Meeting confirmed", description: `${confirmed.title ?? "The meeting"} is now a call in Recent Calls.` });
    },
    onError: onError("Meeting not confirmed"),
  });
  const dismiss = useMutation({
    mutationFn: (proposal: CallProposalJson) =>
      apiJson<CallProposalJson>("POST", `/api/call-proposals/${proposal.id}/dismiss`, {}),
    onSuccess: async () => {
      await refreshAfter("proposal.dismissed");
      toast({ title: "Meeting dismissed" });
    },
    onError: onError("Meeting not dismissed"),
  });
  return { confirm, dismiss };
}
