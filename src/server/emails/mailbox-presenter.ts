import type { MailboxSettingsResponse } from "../../core/contracts/emails.js";
import { statusWord } from "../../core/integration-status.js";
import type { Config } from "../config.js";
import type { Mailbox } from "./mailbox-store.js";
import { isOAuthConfigured } from "./oauth.js";

/** The member's mailbox → GET/PUT /api/integrations/email. Never a password or a token, only whether one is stored. */
export function presentMailbox(mailbox: Mailbox | null, config: Config): MailboxSettingsResponse {
  const oauthAvailable = { gmail: isOAuthConfigured(config, "gmail"), outlook: isOAuthConfigured(config, "outlook") };
  if (!mailbox) {
    return {
      enabled: false,
      status: statusWord("mailbox", "not_connected"),
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
    enabled: mailbox.enabled,
    status: statusWord("mailbox", mailbox.status),
    provider: mailbox.provider,
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    username: mailbox.username,
    address: mailbox.address,
    authType: mailbox.authType,
    hasPassword: mailbox.hasSecret,
    lastTestedAt: mailbox.lastTestedAt === null ? null : new Date(mailbox.lastTestedAt).toISOString(),
    lastTestMessage: mailbox.lastTestMessage,
    oauthAvailable,
  };
}
