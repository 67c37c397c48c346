import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { integrations } from "../db/schema/index.js";
import type { SecretBox } from "../http/secrets.js";

/**
 * The `integrations` table for every phone, video and accounting connection: one row per account,
 * kind and provider. Public settings live in `config`; everything secret is one encrypted JSON
 * object in `secret_ciphertext`, bound to its row's account, kind and provider (docs/decisions.md D12),
 * and never leaves the server.
 */
export type IntegrationRow = typeof integrations.$inferSelect;
export type IntegrationKey = { accountId: number; kind: string; provider: string };

/** Additional authenticated data of a row's secret: it decrypts only in its own row. */
export const integrationSecretContext = (key: IntegrationKey) => `integrations:${key.accountId}:${key.kind}:${key.provider}`;

/** A new random webhook path token (192 bits, URL-safe). */
export function newWebhookToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The one row an integration key names (the table's unique key): for every query that looks it up or locks it. */
export function rowOf(key: IntegrationKey) {
  return and(
    eq(integrations.accountId, key.accountId),
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

/** Every provider row of one kind ("landline", "meeting" …) in the account. */
export async function findIntegrationsOfKind(db: Db, accountId: number, kind: string): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(integrations)
    .where(and(eq(integrations.accountId, accountId), eq(integrations.kind, kind)));
}

/** The row a webhook URL's token names, or null (the caller answers 404 and changes nothing). */
export async function findIntegrationByWebhookToken(db: Db, kind: string, token: string): Promise<IntegrationRow | null> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.webhookToken, token), eq(integrations.kind, kind)))
    .limit(1);
  return row ?? null;
}

export type IntegrationValues = {
  userId?: number | null;
  enabled?: boolean;
  status?: string;
  config?: Record<string, unknown>;
  /** Plain secret object to encrypt; `undefined` keeps the stored one, `null` removes it. */
  secret?: Record<string, unknown> | null;
  /** Set once when the row is created; kept afterwards (a pasted webhook URL keeps working). */
  webhookToken?: string | null;
  lastError?: string | null;
};

/** Creates or updates the account's row for (kind, provider), encrypting `secret` when given. */
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
      : { secretCiphertext: secret === null ? null : box.encryptJson(secret, integrationSecretContext(key)) };
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
  return box.decryptJson<T>(row.secretCiphertext, integrationSecretContext(row));
}

/** A verified event arrived for this row: only this makes a status "connected" (docs/decisions.md D12). */
export async function markIntegrationEvent(db: Db, integrationId: number, at: Date): Promise<void> {
  await db
    .update(integrations)
    .set({ lastEventAt: at, status: "connected", lastError: null, updatedAt: at })
    .where(eq(integrations.id, integrationId));
}

export async function deleteIntegration(db: Db, key: IntegrationKey): Promise<boolean> {
  const deleted = await db
    .delete(integrations)
    .where(
      rowOf(key),
    )
    .returning({ id: integrations.id });
  return deleted.length > 0;
}
