import { eq, sql } from "drizzle-orm";
import { isAccountingProviderId } from "../../../core/accounting/providers.js";
import { integrations } from "../../db/schema/index.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import { isAccountingFailure } from "../accounting-errors.js";
import { apiProviderFor } from "../providers/index.js";
import type { AccountingContext } from "./accounting-context.js";
import { providerName } from "./integration-row.js";
import { openAccountingSession } from "./session.js";

export type VerifyResult =
  | { ok: true; organisationName: string | null; learned?: Record<string, string> }
  | { ok: false; message: string };

/**
 * One real call to the provider ("a card shows connected only after a real call
 * succeeded"). Success: status connected, the remote organisation's name kept in config, no last
 * error. Failure: status error with the provider's words. Nothing else sets "connected" for an
 * accounting provider that has an API.
 */
export async function verifyAccountingConnection(context: AccountingContext, row: IntegrationRow): Promise<VerifyResult> {
  const provider = isAccountingProviderId(row.provider) ? apiProviderFor(row.provider) : null;
  const name = providerName(row);
  if (!provider) return { ok: false, message: `${name} has no API to verify: it works through a file` };
  let result: VerifyResult;
  try {
    const verified = await provider.verify(openAccountingSession(context, row));
    result = { ok: true, organisationName: verified.organisationName, learned: verified.learned ?? {} };
  } catch (error) {
    if (!isAccountingFailure(error)) throw error;
    result = { ok: false, message: `${name}: ${error.message}` };
  }
  const now = context.now();
  if (result.ok) {
    // Merged in the statement: settings saved meanwhile are kept.
    // What the provider told us about the company (QuickBooks' tax setup, Sage's businesses) is kept too.
    const learned = JSON.stringify({
      ...result.learned,
      ...(result.organisationName ? { organisationName: result.organisationName } : {}),
    });
    await context.db
      .update(integrations)
      .set({ status: "connected", config: sql`${integrations.config} || ${learned}::jsonb`, lastError: null, updatedAt: now })
      .where(eq(integrations.id, row.id));
  } else {
    await context.db
      .update(integrations)
      .set({ status: "error", lastError: result.message, updatedAt: now })
      .where(eq(integrations.id, row.id));
  }
  return result;
}
