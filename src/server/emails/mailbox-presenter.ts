import type { EmailProvider, MailboxSettingsResponse } from "../../core/contracts/emails.js";
import type { Config } from "../config.js";
import type { MailboxRow } from "./mailbox-store.js";
import { isOAuthConfigured } from "./oauth.js";

/** Row → GET/PUT /api/integrations/email. Never a password or a token, only whether one is stored. */
export function presentMailbox(row: MailboxRow | null, config: Config): MailboxSettingsResponse {
  const oauthAvailable = { gmail: isOAuthConfigured(config, "gmail"), outlook: isOAuthConfigured(config, "outlook") };
  if (!row) {
    return {
      enabled: false,
      provider: null,
      host: null,
      port: null,
      secure: null,
      username: null,
      address: null,
      authType: null,
      hasPassword: false,
      lastTestedAt: null,
      lastTestMessage: null,
      oauthAvailable,
    };
  }
  return {
    enabled: row.enabled,
    provider: row.provider as EmailProvider,
    host: row.host,
    port: row.port,
    secure: row.secure,
    username: row.username,
    address: row.address,
    authType: row.authType === "oauth2" ? "oauth2" : "password",
    hasPassword: row.secretCiphertext !== null,
    lastTestedAt: row.lastTestedAt?.toISOString() ?? null,
    lastTestMessage: row.lastTestMessage,
    oauthAvailable,
  };
}
