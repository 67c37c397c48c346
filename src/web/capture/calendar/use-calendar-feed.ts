import type { CalendarFeedJson, CalendarPollJson, SaveCalendarFeedRequest } from "@core/contracts/calendar-feed";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** Settings → Calendar: the feed's host, switches and status (never the address). */
export function useCalendarFeed() {
  return useQuery<CalendarFeedJson>({ queryKey: queryKeys.calendarFeed() });
}

const failed = (title: string) => (error: unknown) => {
  if (!isUnauthorizedError(error))
    toast({ title, description: serverMessage(error, "Please try again."), variant: "destructive" });
};

const pollSummary = (poll: CalendarPollJson) => {
  if (!poll.changed && poll.newProposals === 0) return "No changes since the last check.";
  const parts = [`${poll.newProposals} new meeting${poll.newProposals === 1 ? "" : "s"} to confirm`];
  if (poll.updatedProposals) parts.push(`${poll.updatedProposals} moved`);
  if (poll.cancelledProposals) parts.push(`${poll.cancelledProposals} cancelled`);
  if (poll.autoConfirmed) parts.push(`${poll.autoConfirmed} confirmed automatically`);
  // What a bound cut (docs/security.md) and what could not be read (docs/calendar-capture.md) are listed on the Calendar tab.
  const cut =
    poll.feed.warnings.length || poll.feed.skipped.length ? " Not everything was read or proposed: see the Calendar tab." : "";
  return `${parts.join(", ")}.${cut}`;
};

/** Save (the server fetches a new address before storing it), Poll now and Remove, each refreshing what they change. */
export function useCalendarFeedActions() {
  const save = useMutation({
    mutationFn: (values: SaveCalendarFeedRequest) => apiJson<CalendarFeedJson>("PUT", "/api/integrations/calendar-feed", values),
    onSuccess: async (feed) => {
      await refreshAfter("calendarFeed.saved");
      toast({
        title: "Calendar feed saved",
        description: feed.proposalsOpen
          ? `${feed.proposalsOpen} meeting${feed.proposalsOpen === 1 ? "" : "s"} to confirm on your dashboard.`
          : undefined,
      });
    },
    onError: failed("Calendar feed not saved"),
  });
  const poll = useMutation({
    mutationFn: () => apiJson<CalendarPollJson>("POST", "/api/integrations/calendar-feed/poll"),
    onSuccess: async (result) => {
      await refreshAfter("calendarFeed.polled");
      toast({ title: "Calendar checked", description: pollSummary(result) });
    },
    onError: async (error) => {
      await refreshAfter("calendarFeed.polled");
      failed("Calendar check failed")(error);
    },
  });
  const remove = useMutation({
    mutationFn: () => apiJson<{ message: string }>("DELETE", "/api/integrations/calendar-feed"),
    onSuccess: async (result) => {
      await refreshAfter("calendarFeed.removed");
      toast({ title: "Calendar feed removed", description: result.message });
    },
    onError: failed("Calendar feed not removed"),
  });
  return { save, poll, remove };
}
