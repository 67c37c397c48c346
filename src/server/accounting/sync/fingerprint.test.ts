import { describe, expect, it } from "vitest";
import { fingerprintOf, invoiceFingerprint, splitInvoiceFingerprint } from "./fingerprint.js";
import { updateKey } from "./push-invoice.js";

const invoice = {
  number: "INV-0007",
  currency: "USD",
  lines: [{ description: "Call", minutes: 30, amountMinor: 7500, date: "2026-10-05" }],
  memo: null,
};

describe("fingerprints", () => {
  it("are the same for the same content whatever the key order", () => {
    const reordered = {
      memo: null,
      lines: [{ date: "2026-10-05", amountMinor: 7500, minutes: 30, description: "Call" }],
      currency: "USD",
      number: "INV-0007",
    };
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(invoice));
    expect(fingerprintOf(invoice)).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it("change when anything pushed changes, line order included", () => {
    const base = fingerprintOf(invoice);
    expect(fingerprintOf({ ...invoice, number: "INV-0008" })).not.toBe(base);
    expect(fingerprintOf({ ...invoice, lines: [{ ...invoice.lines[0], amountMinor: 7501 }] })).not.toBe(base);
    expect(fingerprintOf({ ...invoice, memo: "" })).not.toBe(base);
    const two = [invoice.lines[0], { ...invoice.lines[0], description: "Email" }];
    expect(fingerprintOf({ ...invoice, lines: two })).not.toBe(fingerprintOf({ ...invoice, lines: [...two].reverse() }));
  });

  it("ignore absent fields but not nulls", () => {
    expect(fingerprintOf({ a: 1, b: undefined })).toBe(fingerprintOf({ a: 1 }));
    expect(fingerprintOf({ a: 1, b: null })).not.toBe(fingerprintOf({ a: 1 }));
  });

  it("of an invoice carry the remote status applied, read back apart", () => {
    const stored = invoiceFingerprint("abcDEF_-12345678", "void");
    expect(splitInvoiceFingerprint(stored)).toEqual({ content: "abcDEF_-12345678", status: "void" });
    expect(splitInvoiceFingerprint(null)).toEqual({ content: null, status: null });
  });
});

describe("update keys", () => {
  it("are the same on every retry of one update and differ for the next update", () => {
    const first = updateKey("mn-abc", "content1", { remoteId: "42", remoteVersion: "0" });
    expect(updateKey("mn-abc", "content1", { remoteId: "42", remoteVersion: "0" })).toBe(first);
    // New content, or the same content again after another update (a new SyncToken): a new operation, a new key.
    expect(updateKey("mn-abc", "content2", { remoteId: "42", remoteVersion: "0" })).not.toBe(first);
    expect(updateKey("mn-abc", "content1", { remoteId: "42", remoteVersion: "1" })).not.toBe(first);
    expect(first.startsWith("mn-abc:")).toBe(true);
    expect(first.length).toBeLessThanOrEqual(50);
  });
});
