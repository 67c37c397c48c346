import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "@web/lib/query-client";
import type { ReactNode } from "react";

/**
 * The query cache for the screens that read or write through TanStack Query: the signed-in app
 * (shell/signed-in-app.tsx) and the public pages with forms (/auth, /waitlist). Not in app.tsx, so
 * the landing page downloads no query library. Every provider shares the one queryClient.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
