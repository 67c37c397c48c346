import type { MessageStructureObject } from "imapflow";
import { describe, expect, it } from "vitest";
import {
  decodeCharset,
  decodeQuotedPrintable,
  decodeTransferEncoding,
  findTextPart,
  formatAddress,
  formatAddressList,
  partText,
  partWordCount,
} from "./message-text.js";

describe("findTextPart", () => {
  it("uses part 1 of a single-part plain message", () => {
    const structure: MessageStructureObject = {
      type: "text/plain",
      parameters: { charset: "UTF-8" },
      encoding: "7bit",
      size: 10,
    };
    expect(findTextPart(structure)).toEqual({ part: "1", type: "text/plain", encoding: "7bit", charset: "utf-8" });
  });

  it("prefers the plain alternative over HTML", () => {
    const structure: MessageStructureObject = {
      type: "multipart/alternative",
      childNodes: [
        { part: "1", type: "text/plain", parameters: { charset: "iso-8859-1" }, encoding: "quoted-printable" },
        { part: "2", type: "text/html", parameters: { charset: "utf-8" }, encoding: "base64" },
      ],
    };
    expect(findTextPart(structure)).toMatchObject({
      part: "1",
      type: "text/plain",
      encoding: "quoted-printable",
      charset: "iso-8859-1",
    });
  });

  it("finds HTML inside multipart/mixed → related, skipping attachments and attached emails", () => {
    const structure: MessageStructureObject = {
      type: "multipart/mixed",
      childNodes: [
        { part: "1", type: "text/plain", disposition: "attachment", encoding: "base64" },
        { part: "2", type: "message/rfc822", encoding: "7bit" },
        {
          part: "3",
          type: "multipart/related",
          childNodes: [
            { part: "3.1", type: "text/html", parameters: { charset: "windows-1252" }, encoding: "quoted-printable" },
            { part: "3.2", type: "image/png", encoding: "base64" },
          ],
        },
      ],
    };
    expect(findTextPart(structure)).toMatchObject({ part: "3.1", type: "text/html", charset: "windows-1252" });
  });

  it("numbers parts itself when the structure carries no part ids", () => {
    const structure: MessageStructureObject = {
      type: "multipart/mixed",
      childNodes: [{ type: "image/jpeg" }, { type: "multipart/alternative", childNodes: [{ type: "text/html" }] }],
    };
    expect(findTextPart(structure)?.part).toBe("2.1");
  });

  it("answers null for a message without text", () => {
    expect(findTextPart({ type: "multipart/mixed", childNodes: [{ part: "1", type: "application/pdf" }] })).toBeNull();
    expect(findTextPart(undefined)).toBeNull();
  });
});

describe("decoding", () => {
  it("decodes quoted-printable with soft breaks and keeps stray equals signs", () => {
    expect(decodeQuotedPrintable(Buffer.from("Caf=C3=A9 au l=\r\nait =3D 2 =ZZ")).toString("utf8")).toBe("Café au lait = 2 =ZZ");
  });

  it("decodes base64 with line breaks", () => {
    const encoded = Buffer.from("aGVsbG8g\r\nd29ybGQ=\r\n");
    expect(decodeTransferEncoding(encoded, "BASE64").toString()).toBe("hello world");
    expect(decodeTransferEncoding(Buffer.from("as is"), "8bit").toString()).toBe("as is");
  });

  it("decodes charsets and falls back to UTF-8 for an unknown one", () => {
    expect(decodeCharset(Buffer.from([0x63, 0x61, 0x66, 0xe9]), "iso-8859-1")).toBe("café");
    expect(decodeCharset(Buffer.from([0xb1]), "ISO-8859-2")).toBe("ą");
    expect(decodeCharset(Buffer.from("plain", "utf8"), "x-unknown-charset")).toBe("plain");
  });

  it("counts the words of an HTML part as text", () => {
    const html = Buffer.from(
      "<html><head><style>p{color:red}</style></head><body><p>Dear&nbsp;Ann,</p><p>See the <b>draft</b> attached.</p></body></html>",
    );
    const part = { part: "2", type: "text/html", encoding: "7bit", charset: "utf-8" } as const;
    expect(partText(html, part)).toBe("Dear Ann,\n\nSee the draft attached.");
    expect(partWordCount(html, part)).toBe(6);
  });

  it("skips decoding when the server already sent binary", () => {
    const part = { part: "1", type: "text/plain", encoding: "base64", charset: "utf-8" } as const;
    expect(partWordCount(Buffer.from("one two three"), part, true)).toBe(3);
    expect(partWordCount(Buffer.from("b25lIHR3bw=="), part)).toBe(2);
    expect(partWordCount(undefined, part)).toBe(0);
    expect(partWordCount(Buffer.from("x"), null)).toBe(0);
  });
});

describe("addresses", () => {
  it("formats names and addresses", () => {
    expect(formatAddress({ name: "Bob Smith", address: "bob@example.test" })).toBe("Bob Smith <bob@example.test>");
    expect(formatAddress({ name: "", address: "bob@example.test" })).toBe("bob@example.test");
    expect(formatAddress(undefined)).toBe("");
    const many = Array.from({ length: 7 }, (_, i) => ({ address: `p${i}@x.test` }));
    expect(formatAddressList(many)).toBe("p0@x.test, p1@x.test, p2@x.test, p3@x.test, p4@x.test and 2 more");
  });
});
