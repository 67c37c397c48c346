import { FINANCIAL_TOASTS, type FinancialIntegrationJson } from "@core/contracts/financial-integrations";
import { todayInZone } from "@core/period";
import { useMutation } from "@tanstack/react-query";
import { useAuth } from "@web/hooks/use-auth";
import { toast } from "@web/hooks/use-toast";
import { isUnauthorizedError, serverMessage } from "@web/lib/api";
import { refreshAfter } from "@web/lib/query-refresh";
import { downloadFile, rangeQuery } from "./download";
import { exportFailedToast } from "./use-financial-actions";

type Range = { from?: string; to?: string };

/**
 * The header's Export CSV and the Export Data tab: the revenue CSV, one row per
 * invoice line, saved as revenue-export-{date}.csv (the server names it; today's date is the fallback).
 */
export function useRevenueExport() {
  const { user } = useAuth();
  return useMutation({
    mutationFn: (range?: Range) =>
      downloadFile(
        `/api/financial-integrations/export/revenue${rangeQuery(range)}`,
        `revenue-export-${todayInZone(user?.timezone ?? "UTC")}.csv`,
      ),
    onSuccess: async (fileName) => {
      await refreshAfter("financial.exported");
      toast({ title: FINANCIAL_TOASTS.exportSuccessful, description: `Saved ${fileName}.` });
    },
    onError: exportFailedToast,
  });
}

/** Timberline's Accounts Receivable import file (it has no API: the accountant imports this file). */
export function useImportFileDownload() {
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ record, range }: { record: FinancialIntegrationJson; range?: Range }) =>
      downloadFile(
        `/api/financial-integrations/${record.id}/import-file${rangeQuery(range)}`,
        `timberline-import-${todayInZone(user?.timezone ?? "UTC")}.txt`,
      ),
    onSuccess: async (fileName) => {
      await refreshAfter("financial.exported");
      toast({ title: FINANCIAL_TOASTS.exportSuccessful, description: `Saved ${fileName}.` });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({
          title: "Export Failed",
          description: serverMessage(error, "The import file could not be created."),
          variant: "destructive",
        });
    },
  });
}
