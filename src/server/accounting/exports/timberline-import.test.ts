import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import type { InvoiceLineRow } from "./invoice-line-row.js";
import { buildTimberlineImport, TIMBERLINE_AR_COLUMNS, timberlineCustomerCode } from "./timberline-import.js";

const line = (overrides: Partial<InvoiceLineRow> = {}): InvoiceLineRow => ({
  invoiceId: 1,
  invoiceNumber: "INV-0001",
  invoiceStatus: "sent",
  issueDate: "2026-03-31",
  dueDate: "2026-04-30",
  paidAt: null,
  currency: "usd",
  clientId: 42,
  clientName: "Ada Lovelace",
  clientEmail: "ada@example.com",
  lineNumber: 1,
  lineKind: "call",
  description: "Call with Ada, 45 min",
  workDate: "2026-03-10",
  minutes: 45,
  rateMinor: 15_000,
  amountMinor: 11_250,
  invoiceTotalMinor: 15_000,
  ...overrides,
});

const parsed = (content: string) => parse(content, { columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];

describe("Timberline AR import file", () => {
  it("has the documented columns and one row per invoice line, parsed back to the same values", () => {
    const rows = [line(), line({ lineNumber: 2, description: "Email review", amountMinor: 3_750, minutes: 15 })];
    const file = buildTimberlineImport(rows, { today: "2026-04-01", revenueAccount: "4000-00", receivableAccount: "1200-00" });
    expect(file.filename).toBe("timberline-ar-import-2026-04-01.csv");
    expect(file.content.split("\r\n")[0]).toBe(TIMBERLINE_AR_COLUMNS.join(","));
    expect(parsed(file.content)).toEqual([
      {
        Customer: "MN000042",
        "Customer Name": "Ada Lovelace",
        Invoice: "INV-0001",
        "Invoice Date": "03/31/2026",
        "Due Date": "04/30/2026",
        Line: "1",
        Description: "Call with Ada, 45 min",
        Amount: "112.50",
        "Revenue Account": "4000-00",
        "Receivable Account": "1200-00",
        "Invoice Total": "150.00",
        Currency: "USD",
      },
      expect.objectContaining({ Line: "2", Description: "Email review", Amount: "37.50", "Invoice Total": "150.00" }),
    ]);
  });

  it("keeps typed text from running as a formula, and quotes commas and quotes", () => {
    const file = buildTimberlineImport([line({ clientName: '=HYPERLINK("http://x")', description: '+1 call, "urgent"' })], {
      today: "2026-04-01",
    });
    const [row] = parsed(file.content);
    expect(row?.["Customer Name"]).toBe('\'=HYPERLINK("http://x")');
    expect(row?.Description).toBe('\'+1 call, "urgent"');
    expect(row?.["Revenue Account"]).toBe("");
  });

  it("leaves out void and draft invoices, and an empty due date stays empty", () => {
    const file = buildTimberlineImport(
      [
        line({ invoiceStatus: "void" }),
        line({ invoiceStatus: "draft", invoiceNumber: "D" }),
        line({ invoiceStatus: "paid", invoiceNumber: "INV-0002", dueDate: null }),
      ],
      { today: "2026-04-01" },
    );
    expect(parsed(file.content).map((row) => [row.Invoice, row["Due Date"]])).toEqual([["INV-0002", ""]]);
  });

  it("writes customer codes Timberline can hold", () => {
    expect(timberlineCustomerCode(7)).toBe("MN000007");
    expect(timberlineCustomerCode(123456)).toBe("MN123456");
  });
});
