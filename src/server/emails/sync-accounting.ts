import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { integrations } from "../db/schema/index.js";
import { getTrackedEmail } from "./find-tracked-emails.js";

const ACCOUNTING_LABELS: Record<string, string> = {
  quickbooks: "QuickBooks",
  xero: "Xero",
  freshbooks: "FreshBooks",
  sage: "Sage",
  wave: "Wave",
  csv: "CSV export",
  timberline: "Timberline",
  netsuite: "NetSuite",
};

export type SyncAccountingOutcome = { status: number; body: { success: boolean; message: string } };

/**
 * POST /api/emails/{id}/sync-accounting. Says honestly what happens (docs/decisions.md D12: nothing
 * pretends to be connected): with no connected accounting integration the answer is a 409 saying
 * so; the tracked email stays in the billing records and is billed on the client's next invoice.
 */
export async function syncEmailToAccounting(
  db: Db,
  options: { accountId: number; emailId: number; integrationId: string },
): Promise<SyncAccountingOutcome> {
  await getTrackedEmail(db, options.accountId, options.emailId);
  const provider = options.integrationId.toLowerCase();
  const label = ACCOUNTING_LABELS[provider] ?? options.integrationId;
  const [integration] = await db
    .select({ enabled: integrations.enabled, status: integrations.status })
    .from(integrations)
    .where(
      and(
        eq(integrations.accountId, options.accountId),
        eq(integrations.provider, provider),
        inArray(integrations.kind, ["accounting", "financial"]),
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
  return {
    status: 409,
    body: {
      success: false,
      message: `${label} is connected, but sending single tracked emails to it is not available yet, so nothing was sent. The email stays in your billing records and is billed on the client's next invoice.`,
    },
  };
}
