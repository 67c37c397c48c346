/**
 * Plain text from email bodies, dependency-free, for word counts (email time estimates) and
 * previews. Not a sanitiser: the output is text and must still be escaped where it is shown.
 */

/** A private-use character marking a line break from markup, so consecutive ones collapse to one. */
const SOFT_BREAK = "\uE000";

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  bull: "•",
  middot: "·",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  pound: "£",
  cent: "¢",
  yen: "¥",
  sect: "§",
  deg: "°",
  times: "×",
};

/** Words are whitespace-separated runs holding at least one letter or digit, so "—" or "-" alone do not count. */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/u)) {
    if (/[\p{L}\p{N}]/u.test(token)) count += 1;
  }
  return count;
}

/**
 * HTML email body → readable text: drops comments, script/style/head; paragraphs become
 * blank-line breaks, and <br>, divs, list items and rows line breaks; removes tags, decodes
 * entities once (so "&amp;lt;" stays "&lt;") and tidies whitespace. A bare "<" that starts no tag ("a < b") is kept.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, "")
    .replace(/<(script|style|head|template|noscript|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<\/?(?:p|h[1-6]|blockquote|table|ul|ol|pre|hr)\b[^>]*>/gi, "\n\n")
    .replace(/<br\b[^>]*>|<div\b[^>]*>|<\/(?:div|li|tr|section|article|header|footer)\s*>/gi, SOFT_BREAK)
    .replace(/<\/t[dh]\s*>/gi, " ")
    .replace(/<\/?[a-z][^>]*>/gi, "")
    .replace(/<![^>]*>/g, "");
  return tidyWhitespace(decodeEntities(text));
}

/** Decodes named, decimal and hex character references in one pass; unknown names are left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body.startsWith("#")) {
      const isHex = body[1] === "x" || body[1] === "X";
      const code = Number.parseInt(body.slice(isHex ? 2 : 1), isHex ? 16 : 10);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : "\uFFFD";
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function tidyWhitespace(text: string): string {
  return text
    .replace(/(?:[^\S\n]*\uE000[^\S\n]*)+/g, "\n") // nested divs end together: one line break, not several
    .replace(/\r\n?/g, "\n")
    .replace(/[^\S\n]+/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
