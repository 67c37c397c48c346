import { conflict } from "./errors.js";
import { MONTH_NAMES } from "./period.js";

/**
 * Invoice rules shared by the server, the web app and the PDF: the status machine
 * (docs/invoices.md) and the due date. Pure functions, no I/O.
 */

export const INVOICE_STATUSES = ["draft", "sent", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_TEMPLATES = ["professional", "modern", "minimal"] as const;
export type InvoiceTemplate = (typeof INVOICE_TEMPLATES)[number];

/** The actions that move an invoice; "delete" removes a draft and releases its items. */
export type InvoiceAction = "send" | "markPaid" | "void" | "delete";

/**
 * The machine, in one table: each action's one starting status and the status it leads to
 * (delete leads nowhere: the invoice is gone). Services read both from here, for the check and
 * for the guarded UPDATE, so a new rule is one line.
 */
const MOVES: Record<InvoiceAction, { from: InvoiceStatus; to: InvoiceStatus | null }> = {
  send: { from: "draft", to: "sent" },
  markPaid: { from: "sent", to: "paid" },
  void: { from: "sent", to: "void" },
  delete: { from: "draft", to: null },
};

/** True when `action` is allowed from `status`: draft → sent → paid, sent → void, draft → deleted. */
export function canTransition(status: string, action: InvoiceAction): boolean {
  return MOVES[action].from === status;
}

/** The status an action leads to (delete has none: the invoice is gone). */
export function nextStatus(action: Exclude<InvoiceAction, "delete">): InvoiceStatus {
  return MOVES[action].to as InvoiceStatus;
}

/** A move the machine allows: the status the invoice must still have when it is written, and the new one. */
export type InvoiceMove<A extends InvoiceAction> = { from: InvoiceStatus; to: A extends "delete" ? null : InvoiceStatus };

/**
 * The move `action` makes on this invoice, or a 409 with the refusal its user reads. Services
 * write `to` and guard their UPDATE with `status = from`, so a concurrent change is refused too.
 */
export function requireTransition<A extends InvoiceAction>(invoice: { invoiceNumber: string; status: string }, action: A): InvoiceMove<A> {
  if (!canTransition(invoice.status, action)) throw conflict(transitionRefusal(invoice.invoiceNumber, invoice.status, action));
  return MOVES[action] as InvoiceMove<A>;
}

/** Why an action is refused from a status, written for the person who clicked. */
export function transitionRefusal(invoiceNumber: string, status: string, action: InvoiceAction): string {
  const state = status === "void" ? "void" : status;
  switch (action) {
    case "send":
      return `Invoice ${invoiceNumber} is ${state}; only a draft can be sent`;
    case "markPaid":
      return status === "draft"
        ? `Invoice ${invoiceNumber} is still a draft; send it before marking it as paid`
        : `Invoice ${invoiceNumber} is ${state}; only a sent invoice can be marked as paid`;
    case "void":
      return status === "draft"
        ? `Invoice ${invoiceNumber} is a draft; delete it instead of voiding it`
        : `Invoice ${invoiceNumber} is ${state}; only a sent invoice can be voided`;
    case "delete":
      return `Invoice ${invoiceNumber} is ${state}; only a draft can be deleted (void a sent invoice instead)`;
  }
}

/** "yyyy-MM-dd" plus whole days, on the calendar (no time zone involved): the due date is issue date + payment terms. */
export function addDays(calendarDate: string, days: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(calendarDate);
  if (!match || !Number.isInteger(days))
    throw new RangeError(`addDays needs a yyyy-MM-dd date and whole days, got ${calendarDate}, ${days}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** "Net 30" style label for the payment terms. */
export function paymentTermsLabel(days: number): string {
  return days === 0 ? "Due on receipt" : `Net ${days} (due within ${days} days)`;
}

/**
 * Invoice sequences run FIRST_INVOICE_SEQUENCE, +1, +1… per account with no gap. The account row
 * stores the sequence the NEXT invoice takes (sequenceAfter the last one taken); taking a number
 * moves it on, and deleting the latest draft moves it back (server/invoices/invoice-sequence.ts).
 */
export const FIRST_INVOICE_SEQUENCE = 1;

/** The sequence that follows `sequence`: what the account row holds once `sequence` is taken. */
export function sequenceAfter(sequence: number): number {
  return sequence + 1;
}

/** The sequence just taken when the account row now holds `next` (the inverse of sequenceAfter). */
export function sequenceBefore(next: number): number {
  return next - 1;
}

/** The invoice number: the account's prefix and the sequence padded to 4 digits ("INV-0001", "INV-12345"). */
export function formatInvoiceNumber(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(4, "0")}`;
}

/** "2026-03-03" → "Mar 3, 2026" (short) or "March 3, 2026" (long): the dates an invoice prints and lists. */
export function formatInvoiceDate(day: string, style: "short" | "long" = "short"): string {
  const [year, month, date] = day.split("-").map(Number);
  const name = MONTH_NAMES[(month ?? 1) - 1] ?? "";
  return `${style === "short" ? name.slice(0, 3) : name} ${date}, ${year}`;
}
