import { MAILBOX_PRESETS, type MailboxSettingsRequest } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { PrivateAddressError, resolvePublicHost } from "../http/outbound-address.js";
import { secretBoxFor } from "../http/secrets.js";
import { type ConnectionOwner, CURRENT_SECRET_VERSION } from "../integrations/integration-store.js";
import { readMailboxSecret } from "./mailbox-credentials.js";
import { findMailbox, type Mailbox, type MailboxSecret, writeMailbox } from "./mailbox-store.js";

/**
 * PUT /api/integrations/email: the caller's own mailbox. Known providers use their preset server;
 * `imap` its own host, port (993 by default) and TLS (on by default). A password is sealed before it
 * is stored; an absent password keeps the stored secret only while it would go to the same place
 * (see keepsSecret), sealed again with the kit's context if it still had the old mailbox table's.
 * A host on a private or local network is refused here already (http/outbound-address.ts).
 */
export async function saveMailbox(
  db: Db,
  config: Config,
  options: { owner: ConnectionOwner; input: MailboxSettingsRequest; now: Date },
): Promise<Mailbox> {
  const { owner, input, now } = options;
  const existing = await findMailbox(db, owner);
  const server =
    input.provider === "imap"
      ? { host: input.host!, port: input.port ?? 993, secure: input.secure ?? true }
      : MAILBOX_PRESETS[input.provider];
  if (input.provider === "imap" && !config.allowPrivateMailHosts) await refusePrivateHost(server.host);

  let secret: MailboxSecret | undefined;
  let authType: "password" | "oauth2";
  if (input.password) {
    secret = { kind: "password", password: input.password };
    authType = "password";
  } else if (existing?.hasSecret && keepsSecret(existing, input, server)) {
    secret = resealed(config, existing);
    authType = existing.authType;
  } else if (existing?.hasSecret && existing.authType !== "oauth2") {
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
  const reset = changedServer || Boolean(input.password);
  const enabled = input.enabled ?? true;
  const address = input.address ?? (input.username.includes("@") ? input.username.toLowerCase() : (existing?.address ?? null));
  return writeMailbox(
    db,
    secretBoxFor(config),
    owner,
    {
      provider: input.provider,
      enabled,
      // Switched off: not connected; new server or password: saved, not yet proved; else as it was.
      status: !enabled
        ? "not_connected"
        : !reset && existing && existing.status !== "not_connected"
          ? existing.status
          : "awaiting_events",
      config: {
        host: server.host,
        port: server.port,
        secure: server.secure,
        username: input.username,
        address,
        authType,
        lastTestedAt: reset ? null : (existing?.lastTestedAt ?? null),
        lastTestMessage: reset ? null : (existing?.lastTestMessage ?? null),
      },
      secret,
      lastError: reset ? null : (existing?.row.lastError ?? null),
    },
    now,
  );
}

/**
 * A kept secret: undefined (left as stored) when it is already sealed with the kit's context, else
 * opened with its old one so the save seals it anew. One that no longer opens is left as it is: the
 * next test or search says so and asks for the password.
 */
function resealed(config: Config, existing: Mailbox): MailboxSecret | undefined {
  if (existing.row.secretVersion === CURRENT_SECRET_VERSION) return undefined;
  try {
    return readMailboxSecret(config, existing);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/**
 * A stored secret goes only where it was saved for. A stored password needs the same provider,
 * host, port, TLS choice and username; otherwise whoever can edit the settings could point the
 * server at their own host and receive the password at the next test or search. An OAuth grant
 * belongs to one provider and account (its server is the provider's preset).
 */
function keepsSecret(
  existing: Mailbox,
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
