/**
 * A NetSuite account id as NetSuite writes it (Setup → Company → Company Information): digits, with
 * `_SB<n>` for a sandbox or `_RP<n>` for a release preview (1234567, 1234567_SB1), any case; the
 * REST host writes `_` as `-` (1234567-sb1). The account id names the host the server calls, so
 * nothing else may pass: `127.0.0.1:37297/x?` once pointed the server at its own network
 * (docs/security.md). The configure form and the server read this one rule.
 */
const NETSUITE_ACCOUNT_ID = /^\d{1,20}(?:[_-](?:SB|RP)\d{1,3})?$/i;

export const NETSUITE_ACCOUNT_ID_MESSAGE =
  "Account ID must be your NetSuite account ID: digits, with _SB1 or _RP1 for a sandbox or release preview (for example 1234567_SB1)";

export function isNetSuiteAccountId(value: string): boolean {
  return NETSUITE_ACCOUNT_ID.test(value.trim());
}

/** The account's REST host (`1234567-sb1.suitetalk.api.netsuite.com`), or null for anything that is not an account id. */
export function netSuiteRestHost(accountId: string): string | null {
  if (!isNetSuiteAccountId(accountId)) return null;
  return `${accountId.trim().toLowerCase().replace(/_/g, "-")}.suitetalk.api.netsuite.com`;
}
