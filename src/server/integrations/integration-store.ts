import type { IntegrationKind } from "../../core/integration-kinds.js";
import type { IntegrationStatus } from "../../core/integration-status.js";
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { integrations } from "../db/schema/index.js";
import type { SecretBox } from "../http/secrets.js";

/**
 * The `integrations` table for every phone, video, mailbox and accounting connection. A capture
 * source belongs to a member (one row per account, user, kind and provider); an accounting
 * connection to the practice (user null). Public settings live in `config`; everything secret is one
 * encrypted JSON object in `secret_ciphertext`, bound to its row's key (docs/decisions.md D12), and
 * never leaves the server.
 */
export type IntegrationRow = typeof integrations.$inferSelect;

/** Whose connection: a member's (capture sources) or the practice's (`userId` null: accounting). */
export type ConnectionOwner = { accountId: number; userId: number | null };
/** `kind` is one of core/integration-kinds.ts; a row read back carries it as text. */
export type IntegrationKey = ConnectionOwner & { kind: string; provider: string };

/** The owner of a signed-in request's own connections (a route passes `requireAuth(request)`). */
export const ownerOf = (who: { accountId: number; userId: number | null }): ConnectionOwner => ({
  accountId: who.accountId,
  userId: who.userId,
});

/** The context secrets are sealed with now: the row's whole key, user included (migration 0022). */
export const CURRENT_SECRET_VERSION = 2;
/**
 * A mailbox secret sealed in the old `email_integrations` table (bound to the account only) and
 * copied here unchanged by migration 0029: read with its old context, sealed again with the current
 * one at the mailbox's next save or token refresh (emails/mailbox-store.ts).
 */
export const MAILBOX_TABLE_SECRET_VERSION = 0;

/**
 * Additional authenticated data of a row's secret: it decrypts only in its own row. Version 1 (rows
 * sealed before members had their own connections) bound account, kind and provider; version 2 also
 * binds the user, so one member's ciphertext copied into another member's row does not open.
 * Version 0 is the old mailbox table's context (`MAILBOX_TABLE_SECRET_VERSION`).
 */
export function integrationSecretContext(key: IntegrationKey, version: number = CURRENT_SECRET_VERSION): string {
  if (version === MAILBOX_TABLE_SECRET_VERSION) return `email_integrations:${key.accountId}`;
  if (version === 1) return `integrations:${key.accountId}:${key.kind}:${key.provider}`;
  return `integrations:v2:${key.accountId}:${key.userId ?? "practice"}:${key.kind}:${key.provider}`;
}

/** The columns that store a secret for a row's key, sealed with the current context. */
export function sealIntegrationSecret(box: SecretBox, key: IntegrationKey, secret: Record<string, unknown>) {
  return {
    secretCiphertext: box.encryptJson(secret, integrationSecretContext(key)),
    secretVersion: CURRENT_SECRET_VERSION,
  };
}

/** A new random webhook path token (192 bits, URL-safe). */
export function newWebhookToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The rows an owner holds: a member's own, or the practice's (user null). Every owner-scoped query starts here. */
export function ownedBy(owner: ConnectionOwner) {
  return and(
    eq(integrations.accountId, owner.accountId),
    owner.userId === null ? isNull(integrations.userId) : eq(integrations.userId, owner.userId),
  );
}

/** The one row an integration key names (the table's unique key): for every query that looks it up or locks it. */
export function rowOf(key: IntegrationKey) {
  return and(
    ownedBy(key),
    eq(integrations.kind, key.kind),
    eq(integrations.provider, key.provider),
  );
}

export async function findIntegration(db: Db, key: IntegrationKey): Promise<IntegrationRow | null> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(
      rowOf(key),
    )
    .limit(1);
  return row ?? null;
}

/** Every provider row of one kind ("landline", "meeting" …) of one owner. */
export async function findIntegrationsOfKind(db: Db, owner: ConnectionOwner, kind: IntegrationKind): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(integrations)
    .where(and(ownedBy(owner), eq(integrations.kind, kind)));
}

/** The row a webhook URL's token names, or null (the caller answers 404 and changes nothing). */
export async function findIntegrationByWebhookToken(db: Db, kind: IntegrationKind, token: string): Promise<IntegrationRow | null> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.webhookToken, token), eq(integrations.kind, kind)))
    .limit(1);
  return row ?? null;
}

export type IntegrationValues = {
  enabled?: boolean;
  status?: IntegrationStatus;
  config?: Record<string, unknown>;
  /** Plain secret object to encrypt; `undefined` keeps the stored one, `null` removes it. */
  secret?: Record<string, unknown> | null;
  /** Set once when the row is created; kept afterwards (a pasted webhook URL keeps working). */
  webhookToken?: string | null;
  lastError?: string | null;
};

/** Creates or updates the owner's row for (kind, provider), encrypting `secret` when given. */
export async function saveIntegration(
  db: Db,
  box: SecretBox,
  key: IntegrationKey,
  values: IntegrationValues,
  now: Date,
): Promise<IntegrationRow> {
  const { secret, webhookToken, ...rest } = values;
  const secretColumn =
    secret === undefined
      ? {}
      : secret === null
        ? { secretCiphertext: null }
        : sealIntegrationSecret(box, key, secret);
  const existing = await findIntegration(db, key);
  if (existing) {
    const [row] = await db
      .update(integrations)
      .set({
        ...rest,
        ...secretColumn,
        ...(existing.webhookToken === null && webhookToken ? { webhookToken } : {}),
        updatedAt: now,
      })
      .where(eq(integrations.id, existing.id))
      .returning();
    return row!;
  }
  const [row] = await db
    .insert(integrations)
    .values({ ...key, ...rest, ...secretColumn, webhookToken: webhookToken ?? null, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** The decrypted secret object of a row, or null when it has none. Throws SecretDecryptError when tampered with. */
export function readIntegrationSecret<T extends Record<string, unknown>>(box: SecretBox, row: IntegrationRow): T | null {
  if (row.secretCiphertext === null) return null;
  return box.decryptJson<T>(row.secretCiphertext, integrationSecretContext(row, row.secretVersion));
}

/** A verified event arrived for this row: only this makes a status "connected" (docs/decisions.md D12). */
export async function markIntegrationEvent(db: Db, integrationId: number, at: Date): Promise<void> {
  await db
    .update(integrations)
    .set({ lastEventAt: at, status: "connected", lastError: null, updatedAt: at })
    .where(eq(integrations.id, integrationId));
}

/**
 * "Last event received" is kept to the second: a row that is connected and was marked less than a second ago
 * is not written again, so a burst of deliveries writes it once, not once per event (a write per delivery was a
 * tenth of a Zoom delivery's cost, and four trips of a phone delivery's fourteen: docs/performance.md).
 * `row` is the row as this delivery read it. Undefined when nothing needed writing.
 */
export function markDelivered(db: Db, row: IntegrationRow, now: Date): Promise<void> | undefined {
  const since = row.lastEventAt ? now.getTime() - row.lastEventAt.getTime() : Number.POSITIVE_INFINITY;
  if (row.status === "connected" && since >= 0 && since < MARK_EVERY_MS) return undefined;
  return markIntegrationEvent(db, row.id, now);
}
const MARK_EVERY_MS = 1000;

export async function deleteIntegration(db: Db, key: IntegrationKey): Promise<boolean> {
  const deleted = await db
    .delete(integrations)
    .where(
      rowOf(key),
    )
    .returning({ id: integrations.id });
  return deleted.length > 0;
}
