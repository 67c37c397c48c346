/** Page-level drawing: breaking to a new page, the footer on every page, the PAID/VOID stamp. */
import { placePageNumber } from "./page-numbers.js";
import { FONT, type FooterStyle, type PdfContext } from "./pdf-context.js";
import { hairline, line } from "./text-layout.js";

/** Moves to a new page when `height` does not fit below `y`; returns where to continue. */
export function ensureSpace(ctx: PdfContext, y: number, height: number, top: number): number {
  if (y + height <= ctx.bottom) return y;
  ctx.doc.addPage();
  return top;
}

/** The template's footer, drawn on each page as that page ends (`finishPage`). */
export function setPageFooter(ctx: PdfContext, style: FooterStyle): void {
  ctx.footer = style;
}

/**
 * Draws what belongs on a finished page: the footer ("INV-0042 · Page 2 of 5", its number filled in at the
 * end: page-numbers.ts) and, on page 1, the status stamp. Called just before the next page is added and once at the end, so each page can be written out as
 * soon as it is complete instead of all pages being kept until the last one exists. The text position and
 * font are put back afterwards: a paragraph flowing onto the next page continues as it was.
 */
export function finishPage(ctx: PdfContext, pageNumber: number): void {
  const { doc } = ctx;
  const state = doc as unknown as { _font: unknown; _fontSize: number; _fillColor: unknown };
  const saved = { x: doc.x, y: doc.y, font: state._font, fontSize: state._fontSize, fillColor: state._fillColor };
  const savedBottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.save();
  if (ctx.footer) drawFooter(ctx, ctx.footer, pageNumber);
  if (pageNumber === 1) drawStatusStamp(ctx);
  doc.restore();
  doc.page.margins.bottom = savedBottom;
  Object.assign(state, { _font: saved.font, _fontSize: saved.fontSize, _fillColor: saved.fillColor });
  doc.x = saved.x;
  doc.y = saved.y;
}

function drawFooter(ctx: PdfContext, style: FooterStyle, pageNumber: number): void {
  const y = ctx.pageHeight - 36;
  if (style.rule) hairline(ctx, y - 8, style.rule, 0.5);
  if (style.left) line(ctx, style.left, ctx.left, y, { width: ctx.contentWidth / 2, size: 8, color: style.color });
  placePageNumber(ctx, pageNumber, y, style.color);
}

/** A large diagonal PAID or VOID mark on the first page, so a paid or cancelled invoice is never mistaken for a bill. */
function drawStatusStamp(ctx: PdfContext): void {
  const { doc, data } = ctx;
  if (data.status !== "paid" && data.status !== "void") return;
  const label = data.status === "paid" ? "PAID" : "VOID";
  const color = data.status === "paid" ? "#15803d" : "#b91c1c";
  const cx = ctx.pageWidth / 2;
  const cy = ctx.pageHeight / 2;
  doc
    .save()
    .rotate(-28, { origin: [cx, cy] })
    .fillOpacity(0.13)
    .strokeOpacity(0.35);
  doc.font(FONT.bold).fontSize(110).fillColor(color);
  doc.text(label, cx - 220, cy - 55, { width: 440, align: "center", lineBreak: false, characterSpacing: 8 });
  doc.restore();
}
