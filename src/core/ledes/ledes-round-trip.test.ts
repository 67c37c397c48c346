import { describe, expect, it } from "vitest";
import { centsToE4 } from "./decimal.js";
import { LEDES_1998B_FIELD_LINE, LEDES_1998B_HEADER, writeLedes1998b } from "./ledes-1998b.js";
import { writeLedesXml21 } from "./ledes-xml21.js";
import { LEDES_FORMATS } from "./model.js";
import { readLedesFigures } from "./read-ledes-invoice.js";
import { sampleInvoice, sampleSource } from "./testing/sample-invoice.js";
import { validateLedesFile } from "./validate-ledes.js";
import { writeLedes } from "./write-ledes.js";

describe("LEDES round trip", () => {
  it.each(LEDES_FORMATS)("reads %s back with the invoice's numbers exactly", (format) => {
    const source = sampleSource();
    const invoice = sampleInvoice();
    const { text } = writeLedes(format, invoice);
    const figures = readLedesFigures(format, text);
    expect(figures.invoiceNumber).toBe("INV-0007");
    expect(figures.invoiceTotalE4).toBe(centsToE4(source.invoice.totalCents));
    expect(figures.lines.map((line) => line.totalE4)).toEqual(
      invoice.lines.map((line) => centsToE4(source.lines[line.sourcePosition - 1]?.amountCents ?? -1)),
    );
    expect(figures.lines).toEqual(
      invoice.lines.map((line) => ({
        lineItemNumber: line.lineItemNumber,
        date: line.date,
        unitsE4: line.unitsE4,
        unitCostE4: line.unitCostE4,
        adjustmentE4: line.adjustmentE4,
        totalE4: line.totalE4,
        taskCode: line.taskCode,
        activityCode: line.activityCode,
        timekeeperId: line.timekeeperId,
        clientMatterId: line.clientMatterId,
        lawFirmMatterId: line.lawFirmMatterId,
      })),
    );
    expect(validateLedesFile(format, text, { knownClientMatterIds: ["ACME-7", "ACME-9"], knownTimekeeperIds: ["TK1"] })).toEqual(
      [],
    );
  });

  it("writes 1998B as the format line, the 24 field names and one ASCII record per line ending in []", () => {
    const text = writeLedes1998b(sampleInvoice());
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(LEDES_1998B_HEADER);
    expect(lines[1]).toBe(LEDES_1998B_FIELD_LINE);
    expect(lines[2]).toBe(
      "20261127|INV-0007|ACME|M-100|367.50|20261101|20261130|Legal services 2026-11-01 to 2026-11-30|1|F|0.1167|-0.01|17.50|20261102|L120||A106|TK1|Call with Acme's general counsel #1|12-3456789|150.00|Jane Q. Doe|PT|ACME-7[]",
    );
    expect(lines).toHaveLength(6); // 3 records and the final line end
    expect(lines[5]).toBe("");
  });

  it("folds what 1998B cannot carry: accents, pipes, brackets and line breaks", () => {
    const source = sampleSource();
    const line = source.lines[0];
    if (!line) throw new Error("sample has lines");
    line.description = "Réunion | avec [Zoë]\nsuite";
    const text = writeLedes1998b(sampleInvoice({ lines: [line], invoice: { ...source.invoice, totalCents: line.amountCents } }));
    expect(text).toContain("|Reunion / avec (Zoe) suite|");
    expect(validateLedesFile("ledes1998b", text)).toEqual([]);
  });

  it("keeps Unicode in XML and escapes markup", () => {
    const source = sampleSource({ client: { name: "Société <Générale> & Co", ledesClientId: "SG" } });
    const text = writeLedesXml21(sampleInvoice(source));
    expect(text).toContain("<cl_name>Société &lt;Générale&gt; &amp; Co</cl_name>");
    expect(
      text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<ledesxmlebilling2.1 xmlns="http://www.ledes.org/LEDES21.xsd">'),
    ).toBe(true);
    expect(validateLedesFile("ledesxml21", text)).toEqual([]);
  });
});
