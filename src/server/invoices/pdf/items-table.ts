/** The line-items table (calls and emails) shared by the three templates, continued over pages. */
import { describeWithTimekeeper } from "../../../core/invoice-timekeepers.js";
import { billedDuration, money, pdfSafe, rate, rawDuration, shortDate } from "./format.js";
import { FONT, type PdfContext } from "./pdf-context.js";
import { hairline, line } from "./text-layout.js";

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

/** Six columns; the description takes what the others leave. Both durations are shown (docs/decisions.md D8). */
function tableColumns(ctx: PdfContext): Column[] {
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
    const description = pdfSafe(describeWithTimekeeper(item.description, item.timekeeper ?? null));
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
