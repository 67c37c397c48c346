import { longDate, money, periodText, termsText } from "./format.js";
import { drawItemsTable } from "./items-table.js";
import { ensureSpace, setPageFooter } from "./pages.js";
import { FONT, type PdfContext } from "./pdf-context.js";
import { hairline, line, stack } from "./text-layout.js";

const INK = "#111111";
const BODY = "#333333";
const MUTED = "#777777";
const RULE = "#d4d4d4";

/** Black on white, hairlines and whitespace: nothing but the facts. */
export function renderMinimal(ctx: PdfContext): void {
  const { data, left, contentWidth } = ctx;
  setPageFooter(ctx, { color: MUTED });

  line(ctx, "INVOICE", left, 50, { width: 200, size: 8, color: MUTED, spacing: 2 });
  line(ctx, data.invoiceNumber, left, 64, { width: contentWidth * 0.5, size: 22, color: INK });
  stack(
    ctx,
    [
      { text: data.firm.name, font: FONT.bold, size: 10, minSize: 8, color: INK },
      { text: data.firm.contactName !== data.firm.name ? data.firm.contactName : null, size: 8.5, color: MUTED },
      { text: data.firm.email, size: 8.5, color: MUTED },
      { text: data.firm.phone, size: 8.5, color: MUTED },
    ],
    left + contentWidth * 0.5,
    52,
    { width: contentWidth * 0.5, align: "right" },
  );

  let y = 118;
  hairline(ctx, y, RULE, 0.5);
  y += 18;
  const third = contentWidth / 3;
  const label = (text: string, x: number) => line(ctx, text, x, y, { width: third - 12, size: 7.5, color: MUTED, spacing: 1.5 });
  label("BILLED TO", left);
  label("DETAILS", left + third);
  label("AMOUNT DUE", left + third * 2);
  const client = data.client;
  const a = stack(
    ctx,
    [
      { text: client.name, font: FONT.bold, size: 9.5, color: INK, wrap: 2 },
      { text: client.company, size: 9, color: BODY },
      { text: client.address, size: 9, color: BODY, wrap: 4 },
      { text: client.email, size: 9, minSize: 7.5, color: BODY, wrap: 2 },
      { text: client.phone, size: 9, color: BODY },
    ],
    left,
    y + 14,
    { width: third - 12 },
  );
  const b = stack(
    ctx,
    [
      { text: `Issued ${longDate(data.issueDate)}`, size: 9, color: BODY },
      { text: `Due ${longDate(data.dueDate)}`, size: 9, color: BODY },
      { text: `Period ${periodText(data.dateFrom, data.dateTo)}`, size: 9, color: BODY },
      { text: `Net ${data.paymentTermsDays} days`, size: 9, color: BODY },
    ],
    left + third,
    y + 14,
    { width: third - 12 },
  );
  line(ctx, money(data.totalCents, data.currency), left + third * 2, y + 13, { width: third, size: 18, color: INK });
  line(ctx, data.currency.toUpperCase(), left + third * 2, y + 36, { width: third, size: 8.5, color: MUTED });

  y = Math.max(a, b, y + 50) + 30;
  y = drawItemsTable(ctx, y, {
    headerFont: FONT.regular,
    headerSize: 7,
    headerColor: MUTED,
    headerSpacing: 1.5,
    headerRule: { color: RULE, width: 0.5 },
    bodySize: 8.5,
    bodyColor: INK,
    mutedColor: MUTED,
    rowPadding: 5,
    continuationTop: 50,
  });

  // The totals and the closing line stay together on one page.
  y = ensureSpace(ctx, y + 10, 100, 50);
  hairline(ctx, y, RULE, 0.5);
  const boxWidth = 200;
  const boxX = ctx.right - boxWidth;
  line(ctx, "Subtotal", boxX, y + 12, { width: boxWidth / 2, size: 9, color: MUTED });
  line(ctx, money(data.subtotalCents, data.currency), boxX + boxWidth / 2, y + 12, {
    width: boxWidth / 2 - 6,
    size: 9,
    color: INK,
    align: "right",
  });
  line(ctx, "Total", boxX, y + 32, { width: boxWidth / 2, font: FONT.bold, size: 10, color: INK });
  line(ctx, money(data.totalCents, data.currency), boxX + boxWidth / 2 - 40, y + 31, {
    width: boxWidth / 2 + 34,
    font: FONT.bold,
    size: 12,
    color: INK,
    align: "right",
  });

  y = ensureSpace(ctx, y + 70, 30, 50);
  line(ctx, `${termsText(data.paymentTermsDays)}. Thank you.`, left, y, { width: contentWidth, size: 8.5, color: MUTED });
}
