import { WAITLIST_PAGE_SIZE, type WaitlistEntriesPage, type WaitlistStats } from "@core/contracts/waitlist";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@web/hooks/use-toast";
import { ApiError, isUnauthorizedError } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** True when the server refused because the user is not an administrator (rights revoked meanwhile). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** A failed read shows its toast once; 401 and 403 are handled elsewhere. */
function useErrorToast(error: unknown, title: string): void {
  useEffect(() => {
    if (!error || isUnauthorizedError(error) || isForbidden(error)) return;
    toast({
      title,
      description: error instanceof ApiError ? (error.data?.message ?? error.message) : "Please try again.",
      variant: "destructive",
    });
  }, [error, title]);
}

/** Signups are other people's live data: read fresh each time the dashboard opens. */
export function useWaitlistStats() {
  const query = useQuery<WaitlistStats>({ queryKey: queryKeys.waitlistStats(), refetchOnMount: "always" });
  useErrorToast(query.error, "Error loading statistics");
  return query;
}

export function useWaitlistEntries(page: number) {
  const query = useQuery<WaitlistEntriesPage>({
    queryKey: queryKeys.waitlistEntries(page, WAITLIST_PAGE_SIZE),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
  useErrorToast(query.error, "Error loading entries");
  return query;
}

/** Reloads everything the dashboard shows. */
export function refreshWaitlist(): Promise<void> {
  return refreshAfter("waitlist.reloaded");
}
