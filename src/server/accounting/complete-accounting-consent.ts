import { and, eq } from "drizzle-orm";
import { ACCOUNTING_KIND, type AccountingProviderId, accountingProvider } from "../../core/accounting/providers.js";
import { AppError } from "../../core/errors.js";
import { accountingRecords, integrations } from "../db/schema/index.js";
import { grantedConsent } from "../integrations/consent-flow.js";
import { findIntegration, saveIntegration } from "../integrations/integration-store.js";
import { ConsentFailed } from "../integrations/oauth-state.js";
import { configText, isAccountingRow, readSecretOrEmpty } from "./accounting-rows.js";
import { providerNamedByState, providerRefusal, redirectUriOf, spendConsentState } from "./oauth-consent.js";
import type { OAuthConnection } from "./provider.js";
import { apiProviderFor } from "./providers/index.js";
import type { AccountingContext } from "./sync/accounting-context.js";
import { verifyAccountingConnection } from "./sync/verify-connection.js";

/** The facts that name the remote company: another value means another company's books. */
const COMPANY_KEYS = ["realmId", "tenantId", "businessId", "accountId"];

export type ConsentAnswer = {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
  [name: string]: unknown;
};

/**
 * The OAuth callback (docs/accounting.md): checks the state, spends the code once, stores the tokens
 * (encrypted) and the company's facts, then makes one real call; only when it succeeds is the
 * connection "connected". Any failure leaves the row as it was and throws an AppError whose message
 * the page shows. Reconnecting to the same company keeps the mappings (no duplicates); another
 * company's books cannot use them, so they are dropped.
 */
export async function completeAccountingConsent(
  context: AccountingContext,
  options: { accountId: number; answer: ConsentAnswer; cookieNonce: string | undefined; origin: string },
): Promise<{ provider: AccountingProviderId; organisationName: string | null }> {
  const { answer } = options;
  const { code, state } = grantedConsent(answer, {
    denied: (error, description) =>
      `The connection was not authorised: ${description ? `${description} (${error})` : error}. Nothing was connected.`,
    noCode: "The provider's answer has no code. Click Connect again.",
  });
  const provider = providerNamedByState(state);
  await spendConsentState(context, state, { provider, accountId: options.accountId, cookieNonce: options.cookieNonce });
  const info = accountingProvider(provider);

  const row = await findIntegration(context.db, { accountId: options.accountId, userId: null, kind: ACCOUNTING_KIND, provider });
  const secret = row ? readSecretOrEmpty(context.box, row) : {};
  const clientId = row ? configText(row, "clientId") : undefined;
  const api = apiProviderFor(provider);
  if (!row || !isAccountingRow(row) || !clientId || typeof secret.clientSecret !== "string" || !api?.exchangeCode)
    throw new ConsentFailed("not_saved", `Save your ${info.name} Client ID and Client Secret first, then connect.`);

  const query: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(answer)) if (typeof value === "string") query[name] = value;
  let connection: OAuthConnection;
  try {
    connection = await api.exchangeCode({
      clientId,
      clientSecret: secret.clientSecret,
      redirectUri: redirectUriOf(row, options.origin),
      code,
      query,
      endpoints: context.config.accounting?.endpoints[provider] ?? {},
      timeoutMs: context.config.accounting?.timeoutMs ?? 15_000,
    });
  } catch (error) {
    const refusal = providerRefusal(info.name, error);
    // The provider's words stay on the server: the card shows them (docs/security.md).
    await context.db.update(integrations).set({ lastError: refusal.message }).where(eq(integrations.id, row.id));
    throw refusal;
  }

  const key = { accountId: options.accountId, userId: null, kind: ACCOUNTING_KIND, provider };
  const companyChanged = COMPANY_KEYS.some(
    (name) => configText(row, name) && connection.config[name] && configText(row, name) !== connection.config[name],
  );
  const withTokens = await saveIntegration(
    context.db,
    context.box,
    key,
    {
      config: {
        ...row.config,
        ...connection.config,
        ...(connection.organisationName ? { organisationName: connection.organisationName } : {}),
      },
      secret: { ...secret, tokens: connection.tokens },
    },
    context.now(),
  );
  const verified = await verifyAccountingConnection(context, withTokens);
  if (!verified.ok) {
    // Nothing of the failed consent stays: the row goes back to what it was, with the reason to show.
    const message = `The connection check failed: ${verified.message}`;
    await context.db
      .update(integrations)
      .set({
        config: row.config,
        secretCiphertext: row.secretCiphertext,
        secretVersion: row.secretVersion,
        status: row.status,
        lastError: message,
      })
      .where(eq(integrations.id, row.id));
    throw new AppError("bad_gateway", message);
  }
  if (companyChanged)
    await context.db
      .delete(accountingRecords)
      .where(and(eq(accountingRecords.accountId, options.accountId), eq(accountingRecords.integrationId, row.id)));
  const organisationName = verified.organisationName ?? connection.organisationName;
  await saveIntegration(
    context.db,
    context.box,
    key,
    {
      status: "connected",
      lastError: null,
      // What the check learned about the company (QuickBooks' tax setup, Xero's standard chart) is kept.
      config: { ...withTokens.config, ...verified.learned, ...(organisationName ? { organisationName } : {}) },
    },
    context.now(),
  );
  return { provider, organisationName };
}
