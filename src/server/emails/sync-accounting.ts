import { and, eq } from "drizzle-orm";
import { ACCOUNTING_KIND, accountingProvider, isAccountingProviderId } from "../../core/accounting/providers.js";
import type { AccountingContext } from "../accounting/sync/accounting-context.js";
import { loadLocalClient } from "../accounting/sync/local-shapes.js";
import { syncClientAsCustomer } from "../accounting/sync/sync-email.js";
import { integrations } from "../db/schema/index.js";
import { getTrackedEmail } from "./find-tracked-emails.js";

export type SyncAccountingOutcome = { status: number; body: { success: boolean; message: string } };

/**
 * POST /api/emails/{id}/sync-accounting. Says honestly what happens (docs/decisions.md D12: nothing
 * pretends to be connected). With the provider connected, the email's client is synced as a customer
 * now, through the accounting engine's records and keys (accounting/sync/), so the invoice that bills
 * the email later finds it and never makes a second one; the email itself is billed on that invoice.
 * Not connected: a 409 saying so, and nothing is sent. The provider down: a 502 with its words.
 */
export async function syncEmailToAccounting(
  context: AccountingContext,
  options: { accountId: number; emailId: number; integrationId: string },
): Promise<SyncAccountingOutcome> {
  const { db } = context;
  const email = await getTrackedEmail(db, options.accountId, options.emailId);
  const provider = options.integrationId.toLowerCase();
  const label = isAccountingProviderId(provider) ? accountingProvider(provider).name : options.integrationId;
  const [integration] = await db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.accountId, options.accountId),
        eq(integrations.provider, provider),
        eq(integrations.kind, ACCOUNTING_KIND),
      ),
    )
    .limit(1);
  if (!integration?.enabled || integration.status !== "connected") {
    return {
      status: 409,
      body: {
        success: false,
        message: `${label} is not connected, so nothing was sent. Connect it under Financial Integrations, then sync again. The email stays in your billing records.`,
      },
    };
  }
  const client = email.clientId === null ? null : await loadLocalClient(db, options.accountId, email.clientId);
  if (!client) {
    return {
      status: 409,
      body: {
        success: false,
        message: `This email has no client, so nothing was sent to ${label}. Assign it to a client; it is billed on their next invoice.`,
      },
    };
  }
  const result = await syncClientAsCustomer(context, integration, client);
  if (!result.ok) {
    return {
      status: result.kind === "unavailable" ? 502 : 409,
      body: { success: false, message: `Nothing was synced. ${result.message}. The email stays in your billing records.` },
    };
  }
  return {
    status: 200,
    body: {
      success: true,
      message: `Synced to ${label}: ${client.name} is customer ${result.remoteId} there. This email is billed on their next invoice, which syncs with it.`,
    },
  };
}
