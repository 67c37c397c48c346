import { MAILBOX_PRESETS, type OAuthEmailProvider } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { secretBoxFor } from "../http/secrets.js";
import type { ConnectionOwner } from "../integrations/integration-store.js";
import { type Mailbox, writeMailbox } from "./mailbox-store.js";
import { OAUTH_META, type OAuthTokens } from "./oauth.js";

/**
 * Saves the member's mailbox connected through OAuth: the preset server, the address from the ID
 * token, the tokens sealed. A consent with tokens is proof the grant works: the row is connected.
 */
export async function connectOAuthMailbox(
  db: Db,
  config: Config,
  options: { owner: ConnectionOwner; provider: OAuthEmailProvider; tokens: OAuthTokens; now: Date },
): Promise<Mailbox> {
  const { owner, provider, tokens, now } = options;
  const meta = OAUTH_META[provider];
  if (!tokens.email) {
    throw new AppError(
      "bad_gateway",
      `${meta.label} did not say which mailbox was connected (no email in the ID token). Try again and allow access to your email address.`,
    );
  }
  return writeMailbox(
    db,
    secretBoxFor(config),
    owner,
    {
      provider,
      enabled: true,
      status: "connected",
      config: {
        ...MAILBOX_PRESETS[provider],
        username: tokens.email,
        address: tokens.email,
        authType: "oauth2",
        lastTestedAt: null,
        lastTestMessage: null,
      },
      secret: {
        kind: "oauth2",
        oauthProvider: meta.oauthName,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresAt: tokens.expiresAt,
      },
      lastError: null,
    },
    now,
  );
}
