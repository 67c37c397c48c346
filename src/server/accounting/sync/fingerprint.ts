import { createHash } from "node:crypto";

/**
 * What was last pushed, as a short stable hash: the same content gives the same fingerprint
 * whatever the order of object keys, so an unchanged invoice or customer is not sent again, and an
 * update's idempotency key (`{key}:u{fingerprint}`) is the same on every retry of that update and
 * different for the next distinct update.
 */
export function fingerprintOf(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("base64url").slice(0, 16);
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
}

/**
 * An invoice record's fingerprint: its content's hash and the remote state applied to it (sent,
 * paid, void), so "unchanged" means both are as last pushed.
 */
export function invoiceFingerprint(contentFingerprint: string, status: string): string {
  return `${contentFingerprint}.${status}`;
}

export function splitInvoiceFingerprint(stored: string | null): { content: string | null; status: string | null } {
  if (!stored) return { content: null, status: null };
  const dot = stored.lastIndexOf(".");
  return dot < 0 ? { content: stored, status: null } : { content: stored.slice(0, dot), status: stored.slice(dot + 1) };
}
