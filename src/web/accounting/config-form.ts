import {
  ACCOUNTING_OAUTH_CALLBACK_PATH,
  type AccountingConfigField,
  type AccountingProviderInfo,
} from "@core/accounting/providers";
import {
  FINANCIAL_CLIENT_REQUIRED,
  type FinancialConfig,
  type FinancialConfigInput,
  financialConfig,
  missingConfigFields,
} from "@core/contracts/financial-config";
import type { FinancialIntegrationJson } from "@core/contracts/financial-integrations";

/** The configure form's values: one text per catalogue field of the provider. */
export type ConfigFormValues = FinancialConfigInput;
export type ConfigFormOutput = FinancialConfig;
export type ConfigFieldName = keyof FinancialConfigInput;

/** The Redirect URI defaults to the app's origin plus the OAuth callback path. */
export function defaultRedirectUri(origin: string = window.location.origin): string {
  return `${origin}${ACCOUNTING_OAUTH_CALLBACK_PATH}`;
}

/**
 * The form's starting values: the stored public settings, secrets always empty (never sent back;
 * an empty one keeps the stored one), and the Redirect URI's default when none is stored.
 */
export function configFormDefaults(
  provider: AccountingProviderInfo,
  record: FinancialIntegrationJson | null,
  origin: string = window.location.origin,
): ConfigFormValues {
  const values: ConfigFormValues = {};
  for (const field of provider.fields) {
    const stored = field.secret ? null : record?.config[field.name];
    values[field.name as ConfigFieldName] = stored ?? (field.name === "redirectUri" ? defaultRedirectUri(origin) : "");
  }
  return values;
}

const isClientField = (provider: AccountingProviderInfo, name: string) =>
  provider.method === "oauth" && (name === "clientId" || name === "clientSecret");

/**
 * The contract's config schema plus the provider's required fields: OAuth providers
 * say "Client ID and Client Secret are required" under each missing one, others "{Label} is
 * required". A secret already stored counts as given.
 */
export function configFormSchema(provider: AccountingProviderInfo, storedSecrets: readonly string[]) {
  return financialConfig.superRefine((config, context) => {
    for (const name of missingConfigFields(provider, config, storedSecrets)) {
      const field = provider.fields.find((candidate) => candidate.name === name);
      context.addIssue({
        code: "custom",
        path: [name],
        message: isClientField(provider, name) ? FINANCIAL_CLIENT_REQUIRED : `${field?.label ?? name} is required`,
      });
    }
  });
}

/** "Stored — leave empty to keep" on a secret the server holds; the catalogue's placeholder otherwise. */
export function fieldPlaceholder(field: AccountingConfigField, storedSecrets: readonly string[]): string | undefined {
  if (field.secret && storedSecrets.includes(field.name)) return "Stored — leave empty to keep";
  return field.placeholder;
}
