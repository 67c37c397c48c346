import { EMAIL_INTEGRATION_REQUIRED, type OAuthEmailProvider } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { emailIntegrations } from "../db/schema/index.js";
import { SecretDecryptError, secretBoxFor } from "../http/secrets.js";
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
 *
 * The refresh follows the one rule of every token refresh here (Meet's meet-tokens.ts, accounting's
 * token-store.ts; issue 23 defect 13): in a transaction holding the mailbox row FOR UPDATE, re-read,
 * refresh only if the token is still stale, and write the new tokens before the lock is released.
 * Two searches at once then spend a rotating refresh token once: the second waits and reuses the
 * first one's token.
 */
export async function loadConnectedMailbox(db: Db, config: Config, accountId: number, now: Date): Promise<ConnectedMailbox> {
  const found = await findMailbox(db, accountId);
  if (!found?.enabled) throw new AppError("conflict", EMAIL_INTEGRATION_REQUIRED);
  let row = found;
  let secret = readMailboxSecret(config, row);
  if (isStale(secret, now)) ({ row, secret } = await refreshMailboxToken(db, config, accountId, now));
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

const isStale = (secret: MailboxSecret, now: Date) =>
  secret.kind === "oauth2" && secret.expiresAt - now.getTime() < REFRESH_MARGIN_MS;

/** The mailbox's token refreshed under its row's lock (see loadConnectedMailbox); a fresh one another caller stored is reused. */
async function refreshMailboxToken(
  db: Db,
  config: Config,
  accountId: number,
  now: Date,
): Promise<{ row: MailboxRow; secret: MailboxSecret }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, accountId)).for("update");
    if (!row?.enabled) throw new AppError("conflict", EMAIL_INTEGRATION_REQUIRED);
    const secret = readMailboxSecret(config, row);
    if (secret.kind !== "oauth2" || !isStale(secret, now)) return { row, secret };
    if (!secret.refreshToken) {
      throw new AppError(
        "conflict",
        "Access to the mailbox has expired. Connect the account again in Settings → Integrations → Email.",
      );
    }
    const tokens = await refreshTokens(config, row.provider as OAuthEmailProvider, secret.refreshToken, now);
    const renewed: MailboxSecret = {
      ...secret,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt,
    };
    // Written before the lock is released: the next caller sees the new pair, never the spent one.
    await updateMailbox(
      tx,
      accountId,
      {
        secretCiphertext: secretBoxFor(config).encryptJson(renewed, secretContext(accountId)),
        tokenExpiresAt: new Date(tokens.expiresAt),
      },
      now,
    );
    return { row, secret: renewed };
  });
}
