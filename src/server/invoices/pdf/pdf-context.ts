import type PDFDocument from "pdfkit";
import type { InvoiceDocument } from "./invoice-document.js";

type Doc = InstanceType<typeof PDFDocument>;

/** The page and the invoice a template draws on. Coordinates in PDF points, origin top left. */
export type PdfContext = {
  doc: Doc;
  data: InvoiceDocument;
  pageWidth: number;
  pageHeight: number;
  margin: number;
  left: number;
  right: number;
  contentWidth: number;
  /** The lowest y body content may reach; the footer lives below it. */
  bottom: number;
};

export const FONT = { regular: "Helvetica", bold: "Helvetica-Bold", serifBold: "Times-Bold" } as const;
