import { EMAIL_INTEGRATION_REQUIRED, MAILBOX_RECONNECT_MESSAGE, type OAuthEmailProvider } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { SecretDecryptError, secretBoxFor } from "../http/secrets.js";
import { type ConnectionOwner, readIntegrationSecret } from "../integrations/integration-store.js";
import { refreshUnderLock } from "../integrations/token-refresher.js";
import type { ImapTarget } from "./imap-connection.js";
import { findMailbox, lockMailbox, type Mailbox, type MailboxSecret, recordMailboxOutcome, storeMailboxSecret } from "./mailbox-store.js";
import { OAuthGrantRefused, type OAuthTokens, REFRESH_MARGIN_MS, refreshTokens } from "./oauth.js";

export type ConnectedMailbox = { mailbox: Mailbox; target: ImapTarget };

/**
 * Opens a mailbox's secret (with the context it was sealed with: the kit's, or the old mailbox table's
 * for a row migration 0029 moved and nothing has saved since), or explains (409) why it cannot be used.
 */
export function readMailboxSecret(config: Config, mailbox: Mailbox): MailboxSecret {
  const fail = () =>
    new AppError(
      "conflict",
      "No password is stored for this mailbox. Enter the app password in Settings → Integrations → Email.",
    );
  try {
    const secret = readIntegrationSecret<MailboxSecret>(secretBoxFor(config), mailbox.row);
    if (!secret) throw fail();
    return secret;
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
 * The member's own enabled mailbox, ready to sign in: the password, or an OAuth access token
 * refreshed first when it expires within five minutes (the new tokens are sealed and stored).
 *
 * The refresh is the integrations kit's (integrations/token-refresher.ts, as Meet and accounting):
 * in a transaction holding the mailbox's row FOR UPDATE, re-read, refresh only if the token is still
 * stale, and write the new tokens before the lock is released. Two searches at once then spend a
 * rotating refresh token once: the second waits and reuses the first one's token.
 */
export async function loadConnectedMailbox(
  db: Db,
  config: Config,
  owner: ConnectionOwner,
  now: Date,
): Promise<ConnectedMailbox> {
  const found = await findMailbox(db, owner);
  if (!found?.enabled) throw new AppError("conflict", EMAIL_INTEGRATION_REQUIRED);
  let mailbox = found;
  let secret = readMailboxSecret(config, mailbox);
  if (isStale(secret, now)) ({ mailbox, secret } = await refreshMailboxToken(db, config, owner, now));
  const target: ImapTarget = {
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    username: mailbox.username,
    auth:
      secret.kind === "password"
        ? { kind: "password", password: secret.password }
        : { kind: "oauth2", accessToken: secret.accessToken },
    allowPrivateHost: config.allowPrivateMailHosts,
    allowPlaintextLogin: config.allowPrivateMailHosts,
  };
  return { mailbox, target };
}

const isStale = (secret: MailboxSecret, now: Date) =>
  secret.kind === "oauth2" && secret.expiresAt - now.getTime() < REFRESH_MARGIN_MS;

type Locked = { mailbox: Mailbox; secret: MailboxSecret };

/**
 * The mailbox's plan for the kit's refresher: a fresh token another caller stored is reused; the
 * provider's `invalid_grant` turns the row to "reconnect" (its words become the last test message
 * Settings shows, and the error thrown); a row already at "reconnect" asks the provider nothing.
 * Other failures (timeout, 5xx) change nothing and are rethrown: the next search tries again.
 */
function refreshMailboxToken(db: Db, config: Config, owner: ConnectionOwner, now: Date): Promise<Locked> {
  const box = secretBoxFor(config);
  return refreshUnderLock<Locked, OAuthTokens, Locked>(db, {
    lock: async (tx) => {
      const mailbox = await lockMailbox(tx, owner);
      if (!mailbox?.enabled) throw new AppError("conflict", EMAIL_INTEGRATION_REQUIRED);
      const secret = readMailboxSecret(config, mailbox);
      if (secret.kind === "oauth2" && isStale(secret, now)) {
        if (mailbox.status === "reconnect") throw new AppError("conflict", MAILBOX_RECONNECT_MESSAGE);
        if (!secret.refreshToken)
          throw new AppError(
            "conflict",
            "Access to the mailbox has expired. Connect the account again in Settings → Integrations → Email.",
          );
      }
      return { mailbox, secret };
    },
    usable: (locked) => (isStale(locked.secret, now) ? null : locked),
    refresh: ({ mailbox, secret }) =>
      refreshTokens(config, mailbox.provider as OAuthEmailProvider, (secret as { refreshToken: string }).refreshToken, now),
    save: async (tx, { mailbox, secret }, tokens) => {
      const renewed: MailboxSecret = {
        ...(secret as Extract<MailboxSecret, { kind: "oauth2" }>),
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresAt: tokens.expiresAt,
      };
      await storeMailboxSecret(tx, box, mailbox, renewed, now);
      return { mailbox, secret: renewed };
    },
    isRefused: (error) => error instanceof OAuthGrantRefused,
    reconnect: async (tx, { mailbox }, error) => {
      const refused = error as OAuthGrantRefused;
      await recordMailboxOutcome(tx, mailbox, { at: now, message: refused.message, status: "reconnect", failed: true });
      return refused;
    },
  });
}
