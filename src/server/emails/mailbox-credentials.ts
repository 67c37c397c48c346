import { eq } from "drizzle-orm";
import { EMAIL_INTEGRATION_REQUIRED, type OAuthEmailProvider } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { emailIntegrations } from "../db/schema/index.js";
import { refreshUnderLock } from "../integrations/token-refresher.js";
import { SecretDecryptError, secretBoxFor } from "../http/secrets.js";
import type { ImapTarget } from "./imap-connection.js";
import { findMailbox, type MailboxRow, type MailboxSecret, secretContext, updateMailbox } from "./mailbox-store.js";
import { OAuthGrantRefused, type OAuthTokens, REFRESH_MARGIN_MS, refreshTokens } from "./oauth.js";

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
 * The refresh follows the one rule of every token refresh here, written once in the integrations kit
 * (integrations/token-refresher.ts, also used by Meet and accounting): in a transaction holding the
 * mailbox row FOR UPDATE, re-read, refresh only if the token is still stale, and write the new tokens
 * before the lock is released.
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

/**
 * The mailbox's token refreshed through the integrations kit's refresher (integrations/token-refresher.ts,
 * under the mailbox row's lock); a fresh one another caller stored is reused. A refused refresh token
 * (invalid_grant) is recorded as the mailbox's last test message, which Settings shows, and rethrown.
 */
async function refreshMailboxToken(
  db: Db,
  config: Config,
  accountId: number,
  now: Date,
): Promise<{ row: MailboxRow; secret: MailboxSecret }> {
  type Locked = { row: MailboxRow; secret: MailboxSecret };
  return refreshUnderLock<Locked, OAuthTokens, Locked>(db, {
    lock: async (tx) => {
      const [row] = await tx.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, accountId)).for("update");
      if (!row?.enabled) throw new AppError("conflict", EMAIL_INTEGRATION_REQUIRED);
      const secret = readMailboxSecret(config, row);
      if (secret.kind === "oauth2" && isStale(secret, now) && !secret.refreshToken)
        throw new AppError(
          "conflict",
          "Access to the mailbox has expired. Connect the account again in Settings → Integrations → Email.",
        );
      return { row, secret };
    },
    usable: (locked) => (locked.secret.kind !== "oauth2" || !isStale(locked.secret, now) ? locked : null),
    refresh: ({ row, secret }) =>
      refreshTokens(config, row.provider as OAuthEmailProvider, (secret as { refreshToken: string }).refreshToken, now),
    save: async (tx, { row, secret }, tokens) => {
      const renewed: MailboxSecret = {
        ...(secret as Extract<MailboxSecret, { kind: "oauth2" }>),
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresAt: tokens.expiresAt,
      };
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
    },
    isRefused: (error) => error instanceof OAuthGrantRefused,
    reconnect: async (tx, _locked, error) => {
      const refused = error as OAuthGrantRefused;
      await updateMailbox(tx, accountId, { lastTestedAt: now, lastTestMessage: refused.message }, now);
      return refused;
    },
  });
}
