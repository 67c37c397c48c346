import type { z } from "zod";
import type { AccountingProvider, AccountingSession } from "../../provider.js";
import { providerSettings, storedSecret, storedSetting } from "../../provider-settings.js";

/**
 * NetSuite's settings (docs/accounting.md "Settings and secrets"): the account, the integration's consumer key and the token id, the subsidiary. The session is read
 * through these schemas; a provider file reads no other setting.
 */
export const netsuiteSettings = providerSettings({
  config: {
    accountId: storedSetting(),
    consumerKey: storedSetting(),
    tokenId: storedSetting(),
    subsidiaryId: storedSetting(),
    organisationName: storedSetting(),
  },
  secret: {
    consumerSecret: storedSecret(),
    tokenSecret: storedSecret(),
  },
});

export type NetSuiteConfig = z.infer<typeof netsuiteSettings.config>;
export type NetSuiteSecrets = z.infer<typeof netsuiteSettings.secret>;
/** A session on a NetSuite connection. */
export type NetSuiteSession = AccountingSession<NetSuiteConfig, NetSuiteSecrets>;
/** The NetSuite provider's shape. */
export type NetSuiteProvider = AccountingProvider<NetSuiteConfig, NetSuiteSecrets>;
