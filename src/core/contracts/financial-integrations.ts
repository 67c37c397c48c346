import { z } from "zod";
import { ACCOUNTING_PROVIDER_IDS, ACCOUNTING_STATUSES, type AccountingProviderId } from "../accounting/providers.js";
import { clearSecretsList } from "./clear-secrets.js";
import { isoDate, text } from "./common.js";
import { financialConfig } from "./financial-config.js";
import { count, day, id, instant } from "./response-fields.js";

/**
 * Financial Integrations (docs/accounting.md): the accounting connections,
 * their syncs and the CSV exports. Shared by the server's routes and the browser's forms.
 */

/** The toasts (page and settings sub-tab). */
export const FINANCIAL_TOASTS = {
  setupFailed: "Setup Failed",
  updateFailed: "Update Failed",
  syncFailed: "Sync Failed",
  exportFailed: "Export Failed: Failed to export revenue data",
  settingsSetupFailed: "Error: Failed to setup integration",
  settingsSyncFailed: "Failed to sync integration",
  settingsExportFailed: "Failed to export data",
  created: "Integration Created",
  updated: "Integration Updated",
  syncCompleted: "Sync Completed",
  exportSuccessful: "Export Successful",
} as const;

/** "Successfully synced to X out of Y integrations". */
export function syncSummaryMessage(succeeded: number, total: number): string {
  return `Successfully synced to ${succeeded} out of ${total} integrations`;
}

/** Last sync shows 'Never' if absent. */
export const NEVER_SYNCED = "Never";

export const accountingProviderId = z.enum(ACCOUNTING_PROVIDER_IDS, {
  error: `integrationId must be one of ${ACCOUNTING_PROVIDER_IDS.join(", ")}`,
});

/** POST /api/financial-integrations: creates the record, or updates the existing one. */
export const createFinancialIntegrationRequest = z
  .object({
    integrationId: accountingProviderId,
    integrationName: text().trim().max(100, "integrationName is too long").optional(),
    enabled: z.boolean({ error: "enabled must be true or false" }).optional().default(true),
    config: financialConfig.prefault({}),
  })
  .strict();
export type CreateFinancialIntegrationInput = z.input<typeof createFinancialIntegrationRequest>;

/**
 * PUT /api/financial-integrations/{id}: partial (config or enabled). `clearSecrets` names stored secrets
 * to erase without a replacement (the settings' "Clear"; docs/accounting.md): each must be one of the
 * provider's secret fields, and none may be given a new value in the same request.
 */
export const updateFinancialIntegrationRequest = z
  .object({
    enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
    config: financialConfig.optional(),
    clearSecrets: clearSecretsList.optional(),
  })
  .strict();
export type UpdateFinancialIntegrationInput = z.input<typeof updateFinancialIntegrationRequest>;

/** POST /api/financial-integrations/setup (the settings sub-tab): integrationId and config. */
export const setupFinancialIntegrationRequest = z
  .object({ integrationId: accountingProviderId, config: financialConfig.prefault({}) })
  .strict();

/** Sync Settings' From and To (YYYY-MM-DD, both optional; To not before From). */
export const syncDateRange = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .strict()
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: "From must be on or before To",
    path: ["to"],
  });
export type SyncDateRange = z.infer<typeof syncDateRange>;

/** POST /api/financial-integrations/sync: body dateRange (from, to, optional). */
export const syncAllRequest = z.object({ dateRange: syncDateRange.optional() }).strict();
/** POST /api/financial-integrations/{id}/sync: an optional date range too (the card's Sync Now sends none). */
export const syncOneRequest = z.object({ dateRange: syncDateRange.optional() }).strict();

/** POST /api/financial-integrations/export: body format (csv). */
export const exportRequest = z
  .object({
    format: z.literal("csv", { error: "format must be csv" }),
    dateRange: syncDateRange.optional(),
  })
  .strict();

/** GET /api/financial-integrations/export/revenue?from&to (both optional). */
export const revenueExportQuery = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: "From must be on or before To",
    path: ["to"],
  });

/** A sync run: one integration, one date range, its invoices pushed by jobs. */
export const SYNC_RUN_STATES = ["queued", "running", "succeeded", "failed"] as const;
export const syncRunJson = z.object({
  id,
  state: z.enum(SYNC_RUN_STATES),
  from: day.nullable(),
  to: day.nullable(),
  total: count,
  synced: count,
  failed: count,
  message: text().nullable(),
  createdAt: instant,
  finishedAt: instant.nullable(),
});
export type SyncRunJson = z.infer<typeof syncRunJson>;

/** The integration record (id, integrationId, integrationName, enabled, status, lastSync, config): never a secret. */
export const financialIntegrationJson = z.object({
  id,
  integrationId: z.enum(ACCOUNTING_PROVIDER_IDS),
  integrationName: text(),
  enabled: z.boolean(),
  status: z.enum(ACCOUNTING_STATUSES),
  lastSync: instant.nullable(),
  /** The public settings; secret fields come back as null, with their names in `storedSecrets`. */
  config: z.record(text(), text().nullable()),
  storedSecrets: z.array(text()),
  /** OAuth providers: whether the provider's consent was granted (tokens stored). */
  authorized: z.boolean(),
  /** The remote company or organisation, once a real call named it. */
  organisationName: text().nullable(),
  /** The provider's words from the last failed call. */
  lastError: text().nullable(),
  latestRun: syncRunJson.nullable(),
});
export type FinancialIntegrationJson = z.infer<typeof financialIntegrationJson>;

export const financialIntegrationListResponse = z.array(financialIntegrationJson);

/** POST /api/financial-integrations and PUT /{id}: the record, and for OAuth providers where to send the user. */
export const financialIntegrationSaveResponse = z.object({
  success: z.literal(true),
  created: z.boolean(),
  message: text(),
  integration: financialIntegrationJson,
  /** OAuth providers not yet authorised: the provider's consent page (state-signed). */
  authorizationUrl: text().nullable(),
});
export type FinancialIntegrationSaveResponse = z.infer<typeof financialIntegrationSaveResponse>;

/** GET /api/financial-integrations/supported: the catalogue. */
export const supportedProviderJson = z.object({
  id: z.enum(ACCOUNTING_PROVIDER_IDS),
  name: text(),
  method: z.enum(["oauth", "none", "api", "database", "token"]),
  description: text(),
  features: z.array(text()),
  available: z.boolean(),
  syncsOverApi: z.boolean(),
  note: text().nullable(),
  fields: z.array(
    z.object({
      name: text(),
      label: text(),
      secret: z.boolean(),
      required: z.boolean(),
      placeholder: text().nullable(),
      help: text().nullable(),
    }),
  ),
});
export const supportedProvidersResponse = z.array(supportedProviderJson);

/** One integration's result in POST /sync (results, each with a success flag). */
export const syncResultJson = z.object({
  integrationId: z.enum(ACCOUNTING_PROVIDER_IDS),
  integrationName: text(),
  success: z.boolean(),
  message: text(),
  run: syncRunJson.nullable(),
});
export const syncAllResponse = z.object({
  success: z.boolean(),
  message: text(),
  results: z.array(syncResultJson),
});
export type SyncAllResponse = z.infer<typeof syncAllResponse>;

export const syncOneResponse = z.object({ success: z.boolean(), message: text(), run: syncRunJson.nullable() });

/** POST /export: the CSV text, downloaded by the browser as a dated file. */
export const exportResponse = z.object({ success: z.literal(true), data: text(), filename: text(), rows: count });

/** Per-invoice (and customer, payment) sync results: GET /api/financial-integrations/{id}/records. */
export const ACCOUNTING_ENTITIES = ["customer", "invoice", "payment", "email"] as const;
export type AccountingEntity = (typeof ACCOUNTING_ENTITIES)[number];
export const ACCOUNTING_RECORD_STATES = ["pending", "synced", "failed"] as const;
export const accountingRecordsQuery = z.object({
  entity: z.enum(ACCOUNTING_ENTITIES, { error: "entity must be customer, invoice, payment or email" }).optional(),
});
export const accountingRecordJson = z.object({
  entity: z.enum(ACCOUNTING_ENTITIES),
  localId: id,
  /** What the user knows it by: the invoice number, the client's name. */
  label: text(),
  remoteId: text().nullable(),
  state: z.enum(ACCOUNTING_RECORD_STATES),
  lastError: text().nullable(),
  syncedAt: instant.nullable(),
});
export type AccountingRecordJson = z.infer<typeof accountingRecordJson>;
export const accountingRecordsResponse = z.array(accountingRecordJson);

/** Narrow a string to a provider id for links such as the OAuth callback's result. */
export function providerIdOrNull(value: string | null | undefined): AccountingProviderId | null {
  return value && (ACCOUNTING_PROVIDER_IDS as readonly string[]).includes(value) ? (value as AccountingProviderId) : null;
}

/** The page the OAuth callback ends on (`?connected={provider}` or `?error={message}`). */
export const FINANCIAL_INTEGRATIONS_PAGE = "/financial-integrations";

/**
 * GET /api/financial-integrations/oauth/callback: what a provider sends back after its consent page
 * (code and state, QuickBooks' realmId, or error=access_denied). Other parameters are passed through.
 */
export const accountingOAuthCallbackQuery = z
  .object({
    code: text().max(4000).optional(),
    state: text().max(4000).optional(),
    realmId: text().max(200).optional(),
    error: text().max(200).optional(),
    error_description: text().max(1000).optional(),
  })
  .loose();

/** POST /api/financial-integrations/{id}/connect: where to send the browser for the provider's consent. */
export const connectFinancialIntegrationResponse = z.object({ authorizationUrl: text() });

/** DELETE /api/financial-integrations/{id}: the record as it now stands, disconnected. */
export const disconnectFinancialIntegrationResponse = z.object({
  success: z.literal(true),
  message: text(),
  integration: financialIntegrationJson,
});

/** GET /api/financial-integrations/{id}/import-file?from&to (Timberline): the invoices issued in the range. */
export const importFileQuery = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: "From must be on or before To",
    path: ["to"],
  });
