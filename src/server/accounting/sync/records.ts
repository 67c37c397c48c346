import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { AccountingEntity, AccountingRecordJson } from "../../../core/contracts/financial-integrations.js";
import type { Db } from "../../db/client.js";
import { accountingRecords, clients, invoices, trackedEmails } from "../../db/schema/index.js";
import type { RemoteRef } from "../provider.js";

/**
 * The mapping from each local customer (client), invoice and payment to its remote row, with its
 * sync state (accounting_records). A record is created, with its idempotency key, in its own
 * statement BEFORE the first create is sent: a retry after a lost answer finds the same key and
 * sends it again, and the provider answers with the row it already made instead of a second one.
 * A key is replaced only after a definitive answer (the provider refused the request).
 */
export type AccountingRecordRow = typeof accountingRecords.$inferSelect;
type RecordTarget = { accountId: number; integrationId: number; entity: AccountingEntity; localId: number };

/** A new idempotency key: 96 random bits, short enough for QuickBooks' 50-character requestid. */
export function newIdempotencyKey(): string {
  return `mn-${randomBytes(12).toString("base64url")}`;
}

/** The record of this local row, created (state pending, a fresh key) when it has none yet. */
export async function ensureRecord(db: Db, target: RecordTarget, now: Date): Promise<AccountingRecordRow> {
  await db
    .insert(accountingRecords)
    .values({ ...target, idempotencyKey: newIdempotencyKey(), createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [accountingRecords.integrationId, accountingRecords.entity, accountingRecords.localId] });
  const row = await findRecord(db, target);
  if (!row) throw new Error("accounting record vanished after its insert");
  return row;
}

export async function findRecord(db: Db, target: RecordTarget): Promise<AccountingRecordRow | null> {
  const [row] = await db
    .select()
    .from(accountingRecords)
    .where(
      and(
        eq(accountingRecords.accountId, target.accountId),
        eq(accountingRecords.integrationId, target.integrationId),
        eq(accountingRecords.entity, target.entity),
        eq(accountingRecords.localId, target.localId),
      ),
    );
  return row ?? null;
}

/** The provider answered: the remote id (and version) is stored at once, before anything else is sent. */
export async function recordRemote(
  db: Db,
  recordId: number,
  values: { ref: RemoteRef; fingerprint?: string; synced: boolean },
  now: Date,
): Promise<void> {
  await db
    .update(accountingRecords)
    .set({
      remoteId: values.ref.remoteId,
      ...(values.ref.remoteVersion === undefined ? {} : { remoteVersion: values.ref.remoteVersion }),
      ...(values.fingerprint === undefined ? {} : { syncedFingerprint: values.fingerprint }),
      ...(values.synced ? { state: "synced", lastError: null, attempts: 0, syncedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(accountingRecords.id, recordId));
}

/** Everything about the record is as pushed. */
export async function recordSynced(db: Db, recordId: number, fingerprint: string | null, now: Date): Promise<void> {
  await db
    .update(accountingRecords)
    .set({ state: "synced", syncedFingerprint: fingerprint, lastError: null, attempts: 0, syncedAt: now, updatedAt: now })
    .where(eq(accountingRecords.id, recordId));
}

/**
 * The outcome is unknown or only delayed (time-out, 5xx, 429, a connection to renew): the record
 * stays pending with the reason and KEEPS its key, so the retry is recognised. The attempts so far.
 */
export async function recordRetrying(
  db: Db,
  recordId: number,
  message: string,
  now: Date,
  countAttempt: boolean,
): Promise<number> {
  const [row] = await db
    .update(accountingRecords)
    .set({
      state: sql`case when ${accountingRecords.state} = 'synced' then 'pending' else ${accountingRecords.state} end`,
      lastError: message,
      attempts: countAttempt ? sql`${accountingRecords.attempts} + 1` : accountingRecords.attempts,
      updatedAt: now,
    })
    .where(eq(accountingRecords.id, recordId))
    .returning({ attempts: accountingRecords.attempts });
  return row?.attempts ?? 0;
}

/**
 * A definitive failure: the record turns failed with `message`. `renewKey` (the provider refused the
 * request itself, so nothing was made there): the next attempt gets a fresh key, because a provider
 * answers a repeated key with its first answer — the refusal — even after the user fixed the cause.
 * After giving up on an unknown outcome the key is kept.
 */
export async function recordFailed(db: Db, recordId: number, message: string, now: Date, renewKey: boolean): Promise<void> {
  await db
    .update(accountingRecords)
    .set({
      state: "failed",
      lastError: message,
      attempts: 0,
      ...(renewKey ? { idempotencyKey: newIdempotencyKey() } : {}),
      updatedAt: now,
    })
    .where(eq(accountingRecords.id, recordId));
}

const RECORDS_LIMIT = 500;

/**
 * The integration's records with what the user knows each by (invoice number, client name, email
 * subject), newest first, at most 500: the per-invoice results of its syncs.
 */
export async function listAccountingRecords(
  db: Db,
  options: { accountId: number; integrationId: number; entity?: AccountingEntity },
): Promise<AccountingRecordJson[]> {
  const rows = await db
    .select()
    .from(accountingRecords)
    .where(
      and(
        eq(accountingRecords.accountId, options.accountId),
        eq(accountingRecords.integrationId, options.integrationId),
        options.entity ? eq(accountingRecords.entity, options.entity) : undefined,
      ),
    )
    .orderBy(desc(accountingRecords.updatedAt), desc(accountingRecords.id))
    .limit(RECORDS_LIMIT);
  const labels = await recordLabels(db, options.accountId, rows);
  return rows.map((row) => ({
    entity: row.entity as AccountingEntity,
    localId: row.localId,
    label: labels.get(`${row.entity}:${row.localId}`) ?? `${row.entity} ${row.localId}`,
    remoteId: row.remoteId,
    state: row.state as AccountingRecordJson["state"],
    lastError: row.lastError,
    syncedAt: row.syncedAt?.toISOString() ?? null,
  }));
}

async function recordLabels(db: Db, accountId: number, rows: AccountingRecordRow[]): Promise<Map<string, string>> {
  const ids = (entity: string) => [...new Set(rows.filter((row) => row.entity === entity).map((row) => row.localId))];
  const labels = new Map<string, string>();
  const clientIds = ids("customer");
  if (clientIds.length > 0) {
    const found = await db
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(and(eq(clients.accountId, accountId), inArray(clients.id, clientIds)));
    for (const client of found) labels.set(`customer:${client.id}`, client.name);
  }
  const invoiceIds = [...new Set([...ids("invoice"), ...ids("payment")])];
  if (invoiceIds.length > 0) {
    const found = await db
      .select({ id: invoices.id, number: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.accountId, accountId), inArray(invoices.id, invoiceIds)));
    for (const invoice of found) {
      labels.set(`invoice:${invoice.id}`, invoice.number);
      labels.set(`payment:${invoice.id}`, `Payment of ${invoice.number}`);
    }
  }
  const emailIds = ids("email");
  if (emailIds.length > 0) {
    const found = await db
      .select({ id: trackedEmails.id, subject: trackedEmails.subject })
      .from(trackedEmails)
      .where(and(eq(trackedEmails.accountId, accountId), inArray(trackedEmails.id, emailIds)));
    for (const email of found) labels.set(`email:${email.id}`, email.subject || "(no subject)");
  }
  return labels;
}
