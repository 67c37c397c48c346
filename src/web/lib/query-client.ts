import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { getQueryFn, handleUnauthorized, isUnauthorizedError } from "./api";

/*
 * TanStack Query lives outside the public entry chunk (issue 3: the landing page's JavaScript
 * budget): only the signed-in app and the public pages that send forms (/auth, /waitlist) import
 * this module, through components/query-provider.tsx. The session user is not in this cache; it
 * lives in hooks/use-auth.ts (lib/session.ts).
 */

function onAnyError(error: unknown): void {
  if (isUnauthorizedError(error)) handleUnauthorized(toast);
}

/**
 * Shared cache: no retries, no refetch on focus, no polling, data never stale (spec 000 §7.1).
 * Any query or mutation failing with "401: Unauthorized" sends the user to sign in again, so
 * feature code only has to handle its own errors.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onAnyError }),
  mutationCache: new MutationCache({ onError: onAnyError }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
