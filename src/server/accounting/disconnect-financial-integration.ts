import { ACCOUNTING_KIND } from "../../core/accounting/providers.js";
import { apiProviderFor } from "./providers/index.js";
import type { AccountingContext } from "./sync/accounting-context.js";
import { openAccountingSession } from "./sync/session.js";
import { saveIntegration } from "../integrations/integration-store.js";
import { type AccountingRow, isAccountingRow, providerOf, readSecretOrEmpty } from "./accounting-rows.js";

/**
 * Disconnect (DELETE /api/financial-integrations/{id}): revoke the tokens at the provider where it
 * supports that (best effort: an unreachable provider must not keep the user connected), then forget
 * every token and secret. The mappings to remote records stay, so reconnecting to the same company
 * updates what was synced instead of creating it again.
 */
export async function disconnectFinancialIntegration(
  context: AccountingContext,
  row: AccountingRow,
): Promise<{ row: AccountingRow; message: string }> {
  const info = providerOf(row);
  const provider = apiProviderFor(row.provider);
  const hasTokens = Boolean(readSecretOrEmpty(context.box, row).tokens?.refreshToken);
  let revocation: "revoked" | "not revoked" | "none" = "none";
  if (hasTokens) {
    revocation = "not revoked";
    try {
      if (provider?.disconnect) {
        await provider.disconnect(openAccountingSession(context, row));
        revocation = "revoked";
      }
    } catch {
      // Best effort: the row forgets the tokens below whatever the provider answered.
    }
  }
  const saved = await saveIntegration(
    context.db,
    context.box,
    { accountId: row.accountId, userId: null, kind: ACCOUNTING_KIND, provider: row.provider },
    {
      status: "not_connected",
      lastError: null,
      secret: null,
      ...(info.method === "none" ? { enabled: false } : {}),
    },
    context.now(),
  );
  const message =
    info.method === "none"
      ? "CSV Export is off."
      : `${info.name} disconnected: ${REVOCATION_TEXT[revocation](info.name)} The links to records already synced are kept, so reconnecting to the same company updates them instead of creating duplicates.`;
  return { row: isAccountingRow(saved) ? saved : row, message };
}

const REVOCATION_TEXT = {
  revoked: (name: string) => `Minutely's access was revoked at ${name} and the stored tokens and secrets erased.`,
  "not revoked": (name: string) =>
    `the stored tokens and secrets were erased, but ${name} could not be asked to revoke the access; remove Minutely from the connected apps of your ${name} account.`,
  none: () => "the stored secrets were erased.",
};
