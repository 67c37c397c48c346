import { type AccountingProviderId, accountingProvider, isAccountingProviderId } from "../../core/accounting/providers.js";
import { AppError } from "../../core/errors.js";
import { ConsentFailed, signOAuthState, spendOAuthState } from "../integrations/oauth-state.js";
import { isAccountingFailure } from "./accounting-errors.js";
import { type AccountingRow, configText, readSecretOrEmpty } from "./accounting-rows.js";
import { defaultRedirectUri } from "./present-financial-integration.js";
import { apiProviderFor } from "./providers/index.js";
import type { AccountingContext } from "./sync/accounting-context.js";

/**
 * The OAuth authorisation-code flow of an accounting connection (docs/accounting.md). The `state` is signed
 * for the account and for `accounting:{provider}`, expires after ten minutes, and carries a nonce
 * that is also in a short-lived cookie: only the browser that started the consent can finish it, and
 * only once (spent on the server; the mailbox and Meet consents share integrations/oauth-state.ts).
 */
export const ACCOUNTING_STATE_COOKIE = "minutely_accounting_oauth";

/** The state cookie (integrations/consent-flow.ts): sent only to this feature's routes. */
export const ACCOUNTING_CONSENT_COOKIE = { name: ACCOUNTING_STATE_COOKIE, path: "/api/financial-integrations" };

const purposeFor = (provider: AccountingProviderId) => `accounting:${provider}`;

/** The Redirect URI the consent and the code exchange both use: the saved one, else this site's callback. */
export function redirectUriOf(row: AccountingRow, origin: string): string {
  return configText(row, "redirectUri") ?? defaultRedirectUri(origin);
}

/** The provider's consent page for this row's app, and the nonce for the state cookie. */
export function startAccountingConsent(
  context: AccountingContext,
  row: AccountingRow,
  origin: string,
): { authorizationUrl: string; nonce: string } {
  const info = accountingProvider(row.provider);
  const provider = apiProviderFor(row.provider);
  if (info.method !== "oauth" || !provider?.authorizationUrl)
    throw new AppError("conflict", `${info.name} does not connect through a consent page.`);
  const clientId = configText(row, "clientId");
  const secret = readSecretOrEmpty(context.box, row);
  if (!clientId || typeof secret.clientSecret !== "string" || !secret.clientSecret)
    throw new AppError("conflict", `Save your ${info.name} Client ID and Client Secret first, then connect.`);
  const { state, nonce } = signOAuthState(context.box, {
    purpose: purposeFor(row.provider),
    accountId: row.accountId,
    now: context.now(),
  });
  const authorizationUrl = provider.authorizationUrl({
    clientId,
    redirectUri: redirectUriOf(row, origin),
    state,
    endpoints: context.config.accounting?.endpoints[row.provider] ?? {},
  });
  return { authorizationUrl, nonce };
}

const INVALID_STATE = "The connection link is invalid or has expired. Click Connect again.";

/**
 * Which provider a callback's state names, read before the signature is checked (the callback URL is
 * the same for every provider). verifyConsentState then checks it; nothing is trusted before that.
 */
export function providerNamedByState(state: string): AccountingProviderId {
  try {
    const payload = JSON.parse(Buffer.from(state.split(".")[0] ?? "", "base64url").toString("utf8")) as { p?: unknown };
    const purpose = typeof payload.p === "string" ? payload.p : "";
    const provider = purpose.startsWith("accounting:") ? purpose.slice("accounting:".length) : "";
    if (isAccountingProviderId(provider)) return provider;
  } catch {
    // an unreadable state is refused below
  }
  throw new ConsentFailed("invalid_state", INVALID_STATE);
}

/**
 * Signature, expiry, account, purpose and this browser's nonce, then spent on the server (one
 * callback per state); a bad or spent state says only that it is invalid.
 */
export async function spendConsentState(
  context: AccountingContext,
  state: string,
  expected: { provider: AccountingProviderId; accountId: number; cookieNonce: string | undefined },
): Promise<void> {
  try {
    await spendOAuthState(context.db, context.box, state, {
      ...expected,
      purpose: purposeFor(expected.provider),
      now: context.now(),
    });
  } catch (error) {
    if (error instanceof AppError) throw new ConsentFailed("invalid_state", INVALID_STATE);
    throw error;
  }
}

/** The provider's answer to a refused call, as the user reads it. */
export function providerRefusal(providerName: string, error: unknown): AppError {
  if (isAccountingFailure(error)) return new AppError("bad_gateway", `${providerName} refused the connection: ${error.message}`);
  throw error;
}
