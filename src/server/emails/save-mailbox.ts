import { MAILBOX_PRESETS, type MailboxSettingsRequest } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { secretBoxFor } from "../platform/secrets.js";
import { type MailboxRow, type MailboxSecret, findMailbox, secretContext, upsertMailbox } from "./mailbox-store.js";

/**
 * PUT /api/integrations/email. Known providers use their preset server; `imap` its own host,
 * port (993 by default) and TLS (on by default). A password is encrypted before it is stored; an
 * absent password keeps the stored secret as long as it still fits (same provider for OAuth).
 */
export async function saveMailbox(
  db: Db,
  config: Config,
  options: { accountId: number; input: MailboxSettingsRequest; now: Date },
): Promise<MailboxRow> {
  const { accountId, input, now } = options;
  const existing = await findMailbox(db, accountId);
  const server =
    input.provider === "imap"
      ? { host: input.host!, port: input.port ?? 993, secure: input.secure ?? true }
      : MAILBOX_PRESETS[input.provider];

  let secretCiphertext: string | null;
  let authType: "password" | "oauth2";
  let tokenExpiresAt: Date | null = null;
  if (input.password) {
    const secret: MailboxSecret = { kind: "password", password: input.password };
    secretCiphertext = secretBoxFor(config).encryptJson(secret, secretContext(accountId));
    authType = "password";
  } else if (existing?.secretCiphertext && keepsSecret(existing, input)) {
    secretCiphertext = existing.secretCiphertext;
    authType = existing.authType === "oauth2" ? "oauth2" : "password";
    tokenExpiresAt = existing.tokenExpiresAt;
  } else {
    throw new AppError("validation_error", "App password is required to connect this mailbox", [
      { path: "password", message: "App password is required" },
    ]);
  }

  const changedServer =
    !existing || existing.host !== server.host || existing.port !== server.port || existing.username !== input.username;
  const address = input.address ?? (input.username.includes("@") ? input.username.toLowerCase() : (existing?.address ?? null));
  return upsertMailbox(
    db,
    accountId,
    {
      enabled: input.enabled ?? true,
      provider: input.provider,
      host: server.host,
      port: server.port,
      secure: server.secure,
      username: input.username,
      address,
      authType,
      secretCiphertext,
      tokenExpiresAt,
      lastTestedAt: changedServer || input.password ? null : (existing?.lastTestedAt ?? null),
      lastTestMessage: changedServer || input.password ? null : (existing?.lastTestMessage ?? null),
    },
    now,
  );
}

/** An OAuth grant belongs to one provider and account; a password works for any settings change. */
function keepsSecret(existing: MailboxRow, input: MailboxSettingsRequest): boolean {
  if (existing.authType !== "oauth2") return true;
  return existing.provider === input.provider && existing.username.toLowerCase() === input.username.toLowerCase();
}
