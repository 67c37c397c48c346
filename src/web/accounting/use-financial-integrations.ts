import type { AccountingRecordJson, FinancialIntegrationJson } from "@core/contracts/financial-integrations";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";
import { useEffect, useRef } from "react";
import { isRunActive } from "./provider-cards-model";

/** How often the cards look at a sync run while one is queued or running (and never otherwise). */
export const SYNC_POLL_MS = 3000;

const anyRunActive = (records: readonly FinancialIntegrationJson[] | null | undefined) =>
  Boolean(records?.some((record) => isRunActive(record.latestRun)));

/** The account's accounting records (never a secret), polled only while a sync run is active. */
export function useFinancialIntegrations() {
  const query = useQuery<FinancialIntegrationJson[]>({
    queryKey: queryKeys.financialIntegrations(),
    refetchInterval: (current) => (anyRunActive(current.state.data) ? SYNC_POLL_MS : false),
  });
  useRefreshResultsWhenRunsEnd(query.data);
  return query;
}

/**
 * A run that ends between two polls leaves the per-invoice table one poll behind: when a run the
 * page saw active is no longer active, fetch the results once more.
 */
function useRefreshResultsWhenRunsEnd(records: readonly FinancialIntegrationJson[] | undefined): void {
  const active = useRef(new Set<number>());
  useEffect(() => {
    if (!records) return;
    const now = new Set(records.filter((record) => isRunActive(record.latestRun)).map((record) => record.id));
    const ended = [...active.current].some((id) => !now.has(id));
    active.current = now;
    if (ended) void refreshAfter("financial.syncFinished");
  }, [records]);
}

/** One connection's per-invoice results (invoice number, remote id, state, error), polled with its run. */
export function useInvoiceSyncResults(integrationRecordId: number, runActive: boolean) {
  return useQuery<AccountingRecordJson[]>({
    queryKey: queryKeys.financialInvoiceRecords(integrationRecordId),
    refetchInterval: runActive ? SYNC_POLL_MS : false,
  });
}
