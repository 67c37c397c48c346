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
  /** Each finished page's number form, filled in once the page count is known (page-numbers.ts). */
  pageNumbers: unknown[];
  /** The footer the template asked for (pages.ts `setPageFooter`), drawn on each page as it ends. */
  footer?: FooterStyle;
};

/** A template's page footer: text colour, an optional rule above it and an optional text on its left. */
export type FooterStyle = { color: string; rule?: string; left?: string };

export const FONT = { regular: "Helvetica", bold: "Helvetica-Bold", serifBold: "Times-Bold" } as const;
