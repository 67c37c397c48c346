import { statusWord, storedIntegrationStatus } from "../../core/integration-status.js";
import { ACCOUNTING_OAUTH_CALLBACK_PATH } from "../../core/accounting/providers.js";
import type { FinancialIntegrationJson, SyncRunJson } from "../../core/contracts/financial-integrations.js";
import { latestRunFor, presentSyncRun } from "./sync/sync-runs.js";
import type { Db } from "../db/client.js";
import type { SecretBox } from "../http/secrets.js";
import {
  type AccountingRow,
  configText,
  providerOf,
  readSecretOrEmpty,
  SECRET_FIELD_NAMES,
  storedSecretNames,
} from "./accounting-rows.js";

/** Settings that are bookkeeping of ours, not the provider's (never shown in the card's config). */
const HIDDEN_CONFIG = new Set(["integrationName"]);

/** The Redirect URI a provider app must register: PUBLIC_URL (or this request's origin) plus the callback path. */
export function defaultRedirectUri(origin: string): string {
  return `${origin}${ACCOUNTING_OAUTH_CALLBACK_PATH}`;
}

/**
 * The API's integration record from a row. Secrets never leave: secret fields come back null,
 * their names in `storedSecrets`; tokens only as `authorized`. The Redirect URI shows the default
 * when none was saved, since that is the one the consent uses.
 */
export function presentFinancialIntegration(
  row: AccountingRow,
  options: { box: SecretBox; origin: string; latestRun: SyncRunJson | null },
): FinancialIntegrationJson {
  const provider = providerOf(row);
  const secret = readSecretOrEmpty(options.box, row);
  const config: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(row.config ?? {}))
    if (typeof value === "string" && !HIDDEN_CONFIG.has(name) && !SECRET_FIELD_NAMES.includes(name)) config[name] = value;
  for (const field of provider.fields) config[field.name] = field.secret ? null : (configText(row, field.name) ?? null);
  if (provider.method === "oauth") config.redirectUri = configText(row, "redirectUri") ?? defaultRedirectUri(options.origin);
  return {
    id: row.id,
    integrationId: row.provider,
    integrationName: provider.name,
    enabled: row.enabled,
    status: statusWord("accounting", storedIntegrationStatus(row.status, "not_connected")),
    lastSync: row.lastSyncAt ? row.lastSyncAt.toISOString() : null,
    config,
    storedSecrets: storedSecretNames(secret),
    authorized: Boolean(secret.tokens?.refreshToken),
    organisationName: configText(row, "organisationName") ?? null,
    lastError: row.lastError,
    latestRun: options.latestRun,
  };
}

/** The record with its latest sync run read from the database. */
export async function presentWithLatestRun(
  db: Db,
  row: AccountingRow,
  options: { box: SecretBox; origin: string },
): Promise<FinancialIntegrationJson> {
  const run = await latestRunFor(db, row.accountId, row.id);
  return presentFinancialIntegration(row, { ...options, latestRun: run ? presentSyncRun(run) : null });
}
