import { writeLedes1998b } from "./ledes-1998b.js";
import { writeLedesXml21 } from "./ledes-xml21.js";
import type { LedesFormat, LedesInvoice } from "./model.js";

/** The file for a format: its text, MIME type and the download name ("INV-0001.ledes1998b.txt"). */
export function writeLedes(format: LedesFormat, invoice: LedesInvoice): { text: string; contentType: string; fileName: string } {
  const safeNumber = invoice.invoiceNumber.replace(/[^\w.-]+/g, "_");
  return format === "ledes1998b"
    ? { text: writeLedes1998b(invoice), contentType: "text/plain; charset=us-ascii", fileName: `${safeNumber}.ledes1998b.txt` }
    : { text: writeLedesXml21(invoice), contentType: "application/xml; charset=utf-8", fileName: `${safeNumber}.ledes21.xml` };
}
