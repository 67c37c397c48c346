import { ACCOUNTING_PROVIDERS, type AccountingProviderId, type AccountingProviderInfo } from "@core/accounting/providers";
import { type FinancialIntegrationJson, NEVER_SYNCED, type SyncRunJson } from "@core/contracts/financial-integrations";

/**
 * What the Integrations tab shows per provider: the catalogue's eight
 * providers, each merged with the account's record when there is one. No record means "not
 * connected" (the default); only the server's status says connected, never the browser.
 */
export type ProviderCardModel = {
  provider: AccountingProviderInfo;
  record: FinancialIntegrationJson | null;
  status: "connected" | "error" | "not connected";
  /** OAuth providers whose consent is missing, and providers with no record yet. */
  needsConnect: boolean;
  /** Sync Now on a card only when connected and the provider is not csv. */
  canSyncNow: boolean;
};

export function providerCards(records: readonly FinancialIntegrationJson[]): ProviderCardModel[] {
  return ACCOUNTING_PROVIDERS.map((provider) => {
    const record = records.find((candidate) => candidate.integrationId === provider.id) ?? null;
    const status = record?.status === "connected" ? "connected" : record?.status === "error" ? "error" : "not connected";
    return {
      provider,
      record,
      status,
      needsConnect: record === null || (provider.method === "oauth" && !record.authorized),
      canSyncNow: status === "connected" && provider.id !== "csv",
    };
  });
}

export const STATUS_BADGES = {
  connected: { label: "Connected", variant: "success" },
  error: { label: "Error", variant: "destructive" },
  "not connected": { label: "Not connected", variant: "secondary" },
} as const;

/** A run the cards keep polling for: queued or running. */
export function isRunActive(run: SyncRunJson | null | undefined): boolean {
  return run?.state === "queued" || run?.state === "running";
}

/**
 * The card's line about the latest run: "Syncing 12 of 40 invoices" while it runs, then
 * "Synced 38, failed 2" (null before any run).
 */
export function runProgressText(run: SyncRunJson | null | undefined): string | null {
  if (!run) return null;
  if (isRunActive(run)) return `Syncing ${run.synced + run.failed} of ${run.total} invoices`;
  return `Synced ${run.synced}, failed ${run.failed}`;
}

/** "Last sync: Mar 2, 2026, 3:04 PM", or "Last sync: Never". */
export function lastSyncText(lastSync: string | null, format: (instant: string) => string): string {
  return `Last sync: ${lastSync ? format(lastSync) : NEVER_SYNCED}`;
}

export function providerName(id: AccountingProviderId): string {
  return ACCOUNTING_PROVIDERS.find((provider) => provider.id === id)?.name ?? id;
}
