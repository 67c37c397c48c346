import type { z } from "zod";
import type { AccountingProvider, AccountingSession } from "../../provider.js";
import { providerSettings, storedSecret, storedSetting } from "../../provider-settings.js";

/**
 * FreshBooks's settings (docs/accounting.md "Settings and secrets"): the app's Client ID and Redirect URI, and the account and business learned at connect. The session is read
 * through these schemas; a provider file reads no other setting.
 */
export const freshbooksSettings = providerSettings({
  config: {
    clientId: storedSetting(),
    redirectUri: storedSetting(),
    accountId: storedSetting(),
    businessId: storedSetting(),
    organisationName: storedSetting(),
  },
  secret: {
    clientSecret: storedSecret(),
  },
});

export type FreshBooksConfig = z.infer<typeof freshbooksSettings.config>;
export type FreshBooksSecrets = z.infer<typeof freshbooksSettings.secret>;
/** A session on a FreshBooks connection. */
export type FreshBooksSession = AccountingSession<FreshBooksConfig, FreshBooksSecrets>;
/** The FreshBooks provider's shape. */
export type FreshBooksProvider = AccountingProvider<FreshBooksConfig, FreshBooksSecrets>;
