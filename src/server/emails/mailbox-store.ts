import { and, eq, ne, sql } from "drizzle-orm";
import type { EmailProvider } from "../../core/contracts/emails.js";
import type { IntegrationKind } from "../../core/integration-kinds.js";
import { type IntegrationStatus, storedIntegrationStatus } from "../../core/integration-status.js";
import type { Db } from "../db/client.js";
import { integrations } from "../db/schema/index.js";
import type { SecretBox } from "../http/secrets.js";
import {
  type ConnectionOwner,
  findIntegrationsOfKind,
  type IntegrationKey,
  type IntegrationRow,
  ownedBy,
  saveIntegration,
  sealIntegrationSecret,
} from "../integrations/integration-store.js";

/**
 * A member's mailbox: one row of the integrations kit's store (integrations/integration-store.ts), kind
 * "mailbox", provider gmail / outlook / yahoo / imap, owned by the member who connected it (one per member,
 * whatever the provider: the index `integrations_member_mailbox_key`). The server and sign-in settings are
 * the row's `config`; the password or OAuth tokens its sealed secret. Rows moved from the old
 * email_integrations table (migration 0029) keep their old seal (secret_version 0) until the next save
 * or token refresh seals them with the kit's context.
 */
export const MAILBOX_KIND = "mailbox" satisfies IntegrationKind;
export const mailboxKey = (owner: ConnectionOwner, provider: string): IntegrationKey => ({
  accountId: owner.accountId,
  userId: owner.userId,
  kind: MAILBOX_KIND,
  provider,
});

/** What the sealed secret holds. Never leaves the server. */
export type MailboxSecret =
  | { kind: "password"; password: string }
  | {
      kind: "oauth2";
      oauthProvider: "google" | "microsoft";
      accessToken: string;
      refreshToken: string | null;
      expiresAt: number;
    };

/** The row's public settings (`config`); the last sign-in's outcome is kept so Settings can show it later. */
export type MailboxConfig = {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  address: string | null;
  authType: "password" | "oauth2";
  /** Unix ms of the last test (or refused refresh), null before any. */
  lastTestedAt: number | null;
  lastTestMessage: string | null;
};

/** A member's mailbox as the code reads it: the row's settings and state. */
export type Mailbox = MailboxConfig & {
  row: IntegrationRow;
  provider: EmailProvider;
  enabled: boolean;
  status: IntegrationStatus;
  hasSecret: boolean;
};

export function mailboxOf(row: IntegrationRow): Mailbox {
  const config = row.config as Partial<MailboxConfig>;
  return {
    row,
    provider: row.provider as EmailProvider,
    enabled: row.enabled,
    status: storedIntegrationStatus(row.status, row.enabled ? "awaiting_events" : "not_connected"),
    hasSecret: row.secretCiphertext !== null,
    host: config.host ?? "",
    port: config.port ?? 993,
    secure: config.secure ?? true,
    username: config.username ?? "",
    address: config.address ?? null,
    authType: config.authType === "oauth2" ? "oauth2" : "password",
    lastTestedAt: typeof config.lastTestedAt === "number" ? config.lastTestedAt : null,
    lastTestMessage: config.lastTestMessage ?? null,
  };
}

const mailboxOfOwner = (owner: ConnectionOwner) => and(ownedBy(owner), eq(integrations.kind, MAILBOX_KIND));

/** The member's own mailbox, or null. */
export async function findMailbox(db: Db, owner: ConnectionOwner): Promise<Mailbox | null> {
  const [row] = await findIntegrationsOfKind(db, owner, MAILBOX_KIND);
  return row ? mailboxOf(row) : null;
}

/** The member's mailbox read FOR UPDATE on `tx` (the token refresher's lock), or null. */
export async function lockMailbox(tx: Db, owner: ConnectionOwner): Promise<Mailbox | null> {
  const [row] = await tx.select().from(integrations).where(mailboxOfOwner(owner)).for("update");
  return row ? mailboxOf(row) : null;
}

export type MailboxWrite = {
  provider: EmailProvider;
  enabled: boolean;
  status: IntegrationStatus;
  config: MailboxConfig;
  /** A secret to seal with the kit's current context; undefined keeps the stored one as it is. */
  secret?: MailboxSecret;
  lastError: string | null;
};

/**
 * Creates or replaces the member's one mailbox. A mailbox of another provider is removed first, and its
 * secret with it (a grant or password belongs to one provider and account).
 */
export async function writeMailbox(
  db: Db,
  box: SecretBox,
  owner: ConnectionOwner,
  values: MailboxWrite,
  now: Date,
): Promise<Mailbox> {
  return db.transaction(async (tx) => {
    await tx.delete(integrations).where(and(mailboxOfOwner(owner), ne(integrations.provider, values.provider)));
    const row = await saveIntegration(
      tx,
      box,
      mailboxKey(owner, values.provider),
      { enabled: values.enabled, status: values.status, config: values.config, secret: values.secret, lastError: values.lastError },
      now,
    );
    return mailboxOf(row);
  });
}

/** New tokens for a mailbox, sealed with the kit's current context (an old-sealed row is sealed anew here). */
export async function storeMailboxSecret(tx: Db, box: SecretBox, mailbox: Mailbox, secret: MailboxSecret, now: Date) {
  const owner = { accountId: mailbox.row.accountId, userId: mailbox.row.userId };
  await tx
    .update(integrations)
    .set({ ...sealIntegrationSecret(box, mailboxKey(owner, mailbox.provider), secret), updatedAt: now })
    .where(eq(integrations.id, mailbox.row.id));
}

/**
 * The outcome of a sign-in (test, or a refused refresh): its words and time into `config` (merged in
 * the database, so nothing else the row holds is overwritten), the status, and the error when it failed.
 */
export async function recordMailboxOutcome(
  db: Db,
  mailbox: Mailbox,
  outcome: { at: Date; message: string; status: IntegrationStatus; failed: boolean },
): Promise<void> {
  const merged = JSON.stringify({ lastTestedAt: outcome.at.getTime(), lastTestMessage: outcome.message });
  await db
    .update(integrations)
    .set({
      config: sql`${integrations.config} || ${merged}::jsonb`,
      status: outcome.status,
      lastError: outcome.failed ? outcome.message : null,
      updatedAt: outcome.at,
    })
    .where(eq(integrations.id, mailbox.row.id));
}

/** Removes the member's mailbox and with it every stored secret. True when there was one. */
export async function deleteMailbox(db: Db, owner: ConnectionOwner): Promise<boolean> {
  const deleted = await db.delete(integrations).where(mailboxOfOwner(owner)).returning({ id: integrations.id });
  return deleted.length > 0;
}
