import { and, eq } from "drizzle-orm";
import { ACCOUNTING_KIND, accountingProvider, isAccountingProviderId } from "../../../core/accounting/providers.js";
import type { Db } from "../../db/client.js";
import { integrations } from "../../db/schema/index.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { AccountingUnauthorized } from "../accounting-errors.js";
import { reconnectMessage } from "./token-store.js";

/** The account's accounting integration with this row id, or null (another account's id included). */
export async function findAccountingIntegration(
  db: Db,
  accountId: number,
  integrationId: number,
): Promise<IntegrationRow | null> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, integrationId), eq(integrations.accountId, accountId), eq(integrations.kind, ACCOUNTING_KIND)))
    .limit(1);
  return row ?? null;
}

export function providerName(row: IntegrationRow): string {
  return isAccountingProviderId(row.provider) ? accountingProvider(row.provider).name : row.provider;
}

/** Why this row cannot sync now, in words for the run's message; null when it can. */
export function notSyncableReason(row: IntegrationRow | null): string | null {
  if (!row) return "The accounting integration was removed";
  const name = providerName(row);
  if (!row.enabled) return `${name} is disabled: enable it to sync`;
  if (row.status !== "connected") return row.lastError ?? `${name} is not connected: connect it under Financial Integrations`;
  return null;
}

/** The provider refused the connection itself: the card says "error" with what to do, until a reconnect. */
export async function markConnectionRefused(
  db: Db,
  row: IntegrationRow,
  error: AccountingUnauthorized,
  now: Date,
): Promise<string> {
  const name = providerName(row);
  const message = error.message.startsWith("Reconnect ") ? error.message : reconnectMessage(name, error.message);
  await db.update(integrations).set({ status: "error", lastError: message, updatedAt: now }).where(eq(integrations.id, row.id));
  return message;
}
