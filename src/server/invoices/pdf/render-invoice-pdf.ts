import type PDFDocument from "pdfkit";
import type { InvoiceTemplate } from "../../../core/invoices.js";
import type { InvoiceDocument } from "./invoice-document.js";
import { drawStatusStamp } from "./pages.js";
import type { PdfContext } from "./pdf-context.js";
import { renderMinimal } from "./template-minimal.js";
import { renderModern } from "./template-modern.js";
import { renderProfessional } from "./template-professional.js";
import { onFirstUse } from "../../platform/on-first-use.js";

/** pdfkit, loaded at the first PDF (platform/on-first-use.ts). */
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
 * Renders an invoice to PDF bytes with pdfkit, a library made for generating PDFs: vector text
 * (searchable, copyable), the standard PDF fonts (nothing to embed), no browser involved.
 */
export async function renderInvoicePdf(data: InvoiceDocument): Promise<Buffer> {
  const margin = 50;
  const PdfKit = pdfkit();
  const doc = new PdfKit({
    size: pageSizeFor(data.currency),
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true,
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
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
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
  };
  TEMPLATES[data.template](ctx);
  drawStatusStamp(ctx);
  doc.end();
  return done;
}
