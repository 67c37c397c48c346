import { billedDuration, itemCountText, longDate, money, periodText, termsText } from "./format.js";
import { drawItemsTable } from "./items-table.js";
import { ensureSpace, setPageFooter } from "./pages.js";
import { FONT, type PdfContext } from "./pdf-context.js";
import { hairline, line, stack, totalRows } from "./text-layout.js";

const NAVY = "#1f3a5f";
const NAVY_SOFT = "#eef2f7";
const ON_NAVY = "#c9d5e6";
const INK = "#111827";
const BODY = "#374151";
const MUTED = "#6b7280";
const RULE = "#e5e7eb";

/** Classic: a navy band with the firm's name in serif capitals, a details table, zebra rows, a navy total bar. */
export function renderProfessional(ctx: PdfContext): void {
  const { doc, data, left, contentWidth } = ctx;
  doc.on("pageAdded", () => doc.save().rect(0, 0, ctx.pageWidth, 6).fill(NAVY).restore());
  setPageFooter(ctx, { color: MUTED, rule: RULE, left: data.firm.name });

  doc.save().rect(0, 0, ctx.pageWidth, 118).fill(NAVY).restore();
  line(ctx, data.firm.name, left, 38, { width: contentWidth * 0.6, font: FONT.serifBold, size: 22, minSize: 12, color: "#ffffff" });
  const contact = [data.firm.contactName !== data.firm.name ? data.firm.contactName : null, data.firm.email, data.firm.phone]
    .filter(Boolean)
    .join("   ·   ");
  line(ctx, contact, left, 72, { width: contentWidth * 0.62, size: 9, minSize: 7, color: ON_NAVY });
  line(ctx, "INVOICE", left + contentWidth * 0.55, 36, {
    width: contentWidth * 0.45,
    font: FONT.bold,
    size: 24,
    color: "#ffffff",
    align: "right",
    spacing: 3,
  });
  line(ctx, data.invoiceNumber, left + contentWidth * 0.55, 72, {
    width: contentWidth * 0.45,
    font: FONT.bold,
    size: 11,
    color: ON_NAVY,
    align: "right",
  });

  let y = 150;
  line(ctx, "BILL TO", left, y, { width: 200, font: FONT.bold, size: 8, color: MUTED, spacing: 1.2 });
  const client = data.client;
  const leftBottom = stack(
    ctx,
    [
      { text: client.name, font: FONT.bold, size: 12, color: INK, wrap: 2 },
      { text: client.company, size: 9.5, color: BODY },
      { text: client.address, size: 9.5, color: BODY, wrap: 4 },
      { text: client.email, size: 9.5, minSize: 8, color: BODY, wrap: 2 },
      { text: client.phone, size: 9.5, color: BODY },
    ],
    left,
    y + 15,
    { width: contentWidth * 0.48, gap: 1 },
  );

  const detailsX = left + contentWidth * 0.54;
  const detailsWidth = contentWidth * 0.46;
  const details: [string, string, boolean][] = [
    ["Invoice number", data.invoiceNumber, false],
    ["Invoice date", longDate(data.issueDate), false],
    ["Due date", longDate(data.dueDate), true],
    ["Service period", periodText(data.dateFrom, data.dateTo), false],
    ["Payment terms", `Net ${data.paymentTermsDays} days`, false],
  ];
  let detailY = y;
  for (const [label, value, strong] of details) {
    line(ctx, label, detailsX, detailY, { width: detailsWidth * 0.45, size: 9, color: MUTED });
    line(ctx, value, detailsX + detailsWidth * 0.4, detailY, {
      width: detailsWidth * 0.6,
      font: strong ? FONT.bold : FONT.regular,
      size: 9.5,
      color: INK,
      align: "right",
    });
    detailY += 17;
    if (label !== "Payment terms") hairline(ctx, detailY - 5, RULE, 0.5, detailsX, ctx.right);
  }

  y = Math.max(leftBottom, detailY) + 26;
  y = drawItemsTable(ctx, y, {
    headerFont: FONT.bold,
    headerSize: 7.5,
    headerColor: NAVY,
    headerFill: NAVY_SOFT,
    headerSpacing: 0.8,
    bodySize: 8.5,
    bodyColor: INK,
    mutedColor: BODY,
    zebraFill: "#f8fafc",
    rowRule: RULE,
    rowPadding: 6,
    continuationTop: 40,
  });

  // The summary, the total and the payment terms stay together on one page.
  y = ensureSpace(ctx, y + 18, 150, 40);
  const billedSeconds = data.lines.reduce((sum, item) => sum + item.billedSeconds, 0);
  stack(
    ctx,
    [
      { text: "SUMMARY", font: FONT.bold, size: 8, color: MUTED, spacing: 1.2 },
      { text: itemCountText(data.totalCalls, data.totalEmails), size: 9.5, color: BODY },
      { text: `Billed time: ${billedDuration(billedSeconds)}`, size: 9.5, color: BODY },
      { text: `All amounts in ${data.currency.toUpperCase()}`, size: 9.5, color: BODY },
    ],
    left,
    y,
    { width: contentWidth * 0.45, gap: 2 },
  );
  const boxWidth = 230;
  const boxX = ctx.right - boxWidth;
  const afterSubtotal = totalRows(
    ctx,
    [{ label: "Subtotal", value: money(data.subtotalCents, data.currency), size: 10, color: INK, labelColor: MUTED }],
    boxX + 10,
    y,
    boxWidth - 20,
  );
  const barY = afterSubtotal - 2;
  doc.save().rect(boxX, barY, boxWidth, 34).fill(NAVY).restore();
  line(ctx, `Total due (${data.currency.toUpperCase()})`, boxX + 12, barY + 12, {
    width: boxWidth * 0.5,
    font: FONT.bold,
    size: 9.5,
    color: "#ffffff",
  });
  line(ctx, money(data.totalCents, data.currency), boxX + boxWidth * 0.4, barY + 9, {
    width: boxWidth * 0.6 - 12,
    font: FONT.bold,
    size: 14,
    color: "#ffffff",
    align: "right",
  });
  y = Math.max(barY + 34, y + 70) + 24;

  y = ensureSpace(ctx, y, 60, 40);
  hairline(ctx, y, RULE);
  line(ctx, "PAYMENT TERMS", left, y + 12, { width: 200, font: FONT.bold, size: 8, color: MUTED, spacing: 1.2 });
  doc.font(FONT.regular).fontSize(9.5).fillColor(BODY);
  doc.text(
    `${termsText(data.paymentTermsDays)}. Please pay ${money(data.totalCents, data.currency)} by ${longDate(data.dueDate)}, quoting invoice ${data.invoiceNumber}. Thank you for your business.`,
    left,
    y + 27,
    { width: contentWidth },
  );
}
