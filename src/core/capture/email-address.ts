/** Just enough of an address to compare: one @, something before it, a dotted domain after. */
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/**
 * An email address as capture compares it: trimmed, without "mailto:" or "Name <…>", lower case
 * (providers and users change the case; the mailbox part is case-insensitive in practice).
 * Null when what is left is no address.
 */
export function normaliseEmail(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /<([^<>]*)>\s*$/.exec(value);
  if (bracketed?.[1] !== undefined) value = bracketed[1].trim();
  value = value.replace(/^mailto:/i, "").toLowerCase();
  return ADDRESS.test(value) && value.length <= 320 ? value : null;
}

/** The domain of a normalised address ("jane@acme.com" → "acme.com"). */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1);
}
