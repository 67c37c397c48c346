import { createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";
import { NETSUITE_ACCOUNT_ID_MESSAGE, netSuiteRestHost } from "../../../../core/accounting/netsuite-account.js";
import { AccountingRejected } from "../../accounting-errors.js";

/**
 * NetSuite token-based authentication: every request is signed with OAuth 1.0a HMAC-SHA256
 * (RFC 5849 with SHA-256), the consumer key/secret of the integration record and the token id/secret
 * of the access token, with `realm` the account id in upper case with underscores (1234567_SB1).
 * The signature covers the method, the URL and its query, never the JSON body.
 */
export type NetSuiteCredentials = {
  accountId: string;
  consumerKey: string;
  consumerSecret: string;
  tokenId: string;
  tokenSecret: string;
};

export function netSuiteRealm(accountId: string): string {
  return accountId.trim().toUpperCase().replace(/-/g, "_");
}

/**
 * The account's REST origin (core/accounting/netsuite-account.ts). A stored id of another shape (saved
 * before the contract checked it) is refused here, before any connection.
 */
export function netSuiteOrigin(accountId: string): string {
  const host = netSuiteRestHost(accountId);
  if (!host) throw new AccountingRejected(`${NETSUITE_ACCOUNT_ID_MESSAGE}.`);
  return `https://${host}`;
}

/** The Authorization header for one request (a fresh nonce and timestamp each call). */
export function netSuiteAuthorization(credentials: NetSuiteCredentials, request: { method: string; url: string }): string {
  const oauth = new OAuth({
    consumer: { key: credentials.consumerKey, secret: credentials.consumerSecret },
    signature_method: "HMAC-SHA256",
    realm: netSuiteRealm(credentials.accountId),
    hash_function: (base, key) => createHmac("sha256", key).update(base).digest("base64"),
  });
  const data = oauth.authorize(
    { url: request.url, method: request.method },
    { key: credentials.tokenId, secret: credentials.tokenSecret },
  );
  return oauth.toHeader(data).Authorization;
}
