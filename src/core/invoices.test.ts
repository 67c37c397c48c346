import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors.js";
import {
  addDays,
  canTransition,
  FIRST_INVOICE_SEQUENCE,
  formatInvoiceNumber,
  INVOICE_STATUSES,
  nextStatus,
  requireTransition,
  sequenceAfter,
  sequenceBefore,
  transitionRefusal,
} from "./invoices.js";

describe("invoice status machine", () => {
  it("allows exactly draft → sent → paid, sent → void and deleting a draft", () => {
    const allowed = INVOICE_STATUSES.flatMap((status) =>
      (["send", "markPaid", "void", "delete"] as const)
        .filter((action) => canTransition(status, action))
        .map((action) => `${status}:${action}`),
    );
    expect(allowed).toEqual(["draft:send", "draft:delete", "sent:markPaid", "sent:void"]);
    expect(nextStatus("send")).toBe("sent");
    expect(nextStatus("markPaid")).toBe("paid");
    expect(nextStatus("void")).toBe("void");
  });

  it("explains a refused move", () => {
    expect(transitionRefusal("INV-0001", "draft", "markPaid")).toBe(
      "Invoice INV-0001 is still a draft; send it before marking it as paid",
    );
    expect(transitionRefusal("INV-0001", "paid", "void")).toBe("Invoice INV-0001 is paid; only a sent invoice can be voided");
    expect(canTransition("unknown", "send")).toBe(false);
  });
});

describe("addDays", () => {
  it("adds calendar days across months, leap days and years", () => {
    expect(addDays("2026-01-31", 30)).toBe("2026-03-02");
    expect(addDays("2028-02-15", 15)).toBe("2028-03-01");
    expect(addDays("2026-12-20", 15)).toBe("2027-01-04");
    expect(addDays("2026-03-08", 0)).toBe("2026-03-08");
  });

  it("is the inverse of subtracting the same days", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 400 }), (offset, days) => {
        const start = addDays("2020-01-01", offset);
        expect(addDays(addDays(start, days), -days)).toBe(start);
      }),
    );
  });

  it("refuses a malformed date", () => {
    expect(() => addDays("2026-1-5", 3)).toThrow(RangeError);
  });
});

describe("formatInvoiceNumber", () => {
  it("pads to four digits and never truncates", () => {
    expect(formatInvoiceNumber("INV-", 1)).toBe("INV-0001");
    expect(formatInvoiceNumber("LP/", 12345)).toBe("LP/12345");
  });
});

describe("requireTransition", () => {
  it("gives each allowed move's guard status and new status, read from the one table", () => {
    expect(requireTransition({ invoiceNumber: "INV-0001", status: "draft" }, "send")).toEqual({ from: "draft", to: "sent" });
    expect(requireTransition({ invoiceNumber: "INV-0001", status: "sent" }, "markPaid")).toEqual({ from: "sent", to: "paid" });
    expect(requireTransition({ invoiceNumber: "INV-0001", status: "sent" }, "void")).toEqual({ from: "sent", to: "void" });
    expect(requireTransition({ invoiceNumber: "INV-0001", status: "draft" }, "delete")).toEqual({ from: "draft", to: null });
  });

  it("refuses a forbidden move with a 409 carrying the sentence the user reads", () => {
    const refuse = () => requireTransition({ invoiceNumber: "INV-0007", status: "draft" }, "markPaid");
    expect(refuse).toThrow(AppError);
    expect(refuse).toThrow("Invoice INV-0007 is still a draft; send it before marking it as paid");
    try {
      refuse();
    } catch (error) {
      expect((error as AppError).code).toBe("conflict");
    }
  });
});

describe("invoice sequences", () => {
  it("start at 1 and follow one another without a gap", () => {
    expect(FIRST_INVOICE_SEQUENCE).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (sequence) => {
        expect(sequenceAfter(sequence)).toBe(sequence + 1);
        expect(sequenceBefore(sequenceAfter(sequence))).toBe(sequence);
      }),
    );
  });
});
