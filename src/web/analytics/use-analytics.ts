import type { AnalyticsResponse } from "@core/contracts/analytics";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@web/lib/query-keys";

/** What the period picker chose: a week, month or quarter around `date`, or a custom range. */
export type PeriodChoice = { kind: "week" | "month" | "quarter"; date: string } | { kind: "custom"; from: string; to: string };

/** GET /api/analytics's query string for a choice. */
export function analyticsQueryString(choice: PeriodChoice): string {
  const params: Record<string, string> =
    choice.kind === "custom"
      ? { period: "custom", from: choice.from, to: choice.to }
      : { period: choice.kind, date: choice.date };
  return new URLSearchParams(params).toString();
}

/** The whole page's numbers for one period; the previous period's stay on screen while the next loads. */
export function useAnalytics(choice: PeriodChoice, enabled: boolean) {
  return useQuery<AnalyticsResponse | null>({
    queryKey: queryKeys.analytics(analyticsQueryString(choice)),
    enabled,
    placeholderData: (previous) => previous,
  });
}
