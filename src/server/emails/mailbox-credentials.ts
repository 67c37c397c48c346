import { EMAIL_INTEGRATION_REQUIRED, type OAuthEmailProvider } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { SecretDecryptError, secretBoxFor } from "../platform/secrets.js";
import type { ImapTarget } from "./imap-connection.js";
import { type MailboxRow, type MailboxSecret, findMailbox, secretContext, updateMailbox } from "./mailbox-store.js";
import { REFRESH_MARGIN_MS, refreshTokens } from "./oauth.js";

export type ConnectedMailbox = { row: MailboxRow; target: ImapTarget };

/** Decrypts a row's secret, or explains (409) why it cannot be used. */
export function readMailboxSecret(config: Config, row: MailboxRow): MailboxSecret {
  if (!row.secretCiphertext)
    throw new AppError(
      "conflict",
      "No password is stored for this mailbox. Enter the app password in Settings → Integrations → Email.",
    );
  try {
    return secretBoxFor(config).decryptJson<MailboxSecret>(row.secretCiphertext, secretContext(row.accountId));
  } catch (error) {
    if (error instanceof SecretDecryptError) {
      throw new AppError(
        "conflict",
        "The stored mailbox password can no longer be read (the server's secrets key has changed). Enter the app password again in Settings → Integrations → Email.",
      );
    }
    throw error;
  }
}

/**
 * The enabled mailbox of the account, ready to sign in: the password, or an OAuth access token
 * refreshed first when it expires within five minutes (the new tokens are stored encrypted).
 */
export async function loadConnectedMailbox(db: Db, config: Config, accountId: number, now: Date): Promise<ConnectedMailbox> {
  const row = await findMailbox(db, accountId);
  if (!row?.enabled) throw new AppError("conflict", EMAIL_INTEGRATION_REQUIRED);
  let secret = readMailboxSecret(config, row);
  if (secret.kind === "oauth2" && secret.expiresAt - now.getTime() < REFRESH_MARGIN_MS) {
    if (!secret.refreshToken) {
      throw new AppError(
        "conflict",
        "Access to the mailbox has expired. Connect the account again in Settings → Integrations → Email.",
      );
    }
    const provider = row.provider as OAuthEmailProvider;
    const tokens = await refreshTokens(config, provider, secret.refreshToken, now);
    secret = { ...secret, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt };
    await updateMailbox(
      db,
      accountId,
      {
        secretCiphertext: secretBoxFor(config).encryptJson(secret, secretContext(accountId)),
        tokenExpiresAt: new Date(tokens.expiresAt),
      },
      now,
    );
  }
  const target: ImapTarget = {
    host: row.host,
    port: row.port,
    secure: row.secure,
    username: row.username,
    auth:
      secret.kind === "password"
        ? { kind: "password", password: secret.password }
        : { kind: "oauth2", accessToken: secret.accessToken },
    allowPrivateHost: config.allowPrivateMailHosts,
    allowPlaintextLogin: config.allowPrivateMailHosts,
  };
  return { row, target };
}
