import type { MessageAddressObject, MessageStructureObject } from "imapflow";
import { countWords, htmlToText } from "../../core/text.js";

/**
 * Reading an email's words without downloading the whole message: the BODYSTRUCTURE says which
 * part holds the text, only that part is fetched, and it is decoded here (transfer encoding, then
 * charset). Plain text is preferred; an HTML-only email is reduced to text first.
 */

export type TextPart = { part: string; type: "text/plain" | "text/html"; encoding: string; charset: string };

/** The part to count words in: the first inline text/plain, else the first inline text/html; null when there is none. */
export function findTextPart(structure: MessageStructureObject | undefined): TextPart | null {
  if (!structure) return null;
  const plain: TextPart[] = [];
  const html: TextPart[] = [];
  const walk = (node: MessageStructureObject, partId: string) => {
    const type = node.type.toLowerCase();
    if (node.childNodes?.length) {
      // An attached email (message/rfc822) is someone else's text: not counted.
      node.childNodes.forEach((child, index) => {
        walk(child, child.part ?? (partId ? `${partId}.${index + 1}` : String(index + 1)));
      });
      return;
    }
    if (type === "message/rfc822") return;
    if ((node.disposition ?? "").toLowerCase() === "attachment") return;
    if (type !== "text/plain" && type !== "text/html") return;
    const found: TextPart = {
      part: node.part ?? (partId || "1"),
      type,
      encoding: (node.encoding ?? "7bit").toLowerCase(),
      charset: (node.parameters?.charset ?? "utf-8").toLowerCase(),
    };
    (type === "text/plain" ? plain : html).push(found);
  };
  walk(structure, structure.part ?? "");
  return plain[0] ?? html[0] ?? null;
}

/** Quoted-printable (RFC 2045 §6.7) to bytes: soft line breaks removed, =XX decoded, anything else kept. */
export function decodeQuotedPrintable(input: Buffer): Buffer {
  const text = input.toString("latin1").replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x3d && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(char & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** Undoes the Content-Transfer-Encoding (unless the server already did, FETCH BINARY). */
export function decodeTransferEncoding(raw: Buffer, encoding: string): Buffer {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(raw.toString("latin1").replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      return decodeQuotedPrintable(raw);
    default:
      return raw;
  }
}

/** Bytes in a declared charset to a string; an unknown charset falls back to UTF-8 (replacement characters, never a crash). */
export function decodeCharset(bytes: Buffer, charset: string): string {
  const label = charset.trim().toLowerCase().replace(/^"|"$/g, "") || "utf-8";
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** The readable text of a fetched text part. */
export function partText(raw: Buffer, part: TextPart, alreadyDecoded = false): string {
  const bytes = alreadyDecoded ? raw : decodeTransferEncoding(raw, part.encoding);
  const text = decodeCharset(bytes, part.charset);
  return part.type === "text/html" ? htmlToText(text) : text;
}

/** Word count of a fetched text part (0 when the email has no text part). */
export function partWordCount(raw: Buffer | undefined, part: TextPart | null, alreadyDecoded = false): number {
  if (!raw || !part) return 0;
  return countWords(partText(raw, part, alreadyDecoded));
}

/** "Name <address>" or just the address, for sender and recipient columns. */
export function formatAddress(address: MessageAddressObject | undefined): string {
  if (!address) return "";
  const name = (address.name ?? "").trim();
  const email = (address.address ?? "").trim();
  if (name && email && name.toLowerCase() !== email.toLowerCase()) return `${name} <${email}>`;
  return email || name;
}

export function formatAddressList(addresses: MessageAddressObject[] | undefined, max = 5): string {
  const list = (addresses ?? []).map(formatAddress).filter(Boolean);
  return list.length > max ? `${list.slice(0, max).join(", ")} and ${list.length - max} more` : list.join(", ");
}
