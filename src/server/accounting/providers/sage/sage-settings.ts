import type { z } from "zod";
import type { AccountingProvider, AccountingSession } from "../../provider.js";
import { providerSettings, storedSecret, storedSetting } from "../../provider-settings.js";

/**
 * Sage's settings (docs/accounting.md "Settings and secrets"): the receivable and revenue ledger accounts typed in the form, the region, and the business (X-Site) learned or chosen. The session is read
 * through these schemas; a provider file reads no other setting.
 */
export const sageSettings = providerSettings({
  config: {
    accountsReceivableId: storedSetting(),
    revenueAccountId: storedSetting(),
    region: storedSetting(),
    sageBusinessCount: storedSetting(),
    siteId: storedSetting(),
    siteName: storedSetting(),
    organisationName: storedSetting(),
  },
  secret: {
    apiKey: storedSecret(),
    subscriptionKey: storedSecret(),
  },
});

export type SageConfig = z.infer<typeof sageSettings.config>;
export type SageSecrets = z.infer<typeof sageSettings.secret>;
/** A session on a Sage connection. */
export type SageSession = AccountingSession<SageConfig, SageSecrets>;
/** The Sage provider's shape. */
export type SageProvider = AccountingProvider<SageConfig, SageSecrets>;
