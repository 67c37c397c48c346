/**
 * "INV-0042 · Page 2 of 5" on pages that are written out before the last page exists. Each finished page
 * gets a small form (a PDF XObject) in its footer, placed now and filled in at the end, when the number of
 * pages is known; PDF objects may come in any order, so the page itself does not wait. Costs a few bytes a
 * page, instead of keeping every page in memory (pdfkit's bufferPages) or laying the invoice out twice.
 */
import { pdfSafe } from "./format.js";
import { FONT, type PdfContext } from "./pdf-context.js";

/** The parts of pdfkit's document and font this module writes through (not in its type declarations). */
type PdfKitFont = {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], unknown];
};
type FormReference = { data: Record<string, unknown>; end(chunk?: string): void };
type PdfKitInternals = {
  _font: PdfKitFont;
  ref(data: Record<string, unknown>): FormReference;
  page: { xobjects: Record<string, unknown> };
  addContent(content: string): unknown;
};

/** Places this page's number form, right-aligned in the footer's right half at `y`, drawn in `color`. */
export function placePageNumber(ctx: PdfContext, pageNumber: number, y: number, color: string): void {
  const doc = ctx.doc as unknown as PdfKitInternals;
  const form = doc.ref({ Type: "XObject", Subtype: "Form", BBox: [0, 0, ctx.pageWidth, ctx.pageHeight] });
  const name = `PageNumber${pageNumber}`;
  doc.page.xobjects[name] = form;
  doc.addContent(`/${name} Do`);
  ctx.pageNumbers.push({ form, pageNumber, y, color });
}

/** Fills in every page's number form now that `pageCount` is known; call once, before the document ends. */
export function writePageNumbers(ctx: PdfContext, pageCount: number): void {
  const size = 8;
  ctx.doc.font(FONT.regular).fontSize(size);
  const font = (ctx.doc as unknown as PdfKitInternals)._font;
  for (const { form, pageNumber, y, color } of ctx.pageNumbers as { form: FormReference; pageNumber: number; y: number; color: string }[]) {
    const text = pdfSafe(`${ctx.data.invoiceNumber}  ·  Page ${pageNumber} of ${pageCount}`);
    const x = ctx.right - ctx.doc.widthOfString(text);
    // pdfkit draws in a y-down system; text is drawn y-up, as pdfkit's own text() does it.
    const baseline = ctx.pageHeight - y - (font.ascender / 1000) * size;
    const [glyphs] = font.encode(text);
    form.data.Resources = { Font: { [font.id]: font.ref() } };
    form.end(
      `q 1 0 0 -1 0 ${ctx.pageHeight} cm BT 1 0 0 1 ${x.toFixed(3)} ${baseline.toFixed(3)} Tm /${font.id} ${size} Tf ${rgb(color)} rg [<${glyphs.join("")}>] TJ ET Q`,
    );
  }
}

/** "#6b7280" as PDF's "0.420 0.447 0.502". */
function rgb(hex: string): string {
  return [1, 3, 5].map((at) => (Number.parseInt(hex.slice(at, at + 2), 16) / 255).toFixed(3)).join(" ");
}
