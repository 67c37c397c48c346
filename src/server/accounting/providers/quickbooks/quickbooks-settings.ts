import type { z } from "zod";
import type { AccountingProvider, AccountingSession } from "../../provider.js";
import { providerSettings, storedSecret, storedSetting } from "../../provider-settings.js";

/**
 * QuickBooks's settings (docs/accounting.md "Settings and secrets"): the app's Client ID and Redirect URI, the receivable and revenue accounts typed in the form, the company (realmId, its name) and its tax setup learned at connect, the chosen tax code, and the income item. The session is read
 * through these schemas; a provider file reads no other setting.
 */
export const quickbooksSettings = providerSettings({
  config: {
    clientId: storedSetting(),
    redirectUri: storedSetting(),
    accountsReceivableId: storedSetting(),
    revenueAccountId: storedSetting(),
    realmId: storedSetting(),
    organisationName: storedSetting(),
    itemId: storedSetting(),
    companyCountry: storedSetting(),
    homeCurrency: storedSetting(),
    multiCurrencyEnabled: storedSetting(),
    taxCodeRequired: storedSetting(),
    taxCodeId: storedSetting(),
    taxCodeName: storedSetting(),
  },
  secret: {
    clientSecret: storedSecret(),
  },
});

export type QuickBooksConfig = z.infer<typeof quickbooksSettings.config>;
export type QuickBooksSecrets = z.infer<typeof quickbooksSettings.secret>;
/** A session on a QuickBooks connection. */
export type QuickBooksSession = AccountingSession<QuickBooksConfig, QuickBooksSecrets>;
/** The QuickBooks provider's shape. */
export type QuickBooksProvider = AccountingProvider<QuickBooksConfig, QuickBooksSecrets>;
