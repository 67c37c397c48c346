/** Text primitives every template draws with: one fitted line, a stack of lines, a rule, total rows. */
import { pdfSafe } from "./format.js";
import { FONT, type PdfContext } from "./pdf-context.js";

/**
 * Writes one line of text, shrunk with "…" to fit `width`, aligned in the box. Never wraps,
 * never adds a page. With `minSize`, a text too long for the box is first set smaller (down to
 * that size) so a name is shown whole rather than cut. The offset for alignment is computed
 * here, so pdfkit draws the text without its line wrapper (the costly part of text layout on
 * long invoices).
 */
export function line(
  ctx: PdfContext,
  text: string,
  x: number,
  y: number,
  options: {
    width: number;
    font?: string;
    size: number;
    minSize?: number;
    color: string;
    align?: "left" | "right" | "center";
    spacing?: number;
  },
): void {
  const { doc } = ctx;
  const spacing = options.spacing ?? 0;
  doc
    .font(options.font ?? FONT.regular)
    .fontSize(options.size)
    .fillColor(options.color);
  if (options.minSize !== undefined && options.minSize < options.size) {
    const safe = pdfSafe(text);
    const full = doc.widthOfString(safe, { characterSpacing: spacing });
    if (full > options.width) {
      // Width scales with the size: one division finds the size that fits; never below minSize.
      const fitting = Math.max(options.minSize, Math.floor(((options.size * options.width) / full) * 10) / 10);
      doc.fontSize(fitting);
    }
  }
  const fitted = fitText(ctx, pdfSafe(text), options.width, spacing);
  // pdfkit adds the character spacing after the last glyph too; it is not part of the visible width.
  const visible = Math.max(0, fitted.width - spacing);
  const offset =
    options.align === "right" ? options.width - visible : options.align === "center" ? (options.width - visible) / 2 : 0;
  doc.text(fitted.text, x + offset, y, { lineBreak: false, characterSpacing: spacing });
}

/** Cuts `text` to fit `width` at the current font and size, ending in "…"; returns it with its width. */
function fitText(ctx: PdfContext, text: string, width: number, spacing = 0): { text: string; width: number } {
  const measure = (value: string) => ctx.doc.widthOfString(value, { characterSpacing: spacing });
  const full = measure(text);
  if (full <= width) return { text, width: full };
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${text.slice(0, mid)}…`) <= width) low = mid;
    else high = mid - 1;
  }
  const cut = `${text.slice(0, low).trimEnd()}…`;
  return { text: cut, width: measure(cut) };
}

function fitsAt(ctx: PdfContext, text: string, font: string | undefined, size: number, width: number): boolean {
  ctx.doc.font(font ?? FONT.regular).fontSize(size);
  return ctx.doc.widthOfString(pdfSafe(text)) <= width;
}

/** A block of lines under each other; returns the y below the last one. */
export function stack(
  ctx: PdfContext,
  lines: {
    text: string | null | undefined;
    font?: string;
    size: number;
    minSize?: number;
    color: string;
    spacing?: number;
    /** Wrap onto at most this many lines (then "…") instead of cutting one line short. */
    wrap?: number;
  }[],
  x: number,
  y: number,
  options: { width: number; align?: "left" | "right"; gap?: number },
): number {
  let cursor = y;
  for (const entry of lines) {
    if (!entry.text) continue;
    // With both, a text is set smaller first and wrapped only when even the smallest size is too wide.
    const wraps =
      entry.wrap !== undefined &&
      (entry.minSize === undefined || !fitsAt(ctx, entry.text, entry.font, entry.minSize, options.width));
    if (entry.wrap !== undefined && wraps) {
      // Up to `wrap` lines (a long name, an address), then "…".
      const text = pdfSafe(entry.text);
      ctx.doc
        .font(entry.font ?? FONT.regular)
        .fontSize(entry.size)
        .fillColor(entry.color);
      const height = Math.min(ctx.doc.heightOfString(text, { width: options.width }), entry.size * 1.25 * entry.wrap);
      ctx.doc.text(text, x, cursor, { width: options.width, height, ellipsis: true, align: options.align ?? "left" });
      cursor += height + (options.gap ?? 0) + entry.size * 0.1;
      continue;
    }
    line(ctx, entry.text, x, cursor, {
      width: options.width,
      font: entry.font,
      size: entry.size,
      minSize: entry.minSize,
      color: entry.color,
      align: options.align,
      spacing: entry.spacing,
    });
    cursor += entry.size * 1.25 + (options.gap ?? 0);
  }
  return cursor;
}

export function hairline(ctx: PdfContext, y: number, color: string, width = 0.75, from = ctx.left, to = ctx.right): void {
  ctx.doc.save().moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(color).stroke().restore();
}

/** Right-aligned label/value rows (subtotal, total); returns the y below them. */
export function totalRows(
  ctx: PdfContext,
  rows: { label: string; value: string; font?: string; size: number; color: string; labelColor?: string }[],
  x: number,
  y: number,
  width: number,
): number {
  let cursor = y;
  for (const row of rows) {
    line(ctx, row.label, x, cursor, {
      width: width * 0.55,
      font: FONT.regular,
      size: Math.min(row.size, 10),
      color: row.labelColor ?? row.color,
    });
    line(ctx, row.value, x + width * 0.4, cursor - (row.size - Math.min(row.size, 10)) * 0.75, {
      width: width * 0.6,
      font: row.font ?? FONT.regular,
      size: row.size,
      color: row.color,
      align: "right",
    });
    cursor += row.size * 1.2 + 8;
  }
  return cursor;
}
