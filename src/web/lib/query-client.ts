import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { preloadToaster } from "@web/components/toaster-on-demand";
import { toast } from "@web/hooks/use-toast";
import { getQueryFn, handleUnauthorized, isUnauthorizedError } from "./api";

/*
 * TanStack Query lives outside the public entry chunk (the landing page's JavaScript
 * budget): only the signed-in app and the public pages that send forms (/auth, /waitlist) import
 * this module, through components/query-provider.tsx. The session user is not in this cache; it
 * lives in hooks/use-auth.ts (lib/session.ts).
 */

/**
 * A query or mutation may carry `meta: { unauthorizedDescription }`: the Unauthorized toast's text
 * on its screen (the phone screen's is "Please sign in again").
 */
function onAnyError(error: unknown, meta: Record<string, unknown> | undefined): void {
  if (!isUnauthorizedError(error)) return;
  const description = meta?.unauthorizedDescription;
  // The 500 ms before the redirect start once the toast can be shown (its chunk loads on demand).
  void preloadToaster().finally(() => handleUnauthorized(toast, typeof description === "string" ? description : undefined));
}

/**
 * How long an answer counts as fresh. Writes made in this tab refresh what they change at once
 * (lib/query-refresh.ts); this bounds how old a screen can be after writes made elsewhere (another
 * tab or device, a provider's webhook): a stale query is fetched again when its screen mounts or
 * the window regains focus. "Never stale, no refetch on focus" showed old data (docs/decisions.md,
 * Engineering choices: cached answers go stale after 30 s), so this is the deliberate departure.
 */
export const STALE_TIME_MS = 30_000;

/**
 * Shared cache: no retries, no polling (except where stated), answers stale after 30 s.
 * Any query or mutation failing with "401: Unauthorized" sends the user to sign in again, so
 * feature code only has to handle its own errors.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => onAnyError(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _variables, _result, mutation) => onAnyError(error, mutation.meta) }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      refetchInterval: false,
      refetchOnMount: true,
      refetchOnWindowFocus: true,
      staleTime: STALE_TIME_MS,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
