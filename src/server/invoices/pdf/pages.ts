/** Page-level drawing: breaking to a new page, the footer on every page, the PAID/VOID stamp. */
import { FONT, type PdfContext } from "./pdf-context.js";
import { hairline, line } from "./text-layout.js";

/** Moves to a new page when `height` does not fit below `y`; returns where to continue. */
export function ensureSpace(ctx: PdfContext, y: number, height: number, top: number): number {
  if (y + height <= ctx.bottom) return y;
  ctx.doc.addPage();
  return top;
}

/** "Page 1 of 3" and the invoice number on every page, drawn once all pages exist. */
export function drawPageFooters(ctx: PdfContext, style: { color: string; rule?: string; left?: string }): void {
  const { doc } = ctx;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = ctx.pageHeight - 36;
    if (style.rule) hairline(ctx, y - 8, style.rule, 0.5);
    if (style.left) line(ctx, style.left, ctx.left, y, { width: ctx.contentWidth / 2, size: 8, color: style.color });
    line(
      ctx,
      `${ctx.data.invoiceNumber}  ·  Page ${index - range.start + 1} of ${range.count}`,
      ctx.left + ctx.contentWidth / 2,
      y,
      {
        width: ctx.contentWidth / 2,
        size: 8,
        color: style.color,
        align: "right",
      },
    );
    doc.page.margins.bottom = savedBottom;
  }
}

/** A large diagonal PAID or VOID mark on the first page, so a paid or cancelled invoice is never mistaken for a bill. */
export function drawStatusStamp(ctx: PdfContext): void {
  const { doc, data } = ctx;
  if (data.status !== "paid" && data.status !== "void") return;
  const label = data.status === "paid" ? "PAID" : "VOID";
  const color = data.status === "paid" ? "#15803d" : "#b91c1c";
  doc.switchToPage(doc.bufferedPageRange().start);
  const savedBottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
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
  doc.page.margins.bottom = savedBottom;
}
