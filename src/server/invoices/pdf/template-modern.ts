import { itemCountText, longDate, money, periodText, shortDate, termsText } from "./format.js";
import { drawItemsTable } from "./items-table.js";
import { ensureSpace, setPageFooter } from "./pages.js";
import { FONT, type PdfContext } from "./pdf-context.js";
import { hairline, line, stack } from "./text-layout.js";

const ACCENT = "#4f46e5";
const ACCENT_SOFT = "#eef2ff";
const INK = "#0f172a";
const BODY = "#334155";
const MUTED = "#64748b";
const RULE = "#e2e8f0";

/** Bold and airy: an indigo edge on every page, a big "Invoice" title and an amount-due card up top. */
export function renderModern(ctx: PdfContext): void {
  const { doc, data, left, contentWidth } = ctx;
  const stripe = () => doc.save().rect(0, 0, 10, ctx.pageHeight).fill(ACCENT).restore();
  stripe();
  doc.on("pageAdded", stripe);
  setPageFooter(ctx, { color: MUTED, left: data.firm.name });

  line(ctx, data.firm.name, left, 50, { width: contentWidth * 0.55, font: FONT.bold, size: 15, minSize: 9, color: INK });
  stack(
    ctx,
    [
      { text: data.firm.contactName !== data.firm.name ? data.firm.contactName : null, size: 9, color: MUTED },
      { text: data.firm.email, size: 9, color: MUTED },
      { text: data.firm.phone, size: 9, color: MUTED },
    ],
    left,
    72,
    { width: contentWidth * 0.55 },
  );
  line(ctx, "Invoice", left + contentWidth * 0.5, 42, {
    width: contentWidth * 0.5,
    font: FONT.bold,
    size: 30,
    color: ACCENT,
    align: "right",
  });
  line(ctx, `No. ${data.invoiceNumber}`, left + contentWidth * 0.5, 80, {
    width: contentWidth * 0.5,
    size: 10,
    color: MUTED,
    align: "right",
  });

  const cardY = 124;
  const cardHeight = 70;
  doc.save().roundedRect(left, cardY, contentWidth, cardHeight, 10).fill(ACCENT_SOFT).restore();
  const cells: [string, string, number, string][] = [
    ["AMOUNT DUE", money(data.totalCents, data.currency), 18, ACCENT],
    ["DUE DATE", shortDate(data.dueDate), 11, INK],
    ["ISSUED", shortDate(data.issueDate), 11, INK],
    ["PERIOD", periodText(data.dateFrom, data.dateTo), 11, INK],
  ];
  const widths = [0.3, 0.2, 0.2, 0.3].map((share) => share * (contentWidth - 36));
  let cellX = left + 18;
  cells.forEach(([label, value, size, color], index) => {
    const width = widths[index] ?? 100;
    line(ctx, label, cellX, cardY + 18, { width: width - 8, font: FONT.bold, size: 7.5, color: MUTED, spacing: 1 });
    line(ctx, value, cellX, cardY + (size > 12 ? 32 : 36), { width: width - 8, font: FONT.bold, size, color });
    cellX += width;
  });

  let y = cardY + cardHeight + 28;
  line(ctx, "BILLED TO", left, y, { width: 200, font: FONT.bold, size: 7.5, color: ACCENT, spacing: 1 });
  const client = data.client;
  const clientBottom = stack(
    ctx,
    [
      { text: client.name, font: FONT.bold, size: 11.5, color: INK, wrap: 2 },
      { text: client.company, size: 9.5, color: BODY },
      { text: client.address, size: 9.5, color: BODY, wrap: 4 },
      { text: client.email, size: 9.5, minSize: 8, color: BODY, wrap: 2 },
      { text: client.phone, size: 9.5, color: BODY },
    ],
    left,
    y + 14,
    { width: contentWidth * 0.5, gap: 1 },
  );
  const termsX = left + contentWidth * 0.55;
  line(ctx, "PAYMENT TERMS", termsX, y, { width: contentWidth * 0.45, font: FONT.bold, size: 7.5, color: ACCENT, spacing: 1 });
  const termsBottom = stack(
    ctx,
    [
      { text: `Net ${data.paymentTermsDays} days`, font: FONT.bold, size: 11.5, color: INK },
      { text: `Pay by ${longDate(data.dueDate)}`, size: 9.5, color: BODY },
      { text: itemCountText(data.totalCalls, data.totalEmails), size: 9.5, color: BODY },
    ],
    termsX,
    y + 14,
    { width: contentWidth * 0.45, gap: 1 },
  );

  y = Math.max(clientBottom, termsBottom) + 24;
  y = drawItemsTable(ctx, y, {
    headerFont: FONT.bold,
    headerSize: 7.5,
    headerColor: ACCENT,
    headerSpacing: 1,
    headerRule: { color: ACCENT, width: 1.25 },
    bodySize: 8.5,
    bodyColor: INK,
    mutedColor: MUTED,
    rowRule: RULE,
    rowPadding: 6,
    continuationTop: 50,
  });

  // The totals and the closing lines stay together on one page.
  y = ensureSpace(ctx, y + 18, 130, 50);
  const boxWidth = 220;
  const boxX = ctx.right - boxWidth;
  line(ctx, "Subtotal", boxX, y, { width: boxWidth / 2, size: 10, color: MUTED });
  line(ctx, money(data.subtotalCents, data.currency), boxX + boxWidth / 2, y, {
    width: boxWidth / 2,
    size: 10,
    color: INK,
    align: "right",
  });
  hairline(ctx, y + 20, RULE, 0.75, boxX, ctx.right);
  line(ctx, "Total", boxX, y + 34, { width: boxWidth / 2, font: FONT.bold, size: 11, color: INK });
  line(ctx, money(data.totalCents, data.currency), boxX + boxWidth * 0.3, y + 30, {
    width: boxWidth * 0.7,
    font: FONT.bold,
    size: 17,
    color: ACCENT,
    align: "right",
  });
  line(ctx, `Amounts in ${data.currency.toUpperCase()}`, boxX, y + 56, {
    width: boxWidth,
    size: 8,
    color: MUTED,
    align: "right",
  });

  y = ensureSpace(ctx, y + 90, 40, 50);
  line(ctx, "Thank you for your business.", left, y, { width: contentWidth, font: FONT.bold, size: 11, color: INK });
  line(ctx, `${termsText(data.paymentTermsDays)}. Please quote ${data.invoiceNumber} with your payment.`, left, y + 17, {
    width: contentWidth,
    size: 9,
    color: MUTED,
  });
}
