import {
  AccountingRateLimited,
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
} from "../accounting-errors.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import { apiProviderFor } from "../providers/index.js";
import type { AccountingContext } from "./accounting-context.js";
import { markConnectionRefused, providerName } from "./integration-row.js";
import type { ClientRow } from "./local-shapes.js";
import { ensureCustomer } from "./push-invoice.js";
import { type AccountingRecordRow, recordFailed, recordRetrying } from "./records.js";
import { openAccountingSession } from "./session.js";

export type ClientSyncResult =
  | { ok: true; remoteId: string }
  | { ok: false; message: string; kind: "refused" | "unavailable" | "reconnect" };

/**
 * "Sync to accounting" on a tracked email: its client becomes (or stays) a customer there now,
 * through the same records and keys as a sync run, so the invoice that later bills the email finds
 * the customer mapped and never creates a second one.
 */
export async function syncClientAsCustomer(
  context: AccountingContext,
  row: IntegrationRow,
  client: ClientRow,
): Promise<ClientSyncResult> {
  const provider = apiProviderFor(row.provider as never);
  const name = providerName(row);
  if (!provider) return { ok: false, kind: "refused", message: `${name} works through a file, not an API: export it instead` };
  let record: AccountingRecordRow | null = null;
  try {
    const session = openAccountingSession(context, row);
    const customer = await ensureCustomer(context, { session, provider, row }, client, (found) => {
      record = found;
    });
    return { ok: true, remoteId: customer.remoteId };
  } catch (error) {
    const now = context.now();
    const failed = record as AccountingRecordRow | null;
    if (error instanceof AccountingRejected) {
      const message = `${name} refused it: ${error.message}`;
      if (failed) await recordFailed(context.db, failed.id, message, now, true);
      return { ok: false, kind: "refused", message };
    }
    if (error instanceof AccountingUnauthorized) {
      const message = await markConnectionRefused(context.db, row, error, now);
      return { ok: false, kind: "reconnect", message };
    }
    if (error instanceof AccountingUnavailable || error instanceof AccountingRateLimited) {
      const message = `${name}: ${error.message}`;
      if (failed) await recordRetrying(context.db, failed.id, message, now, false);
      return { ok: false, kind: "unavailable", message };
    }
    throw error;
  }
}
