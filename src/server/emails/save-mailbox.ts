import { MAILBOX_PRESETS, type MailboxSettingsRequest } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { PrivateAddressError, resolvePublicHost } from "../http/outbound-address.js";
import { secretBoxFor } from "../http/secrets.js";
import { type MailboxRow, type MailboxSecret, findMailbox, secretContext, upsertMailbox } from "./mailbox-store.js";

/**
 * PUT /api/integrations/email. Known providers use their preset server; `imap` its own host,
 * port (993 by default) and TLS (on by default). A password is encrypted before it is stored; an
 * absent password keeps the stored secret only while it would go to the same place (see keepsSecret).
 * A host on a private or local network is refused here already (http/outbound-address.ts).
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
  if (input.provider === "imap" && !config.allowPrivateMailHosts) await refusePrivateHost(server.host);

  let secretCiphertext: string | null;
  let authType: "password" | "oauth2";
  let tokenExpiresAt: Date | null = null;
  if (input.password) {
    const secret: MailboxSecret = { kind: "password", password: input.password };
    secretCiphertext = secretBoxFor(config).encryptJson(secret, secretContext(accountId));
    authType = "password";
  } else if (existing?.secretCiphertext && keepsSecret(existing, input, server)) {
    secretCiphertext = existing.secretCiphertext;
    authType = existing.authType === "oauth2" ? "oauth2" : "password";
    tokenExpiresAt = existing.tokenExpiresAt;
  } else if (existing?.secretCiphertext && existing.authType !== "oauth2") {
    throw new AppError(
      "validation_error",
      "App password is required again when the server, port, TLS setting, username or provider changes",
      [{ path: "password", message: "App password is required" }],
    );
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

/**
 * A stored secret goes only where it was saved for. A stored password needs the same provider,
 * host, port, TLS choice and username; otherwise whoever can edit the settings could point the
 * server at their own host and receive the password at the next test or search. An OAuth grant
 * belongs to one provider and account (its server is the provider's preset).
 */
function keepsSecret(
  existing: MailboxRow,
  input: MailboxSettingsRequest,
  server: { host: string; port: number; secure: boolean },
): boolean {
  const sameAccount = existing.provider === input.provider && existing.username.toLowerCase() === input.username.toLowerCase();
  if (existing.authType === "oauth2") return sameAccount;
  return (
    sameAccount &&
    existing.host.toLowerCase() === server.host.toLowerCase() &&
    existing.port === server.port &&
    existing.secure === server.secure
  );
}

/** How long a save waits for DNS before leaving the check to the connection itself. */
const SAVE_LOOKUP_MS = 3000;

/**
 * Refuses a host that is, or resolves to, a private or local address, at once rather than at the
 * first search. A name that does not resolve (yet, or in time) is saved: every connection checks
 * again before any socket opens, and the connection test reports an unknown host.
 */
async function refusePrivateHost(host: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SAVE_LOOKUP_MS);
  });
  try {
    await Promise.race([resolvePublicHost(host, { allowPrivate: false }), giveUp]);
  } catch (error) {
    if (error instanceof PrivateAddressError) throw error;
  } finally {
    clearTimeout(timer);
  }
}
