import { hmacOf, sameSecret } from "../../integrations/webhook-verification.js";
import type { TwilioParams } from "./twilio-voice.js";

/**
 * Twilio Webhook Rules (docs/capture-pipeline.md "Twilio Webhook Rules"): when a
 * Webhooks Rule matches the URL, Twilio signs with the rule's SharedKey and algorithm instead of the
 * auth token, and says so in `X-Twilio-Webhooks-Signature-Settings: key=<key sid>,algorithm=HMAC_SHA256`.
 * Only the hash changes: X-Twilio-Signature is still base64 HMAC over the full URL followed by the
 * POST parameters sorted by name (name + value), exactly the string the SDK signs for HMAC-SHA1.
 * twilio 6.2.0 has no helper for it (newer releases add an algorithm argument), so the string and
 * the URL forms the SDK tries (as received, without and with the default port) are rebuilt here.
 */
export const SIGNATURE_SETTINGS_HEADER = "x-twilio-webhooks-signature-settings";

export type SignatureSettings = { key: string | null; algorithm: string };

/** `key=KS…,algorithm=HMAC_SHA256` → its parts; null when the header is absent or empty. */
export function parseSignatureSettings(header: string | undefined): SignatureSettings | null {
  if (!header?.trim()) return null;
  const parts = new Map<string, string>();
  for (const piece of header.split(",")) {
    const at = piece.indexOf("=");
    if (at > 0) parts.set(piece.slice(0, at).trim().toLowerCase(), piece.slice(at + 1).trim());
  }
  return { key: parts.get("key") || null, algorithm: (parts.get("algorithm") ?? "").toUpperCase() };
}

/** The hash of each algorithm a rule may name. */
const HASHES: Record<string, "sha1" | "sha256"> = { HMAC_SHA1: "sha1", HMAC_SHA256: "sha256" };

export function isSupportedAlgorithm(algorithm: string): boolean {
  return algorithm in HASHES;
}

/** The string Twilio signs: the URL, then each parameter's name and value in name order. */
export function signedString(url: string, params: TwilioParams): string {
  return Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
}

export function ruleSignature(secret: string, algorithm: string, url: string, params: TwilioParams): string {
  const hash = HASHES[algorithm];
  if (!hash) throw new Error(`Unsupported Twilio signature algorithm ${algorithm}`);
  return hmacOf(secret, Buffer.from(signedString(url, params), "utf-8"), hash, "base64");
}

/** The URL as received, and without and with its scheme's default port (the SDK's candidates). */
function urlForms(url: string): string[] {
  const match = /^(https?:\/\/)([^/?#@]*@)?([^/?#:]+|\[[^\]]+\])(:\d+)?(.*)$/i.exec(url);
  if (!match) return [url];
  const [, scheme = "", user = "", host = "", port, rest = ""] = match;
  const defaultPort = scheme.toLowerCase() === "https://" ? ":443" : ":80";
  return [...new Set([url, scheme + user + host + rest, scheme + user + host + (port ?? defaultPort) + rest])];
}

/** Does `signature` match a rule signature of this request with `secret`? The kit's constant-time compare per URL form. */
export function isValidRuleSignature(options: {
  secret: string;
  algorithm: string;
  signature: string;
  url: string;
  params: TwilioParams;
}): boolean {
  if (!isSupportedAlgorithm(options.algorithm)) return false;
  return urlForms(options.url).some((url) =>
    sameSecret(options.signature, ruleSignature(options.secret, options.algorithm, url, options.params)),
  );
}
