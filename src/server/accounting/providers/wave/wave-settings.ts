import type { z } from "zod";
import type { AccountingProvider, AccountingSession } from "../../provider.js";
import { providerSettings, storedSecret, storedSetting } from "../../provider-settings.js";

/**
 * Wave's settings (docs/accounting.md "Settings and secrets"): the app's Client ID and Redirect URI, and the business learned at connect. The session is read
 * through these schemas; a provider file reads no other setting.
 */
export const waveSettings = providerSettings({
  config: {
    clientId: storedSetting(),
    redirectUri: storedSetting(),
    businessId: storedSetting(),
    organisationName: storedSetting(),
  },
  secret: {
    clientSecret: storedSecret(),
  },
});

export type WaveConfig = z.infer<typeof waveSettings.config>;
export type WaveSecrets = z.infer<typeof waveSettings.secret>;
/** A session on a Wave connection. */
export type WaveSession = AccountingSession<WaveConfig, WaveSecrets>;
/** The Wave provider's shape. */
export type WaveProvider = AccountingProvider<WaveConfig, WaveSecrets>;
