/**
 * Text as a LEDES 1998B value: plain ASCII (accents dropped, other characters "?"), on one line,
 * without the "|" field separator or the "[]" line end. XML keeps Unicode and only needs escaping.
 */
export function toLedesAscii(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[\r\n\t]+/g, " ")
    .replace(/\|/g, "/")
    .replace(/\[/g, "(")
    .replace(/\]/g, ")")
    .replace(/[^\x20-\x7e]/g, "?")
    .trim();
}

/** True when every character is printable ASCII (what portals accept in a 1998B file). */
export const isPrintableAscii = (value: string): boolean => /^[\x20-\x7e]*$/.test(value);
