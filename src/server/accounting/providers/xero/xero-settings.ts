import type { z } from "zod";
import type { AccountingProvider, AccountingSession } from "../../provider.js";
import { providerSettings, storedSecret, storedSetting } from "../../provider-settings.js";

/**
 * Xero's settings (docs/accounting.md "Settings and secrets"): the app's Client ID and Redirect URI, the organisation (tenantId, its name) learned at connect, and the sales and payment accounts chosen from its chart. The session is read
 * through these schemas; a provider file reads no other setting.
 */
export const xeroSettings = providerSettings({
  config: {
    clientId: storedSetting(),
    redirectUri: storedSetting(),
    tenantId: storedSetting(),
    organisationName: storedSetting(),
    revenueAccountRemoteId: storedSetting(),
    revenueAccountCode: storedSetting(),
    revenueAccountName: storedSetting(),
    paymentAccountRemoteId: storedSetting(),
    paymentAccountCode: storedSetting(),
    paymentAccountName: storedSetting(),
  },
  secret: {
    clientSecret: storedSecret(),
  },
});

export type XeroConfig = z.infer<typeof xeroSettings.config>;
export type XeroSecrets = z.infer<typeof xeroSettings.secret>;
/** A session on a Xero connection. */
export type XeroSession = AccountingSession<XeroConfig, XeroSecrets>;
/** The Xero provider's shape. */
export type XeroProvider = AccountingProvider<XeroConfig, XeroSecrets>;
