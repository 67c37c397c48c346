import type PDFDocument from "pdfkit";
import type { InvoiceDocument } from "./invoice-document.js";
import { billedDuration, money, pdfSafe, rate, rawDuration, shortDate } from "./format.js";

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
  const offset = options.align === "right" ? options.width - visible : options.align === "center" ? (options.width - visible) / 2 : 0;
  doc.text(fitted.text, x + offset, y, { lineBreak: false, characterSpacing: spacing });
}

/** Cuts `text` to fit `width` at the current font and size, ending in "…"; returns it with its width. */
export function fitText(ctx: PdfContext, text: string, width: number, spacing = 0): { text: string; width: number } {
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
    const wraps = entry.wrap !== undefined && (entry.minSize === undefined || !fitsAt(ctx, entry.text, entry.font, entry.minSize, options.width));
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

export type TableStyle = {
  headerFont: string;
  headerSize: number;
  headerColor: string;
  headerFill?: string;
  headerSpacing?: number;
  headerRule?: { color: string; width: number };
  bodySize: number;
  bodyColor: string;
  mutedColor: string;
  zebraFill?: string;
  rowRule?: string;
  rowPadding: number;
  /** Where the table continues on a new page. */
  continuationTop: number;
};

type Column = {
  key: "date" | "description" | "duration" | "billed" | "rate" | "amount";
  label: string;
  width: number;
  align: "left" | "right";
};

/** Six columns; the description takes what the others leave. Both durations are shown (DECISIONS.md 8). */
export function tableColumns(ctx: PdfContext): Column[] {
  const fixed: Column[] = [
    { key: "date", label: "Date", width: 62, align: "left" },
    { key: "description", label: "Description", width: 0, align: "left" },
    { key: "duration", label: "Duration", width: 54, align: "right" },
    { key: "billed", label: "Billed", width: 44, align: "right" },
    { key: "rate", label: "Rate", width: 78, align: "right" },
    { key: "amount", label: "Amount", width: 70, align: "right" },
  ];
  const used = fixed.reduce((sum, column) => sum + column.width, 0);
  return fixed.map((column) => (column.key === "description" ? { ...column, width: ctx.contentWidth - used } : column));
}

const CELL_GAP = 8;

function drawHeader(ctx: PdfContext, columns: Column[], y: number, style: TableStyle): number {
  const height = style.headerSize + style.rowPadding * 2 + 2;
  if (style.headerFill) ctx.doc.save().rect(ctx.left, y, ctx.contentWidth, height).fill(style.headerFill).restore();
  let x = ctx.left;
  for (const column of columns) {
    const inset = column.key === "date" ? 6 : 0;
    const rightInset = column.key === "amount" ? 6 : 0;
    line(ctx, column.label.toUpperCase(), x + inset, y + style.rowPadding + 1, {
      width: column.width - CELL_GAP / 2 - inset - rightInset,
      font: style.headerFont,
      size: style.headerSize,
      color: style.headerColor,
      align: column.align,
      spacing: style.headerSpacing,
    });
    x += column.width;
  }
  if (style.headerRule) hairline(ctx, y + height, style.headerRule.color, style.headerRule.width);
  return y + height;
}

/**
 * The call and email log as line items, continuing on new pages (with the header repeated)
 * as long as needed. Returns the y below the last row.
 */
export function drawItemsTable(ctx: PdfContext, startY: number, style: TableStyle): number {
  const { doc, data } = ctx;
  const columns = tableColumns(ctx);
  const descriptionWidth = (columns[1]?.width ?? 200) - CELL_GAP;
  let y = drawHeader(ctx, columns, startY, style);
  data.lines.forEach((item, index) => {
    const description = pdfSafe(item.description);
    doc.font(FONT.regular).fontSize(style.bodySize);
    // Most descriptions fit on one line: measuring the width is far cheaper than laying out wrapped text.
    const fitsOneLine = doc.widthOfString(description) <= descriptionWidth;
    const textHeight = fitsOneLine
      ? doc.currentLineHeight(true)
      : Math.min(doc.heightOfString(description, { width: descriptionWidth, lineGap: 1 }), style.bodySize * 1.3 * 3);
    const rowHeight = Math.max(textHeight, style.bodySize * 1.2) + style.rowPadding * 2;
    if (y + rowHeight > ctx.bottom) {
      doc.addPage();
      y = drawHeader(ctx, columns, style.continuationTop, style);
    }
    if (style.zebraFill && index % 2 === 1)
      doc.save().rect(ctx.left, y, ctx.contentWidth, rowHeight).fill(style.zebraFill).restore();
    const textY = y + style.rowPadding;
    const cells: Record<Column["key"], string> = {
      date: shortDate(item.date),
      description,
      duration: rawDuration(item.durationSeconds),
      billed: billedDuration(item.billedSeconds),
      rate: rate(item.rateCents, item.billingType, data.currency),
      amount: money(item.amountCents, data.currency),
    };
    let x = ctx.left;
    for (const column of columns) {
      const inset = column.key === "date" ? 6 : 0;
      const rightInset = column.key === "amount" ? 6 : 0;
      if (column.key === "description") {
        doc.font(FONT.regular).fontSize(style.bodySize).fillColor(style.bodyColor);
        if (fitsOneLine) doc.text(description, x, textY, { lineBreak: false });
        else doc.text(description, x, textY, { width: descriptionWidth, height: textHeight + 1, lineGap: 1, ellipsis: true });
      } else {
        line(ctx, cells[column.key], x + inset, textY, {
          width: column.width - CELL_GAP / 2 - inset - rightInset,
          font: column.key === "amount" ? FONT.bold : FONT.regular,
          size: style.bodySize,
          color: column.key === "date" || column.key === "rate" ? style.mutedColor : style.bodyColor,
          align: column.align,
        });
      }
      x += column.width;
    }
    y += rowHeight;
    if (style.rowRule) hairline(ctx, y, style.rowRule, 0.5);
  });
  if (data.lines.length === 0) {
    line(ctx, "No items", ctx.left + 6, y + style.rowPadding, { width: 200, size: style.bodySize, color: style.mutedColor });
    y += style.bodySize + style.rowPadding * 2;
  }
  return y;
}

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
