import type { Readable } from "node:stream";
import type PDFDocument from "pdfkit";
import type { InvoiceTemplate } from "../../../core/invoices.js";
import type { InvoiceDocument } from "./invoice-document.js";
import { writePageNumbers } from "./page-numbers.js";
import { finishPage } from "./pages.js";
import type { PdfContext } from "./pdf-context.js";
import { renderMinimal } from "./template-minimal.js";
import { renderModern } from "./template-modern.js";
import { renderProfessional } from "./template-professional.js";
import { onFirstUse } from "../../http/on-first-use.js";

/** pdfkit, loaded at the first PDF (http/on-first-use.ts). */
const pdfkit = onFirstUse<typeof PDFDocument>("pdfkit");

const TEMPLATES: Record<InvoiceTemplate, (ctx: PdfContext) => void> = {
  professional: renderProfessional,
  modern: renderModern,
  minimal: renderMinimal,
};

/** US Letter for dollar accounts, A4 for euro and pound accounts. */
function pageSizeFor(currency: string): "LETTER" | "A4" {
  return currency === "eur" || currency === "gbp" ? "A4" : "LETTER";
}

/**
 * The invoice as a PDF stream, for a reply to pipe (a large invoice is not built in memory and then
 * sent). pdfkit, a library made for generating PDFs: vector text (searchable, copyable), the standard PDF fonts
 * (nothing to embed), no browser involved. Pages are not buffered: each is finished (footer, stamp: pages.ts
 * `finishPage`) just before the next is added, and pdfkit writes it out then; "of 5" in "Page 2 of 5" is
 * filled in at the end (page-numbers.ts).
 */
export function invoicePdfStream(data: InvoiceDocument): Readable {
  const margin = 50;
  const PdfKit = pdfkit();
  const doc = new PdfKit({
    size: pageSizeFor(data.currency),
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    autoFirstPage: true,
    info: {
      Title: `Invoice ${data.invoiceNumber}`,
      Author: data.firm.name,
      Subject: `Invoice ${data.invoiceNumber} for ${data.client.name}`,
      Creator: "Minutely",
      Producer: "Minutely",
    },
    lang: "en-US",
    displayTitle: true,
  });
  const pageWidth = doc.page.width;
  const pageHeight = doc.page.height;
  const ctx: PdfContext = {
    doc,
    data,
    pageWidth,
    pageHeight,
    margin,
    left: margin,
    right: pageWidth - margin,
    contentWidth: pageWidth - margin * 2,
    bottom: pageHeight - 58,
    pageNumbers: [],
  };
  let page = 1;
  // Every new page goes through addPage (ours in pages.ts and items-table.ts, and pdfkit's own when text
  // flows past the bottom), so this is the one place where a page is known to be complete.
  const addPage = doc.addPage.bind(doc);
  doc.addPage = (options) => {
    finishPage(ctx, page);
    page += 1;
    return addPage(options);
  };
  TEMPLATES[data.template](ctx);
  finishPage(ctx, page);
  writePageNumbers(ctx, page);
  doc.end();
  return doc;
}

/** The invoice's PDF bytes, for a mail attachment. */
export async function renderInvoicePdf(data: InvoiceDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of invoicePdfStream(data)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
