import { and, eq } from "drizzle-orm";
import { missingChoiceMessage } from "../../../core/accounting/choices.js";
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
  // A choice the books need (Xero's accounts, QuickBooks' tax code, Sage's business): refused before sending anything.
  return isAccountingProviderId(row.provider) ? missingChoiceMessage(row.provider, configStrings(row.config)) : null;
}

/** The provider refused the connection itself: the card says "error" with what to do, until a reconnect. */
export async function markConnectionRefused(
  db: Db,
  row: IntegrationRow,
  error: AccountingUnauthorized,
  now: Date,
): Promise<string> {
  const name = providerName(row);
  // A refusal that already says what to do (a lapsed subscription, a read-only user) is kept in those words.
  const message =
    error.message.startsWith("Reconnect ") || error.saysWhatToDo ? error.message : reconnectMessage(name, error.message);
  await db.update(integrations).set({ status: "error", lastError: message, updatedAt: now }).where(eq(integrations.id, row.id));
  return message;
}

/** The public settings that are text (what the provider rules in core read). */
export function configStrings(config: Record<string, unknown> | null | undefined): Record<string, string> {
  const strings: Record<string, string> = {};
  for (const [name, value] of Object.entries(config ?? {})) if (typeof value === "string") strings[name] = value;
  return strings;
}
