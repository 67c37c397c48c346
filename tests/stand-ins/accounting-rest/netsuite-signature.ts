import { createHmac, timingSafeEqual } from "node:crypto";
import type { StandInRequest } from "./core.js";

/**
 * The stand-in's own check of NetSuite's token-based authentication, written from RFC 5849 §3.4
 * (not with the client's library), so a broken signer fails the tests: the base string is the
 * method, the URL without its query, and the sorted, percent-encoded oauth_* and query parameters;
 * the key is consumerSecret&tokenSecret; the method HMAC-SHA256. A nonce is accepted once.
 */
export type NetSuiteSecrets = {
  realm: string;
  consumerKey: string;
  consumerSecret: string;
  tokenId: string;
  tokenSecret: string;
};

/** null when the request is signed right; else why not. `usedNonces` is the account's replay memory. */
export function checkNetSuiteSignature(
  request: StandInRequest,
  secrets: NetSuiteSecrets,
  usedNonces: Set<string>,
): string | null {
  const header = request.headers.authorization ?? "";
  if (!header.startsWith("OAuth ")) return "No OAuth Authorization header.";
  const params = parseOAuthHeader(header.slice(6));
  if (params.realm !== secrets.realm) return "Wrong realm.";
  if (params.oauth_signature_method !== "HMAC-SHA256") return "Signature method must be HMAC-SHA256.";
  if (params.oauth_consumer_key !== secrets.consumerKey || params.oauth_token !== secrets.tokenId)
    return "Unknown consumer or token.";
  const timestamp = Number(params.oauth_timestamp);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return "Stale timestamp.";
  const nonceKey = `${params.oauth_nonce}:${params.oauth_timestamp}`;
  if (!params.oauth_nonce || usedNonces.has(nonceKey)) return "Nonce already used.";

  const signed: [string, string][] = [];
  for (const [name, value] of Object.entries(params))
    if (name !== "realm" && name !== "oauth_signature") signed.push([encode(name), encode(value)]);
  for (const [name, value] of request.url.searchParams) signed.push([encode(name), encode(value)]);
  signed.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  const baseUrl = `${request.origin}${request.url.pathname}`;
  const base = [request.method, encode(baseUrl), encode(signed.map(([k, v]) => `${k}=${v}`).join("&"))].join("&");
  const key = `${encode(secrets.consumerSecret)}&${encode(secrets.tokenSecret)}`;
  const expected = Buffer.from(createHmac("sha256", key).update(base).digest("base64"));
  const given = Buffer.from(params.oauth_signature ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "Signature mismatch.";
  usedNonces.add(nonceKey);
  return null;
}

function parseOAuthHeader(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of text.matchAll(/([a-z_]+)="([^"]*)"/gi)) params[match[1]!] = decodeURIComponent(match[2]!);
  return params;
}

function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
