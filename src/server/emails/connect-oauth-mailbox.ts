import { MAILBOX_PRESETS, type OAuthEmailProvider } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { secretBoxFor } from "../http/secrets.js";
import { type MailboxRow, type MailboxSecret, secretContext, upsertMailbox } from "./mailbox-store.js";
import { OAUTH_META, type OAuthTokens } from "./oauth.js";

/** Saves a mailbox connected through OAuth: the preset server, the address from the ID token, the tokens encrypted. */
export async function connectOAuthMailbox(
  db: Db,
  config: Config,
  options: { accountId: number; provider: OAuthEmailProvider; tokens: OAuthTokens; now: Date },
): Promise<MailboxRow> {
  const { accountId, provider, tokens, now } = options;
  const meta = OAUTH_META[provider];
  if (!tokens.email) {
    throw new AppError(
      "bad_gateway",
      `${meta.label} did not say which mailbox was connected (no email in the ID token). Try again and allow access to your email address.`,
    );
  }
  const secret: MailboxSecret = {
    kind: "oauth2",
    oauthProvider: meta.oauthName,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
  };
  return upsertMailbox(
    db,
    accountId,
    {
      enabled: true,
      provider,
      ...MAILBOX_PRESETS[provider],
      username: tokens.email,
      address: tokens.email,
      authType: "oauth2",
      secretCiphertext: secretBoxFor(config).encryptJson(secret, secretContext(accountId)),
      tokenExpiresAt: new Date(tokens.expiresAt),
      lastTestedAt: null,
      lastTestMessage: null,
    },
    now,
  );
}
