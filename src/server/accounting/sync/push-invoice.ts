import { AccountingRateLimited, AccountingRejected, AccountingUnauthorized } from "../accounting-errors.js";
import type { AccountingProvider, AccountingSession, RemoteRef } from "../provider.js";
import { apiProviderFor } from "../providers/index.js";
import type { AccountingContext } from "./accounting-context.js";
import { fingerprintOf, invoiceFingerprint, splitInvoiceFingerprint } from "./fingerprint.js";
import { findAccountingIntegration, markConnectionRefused, notSyncableReason, providerName } from "./integration-row.js";
import {
  type ClientRow,
  invoiceContent,
  isPushedStatus,
  loadLocalInvoice,
  toAccountingCustomer,
  toAccountingInvoice,
  toAccountingPayment,
} from "./local-shapes.js";
import {
  type AccountingRecordRow,
  ensureRecord,
  findRecord,
  recordFailed,
  recordRemote,
  recordRetrying,
  recordSynced,
} from "./records.js";
import { openAccountingSession } from "./session.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";

/**
 * Pushes one invoice to one accounting integration, idempotently ("a retry never books
 * anything twice"). Steps, each recorded in accounting_records before the next starts:
 *
 * 1. the client as a customer: created once with the record's key, then only updated when its
 *    details change;
 * 2. the invoice: created once with the record's key; updated when its content changes (key
 *    `{key}:{hash of content and remote version}`, one per distinct update, the same on a retry);
 * 3. paid here → the payment, created once with the payment record's key;
 * 4. void here → the remote invoice voided (key `{key}:void`).
 *
 * A lost answer (time-out, 5xx) leaves the record pending with its key: the retry sends the same key
 * and the provider answers with what it already made. A short 429 is waited out here (the limiter
 * holds every instance until Retry-After); a long one (Xero's daily limit) is rethrown for the job to
 * come back later. A refusal (AccountingRejected) fails the record with the provider's words and a
 * fresh key. A refused connection (AccountingUnauthorized) turns the integration to "error"; records
 * stay pending, to be pushed after the user reconnects.
 */
export type PushTarget = { accountId: number; integrationId: number; invoiceId: number };
export type PushResult =
  | { outcome: "synced" | "unchanged" }
  | { outcome: "skipped"; message: string }
  | { outcome: "failed"; message: string };

/** 429s with a Retry-After up to this are waited out in place; longer ones go back to the queue. */
const SHORT_RATE_LIMIT_SECONDS = 120;
const RATE_LIMIT_RETRIES_IN_PLACE = 5;

/** A transient failure that is still worth retrying: the job rethrows it (pg-boss backoff). */
export class PushRetryLater extends Error {
  override readonly name = "PushRetryLater";
  constructor(
    message: string,
    readonly reason: unknown,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

export async function pushInvoice(
  context: AccountingContext,
  target: PushTarget,
  options: { maxAttempts?: number } = {},
): Promise<PushResult> {
  const { db } = context;
  const row = await findAccountingIntegration(db, target.accountId, target.integrationId);
  const notSyncable = notSyncableReason(row);
  if (notSyncable || !row) return { outcome: "failed", message: notSyncable ?? "No integration" };
  const provider = apiProviderFor(row.provider as never);
  if (!provider) return { outcome: "failed", message: `${providerName(row)} syncs through a file, not an API` };
  const local = await loadLocalInvoice(db, target.accountId, target.invoiceId);
  if (!local) return { outcome: "skipped", message: "The invoice was deleted" };
  const status = local.invoice.status;
  if (!isPushedStatus(status)) return { outcome: "skipped", message: "Drafts are not sent to accounting systems" };

  const base = { accountId: target.accountId, integrationId: row.id };
  const invoiceRecord = await ensureRecord(db, { ...base, entity: "invoice", localId: local.invoice.id }, context.now());
  let current: AccountingRecordRow = invoiceRecord;
  let changed = false;
  try {
    // Inside the try: a stored row its provider's schema refuses fails the invoice with that sentence.
    const session = openAccountingSession(context, row);
    // 0. What the books cannot take at all is refused before anything is sent (docs/accounting.md).
    provider.refuseInvoice?.(session, { currency: local.invoice.currency, number: local.invoice.invoiceNumber });

    // 1. The customer.
    const customer = await ensureCustomer(context, { session, provider, row }, local.client, (record) => {
      current = record;
    });
    changed ||= customer.changed;

    // 2. The invoice's content.
    current = invoiceRecord;
    const pushed = toAccountingInvoice(local, customer.remoteId);
    const content = fingerprintOf(invoiceContent(pushed));
    const stored = splitInvoiceFingerprint(invoiceRecord.syncedFingerprint);
    let appliedStatus = stored.status ?? "sent";
    let ref: RemoteRef | null = invoiceRecord.remoteId
      ? { remoteId: invoiceRecord.remoteId, remoteVersion: invoiceRecord.remoteVersion }
      : null;
    // A voided invoice there is final: it is never updated again.
    if (!ref || (stored.content !== content && appliedStatus !== "void")) {
      const known = ref;
      const key = known ? updateKey(invoiceRecord.idempotencyKey, content, known) : invoiceRecord.idempotencyKey;
      ref = await withShortRateLimits(() => provider.upsertInvoice(session, pushed, { known, idempotencyKey: key }));
      await recordRemote(
        db,
        invoiceRecord.id,
        { ref, fingerprint: invoiceFingerprint(content, appliedStatus), synced: false },
        context.now(),
      );
      changed = true;
    }

    // 3. Paid here: one payment there.
    if (status === "paid") {
      const paymentRecord = await ensureRecord(db, { ...base, entity: "payment", localId: local.invoice.id }, context.now());
      if (!paymentRecord.remoteId || paymentRecord.state !== "synced") {
        current = paymentRecord;
        const invoiceRef = ref;
        const payment = paymentRecord.remoteId
          ? { remoteId: paymentRecord.remoteId }
          : await withShortRateLimits(() =>
              provider.createPayment(
                session,
                toAccountingPayment(local, { invoiceRemoteId: invoiceRef.remoteId, customerRemoteId: customer.remoteId }),
                { idempotencyKey: paymentRecord.idempotencyKey },
              ),
            );
        await recordRemote(db, paymentRecord.id, { ref: payment, synced: true }, context.now());
        current = invoiceRecord;
        changed = true;
      }
      appliedStatus = "paid";
    }

    // 4. Void here: voided there.
    if (status === "void" && appliedStatus !== "void") {
      const known = ref;
      ref = await withShortRateLimits(() =>
        provider.voidInvoice(session, known, { idempotencyKey: `${invoiceRecord.idempotencyKey}:void` }),
      );
      await recordRemote(db, invoiceRecord.id, { ref, synced: false }, context.now());
      appliedStatus = "void";
      changed = true;
    }

    const fingerprint = invoiceFingerprint(content, appliedStatus);
    if (changed || invoiceRecord.state !== "synced" || invoiceRecord.syncedFingerprint !== fingerprint) {
      await recordSynced(db, invoiceRecord.id, fingerprint, context.now());
    }
    return { outcome: changed ? "synced" : "unchanged" };
  } catch (error) {
    return handleFailure(context, { row, invoiceRecord, current, error, maxAttempts: options.maxAttempts });
  }
}

/** The client as a customer there; `onRecord` names the record being worked on (for failures). */
export async function ensureCustomer(
  context: AccountingContext,
  connection: { session: AccountingSession; provider: AccountingProvider; row: IntegrationRow },
  client: ClientRow,
  onRecord: (record: AccountingRecordRow) => void = () => {},
): Promise<{ remoteId: string; changed: boolean; record: AccountingRecordRow }> {
  const { db } = context;
  const { session, provider, row } = connection;
  const record = await ensureRecord(db, recordTarget(row, client), context.now());
  onRecord(record);
  const customer = toAccountingCustomer(client);
  const fingerprint = fingerprintOf(customer);
  if (record.remoteId && record.state === "synced" && record.syncedFingerprint === fingerprint)
    return { remoteId: record.remoteId, changed: false, record };
  const known = record.remoteId ? { remoteId: record.remoteId, remoteVersion: record.remoteVersion } : null;
  const key = known ? updateKey(record.idempotencyKey, fingerprint, known) : record.idempotencyKey;
  let ref: RemoteRef;
  try {
    ref = await withShortRateLimits(() => provider.upsertCustomer(session, customer, { known, idempotencyKey: key }));
  } catch (error) {
    // Another instance pushing another invoice of this client may have created the customer between
    // our look and our create (the provider refuses a second customer of that name): use theirs.
    const mappedMeanwhile =
      !known && error instanceof AccountingRejected ? await findRecord(db, recordTarget(row, client)) : null;
    if (!mappedMeanwhile?.remoteId) throw error;
    return { remoteId: mappedMeanwhile.remoteId, changed: false, record: mappedMeanwhile };
  }
  await recordRemote(db, record.id, { ref, fingerprint, synced: true }, context.now());
  return { remoteId: ref.remoteId, changed: true, record };
}

function recordTarget(row: IntegrationRow, client: ClientRow) {
  return { accountId: row.accountId, integrationId: row.id, entity: "customer" as const, localId: client.id };
}

/**
 * The key of one update: the same for every retry of this update (same content, same remote
 * version), different for the next one. QuickBooks answers a repeated requestid with its first
 * answer, so two distinct operations must never share a key.
 */
export function updateKey(recordKey: string, contentFingerprint: string, known: RemoteRef): string {
  return `${recordKey}:${fingerprintOf({ content: contentFingerprint, version: known.remoteVersion ?? null }).slice(0, 12)}`;
}

/** A short 429 is waited out here: the session's next beforeRequest() sleeps until the hold ends. */
async function withShortRateLimits<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const short = error instanceof AccountingRateLimited && error.retryAfterSeconds <= SHORT_RATE_LIMIT_SECONDS;
      if (!short || attempt >= RATE_LIMIT_RETRIES_IN_PLACE) throw error;
    }
  }
}

async function handleFailure(
  context: AccountingContext,
  failure: {
    row: IntegrationRow;
    invoiceRecord: AccountingRecordRow;
    current: AccountingRecordRow;
    error: unknown;
    maxAttempts?: number;
  },
): Promise<PushResult> {
  const { db } = context;
  const { row, invoiceRecord, current, error } = failure;
  const name = providerName(row);
  const now = context.now();
  const what = current.entity === "customer" ? "The customer" : current.entity === "payment" ? "The payment" : "The invoice";

  if (error instanceof AccountingRejected) {
    const message = `${name} refused it: ${error.message}`;
    await recordFailed(db, current.id, message, now, true);
    if (current.id !== invoiceRecord.id) await recordFailed(db, invoiceRecord.id, `${what}: ${message}`, now, false);
    return { outcome: "failed", message: `${what}: ${message}` };
  }
  if (error instanceof AccountingUnauthorized) {
    // Only the user can fix this (reconnect): the run fails now instead of retrying for minutes.
    const message = await markConnectionRefused(db, row, error, now);
    await recordRetrying(db, current.id, message, now, false);
    if (current.id !== invoiceRecord.id) await recordRetrying(db, invoiceRecord.id, message, now, false);
    return { outcome: "failed", message };
  }
  const message = `${name}: ${(error as Error)?.message ?? String(error)}`;
  if (error instanceof AccountingRateLimited) {
    await recordRetrying(db, current.id, message, now, false);
    throw new PushRetryLater(message, error, error.retryAfterSeconds);
  }
  // Unknown outcome (time-out, 5xx, anything else): keep the key, count the attempt on the invoice.
  if (current.id !== invoiceRecord.id) await recordRetrying(db, current.id, message, now, false);
  const attempts = await recordRetrying(db, invoiceRecord.id, message, now, true);
  if (failure.maxAttempts !== undefined && attempts >= failure.maxAttempts) {
    const final = `Gave up after ${attempts} attempts: ${message}`;
    await recordFailed(db, invoiceRecord.id, final, now, false);
    return { outcome: "failed", message: final };
  }
  throw new PushRetryLater(message, error, null);
}
