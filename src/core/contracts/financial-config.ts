import { z } from "zod";
import { isNetSuiteAccountId, NETSUITE_ACCOUNT_ID_MESSAGE } from "../accounting/netsuite-account.js";
import type { AccountingProviderInfo } from "../accounting/providers.js";
import { text } from "./common.js";

/**
 * An accounting connection's settings (its config fields by provider, docs/accounting.md): the one shape both the configure dialog and the server parse, and the one rule of
 * which fields a provider still needs. The endpoints' own contracts are in financial-integrations.ts.
 */

/** Word for word as the product specifies it (the configure form's rule for OAuth providers). */
export const FINANCIAL_CLIENT_REQUIRED = "Client ID and Client Secret are required";

/**
 * A provider's settings as the forms send them: every config field of any provider, each
 * optional here; which ones a provider needs is checked against the catalogue
 * (core/accounting/providers.ts) by `missingConfigFields`. An empty secret keeps the stored one.
 */
const configValue = (label: string) =>
  text({ error: `${label} must be text` })
    .trim()
    .max(500, `${label} is too long (at most 500 characters)`)
    .optional()
    .nullable()
    .transform((value) => value || undefined);

export const financialConfig = z
  .object({
    clientId: configValue("Client ID"),
    clientSecret: configValue("Client Secret"),
    redirectUri: configValue("Redirect URI").refine(
      (value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value),
      "Redirect URI must be a web address starting with https:// or http://",
    ),
    accountsReceivableId: configValue("Accounts Receivable Account ID"),
    revenueAccountId: configValue("Revenue Account ID"),
    apiKey: configValue("API Key"),
    subscriptionKey: configValue("Subscription Key"),
    serverName: configValue("Server Name"),
    databaseName: configValue("Database Name"),
    username: configValue("Username"),
    password: configValue("Password"),
    // NetSuite's only: it names the host the server calls (core/accounting/netsuite-account.ts).
    accountId: configValue("Account ID").refine(
      (value) => value === undefined || isNetSuiteAccountId(value),
      NETSUITE_ACCOUNT_ID_MESSAGE,
    ),
    consumerKey: configValue("Consumer Key"),
    consumerSecret: configValue("Consumer Secret"),
    tokenId: configValue("Token ID"),
    tokenSecret: configValue("Token Secret"),
    subsidiaryId: configValue("Subsidiary ID"),
  })
  .strict();
export type FinancialConfigInput = z.input<typeof financialConfig>;
export type FinancialConfig = z.infer<typeof financialConfig>;

/**
 * The provider's required settings that are still missing, by field name: a secret already stored
 * counts as given (an empty secret input keeps it). The catalogue (core/accounting/providers.ts) says
 * which fields each provider needs.
 */
export function missingConfigFields(
  provider: AccountingProviderInfo,
  config: Partial<Record<string, string | undefined>>,
  storedSecrets: readonly string[] = [],
): string[] {
  return provider.fields
    .filter((field) => field.required && !config[field.name] && !(field.secret && storedSecrets.includes(field.name)))
    .map((field) => field.name);
}

/**
 * The configure form's refusal, or null when nothing required is missing: OAuth
 * providers answer the one "Client ID and Client Secret are required"; the others name the first
 * missing field ("Server Name is required").
 */
export function missingConfigMessage(
  provider: AccountingProviderInfo,
  config: Partial<Record<string, string | undefined>>,
  storedSecrets: readonly string[] = [],
): string | null {
  const missing = missingConfigFields(provider, config, storedSecrets);
  if (missing.length === 0) return null;
  if (provider.method === "oauth" && missing.some((name) => name === "clientId" || name === "clientSecret"))
    return FINANCIAL_CLIENT_REQUIRED;
  const field = provider.fields.find((candidate) => candidate.name === missing[0]);
  return `${field?.label ?? missing[0]} is required`;
}
