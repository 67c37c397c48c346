import { longDate, money, periodText } from "./pdf/format.js";
import type { InvoiceDocument } from "./pdf/invoice-document.js";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** Subject and body of the invoice email, plain text and the same as simple HTML. */
export function composeInvoiceMail(document: InvoiceDocument): { subject: string; text: string; html: string } {
  const total = money(document.totalCents, document.currency);
  const due = longDate(document.dueDate);
  const period = periodText(document.dateFrom, document.dateTo);
  const signature = [
    document.firm.name,
    document.firm.contactName !== document.firm.name ? document.firm.contactName : null,
    document.firm.email,
    document.firm.phone,
  ].filter((part): part is string => Boolean(part));
  const paragraphs = [
    `Hello ${document.client.name},`,
    `Please find attached invoice ${document.invoiceNumber} for ${period}.`,
    `Amount due: ${total}, payable by ${due}.`,
    "Thank you for your business.",
  ];
  return {
    subject: `Invoice ${document.invoiceNumber} from ${document.firm.name}`,
    text: `${paragraphs.join("\n\n")}\n\n${signature.join("\n")}\n`,
    html: `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}<p>${signature.map(escapeHtml).join("<br>")}</p>`,
  };
}
