import { randomUUID } from "node:crypto";
import { type Answer, amountOf, centsOf, notFound, ok, validation, xeroDate } from "./answers.js";
import { elements, type Row, type XeroOrganisation } from "./organisation.js";

/**
 * An organisation's sales invoices and payments, with the rules a sync runs into: an AUTHORISED
 * invoice needs a known contact, lines with valid account codes, a due date, a unique number and an
 * enabled currency; a payment goes to a bank account, against an approved invoice, for at most what
 * is due (the invoice turns PAID at zero); an invoice with payments can be neither edited nor voided
 * until they are deleted. Money is kept in cents and answered as Xero's decimals.
 */
type InvoiceRow = Row & { InvoiceID: string; Status: string; TotalCents: number; PaidCents: number };
type PaymentRow = Row & { PaymentID: string; Status: string; AmountCents: number; InvoiceID: string };

export class XeroTransactions {
  readonly invoices = new Map<string, InvoiceRow>();
  readonly payments = new Map<string, PaymentRow>();

  constructor(readonly organisation: XeroOrganisation) {}

  getInvoice(invoiceId: string): Answer {
    const row = this.invoices.get(invoiceId);
    return row ? ok({ Invoices: [this.invoiceView(row)] }) : notFound(`Invoice ${invoiceId}`);
  }

  getInvoices(): Answer {
    return ok({ Invoices: [...this.invoices.values()].map((row) => this.invoiceView(row)) });
  }

  createInvoices(body: Row): Answer {
    const input = elements(body, "Invoices")[0] ?? {};
    const status = typeof input.Status === "string" ? input.Status : "DRAFT";
    const checked = this.checkInvoice(input, status, null);
    if ("refused" in checked) return checked.refused;
    const row: InvoiceRow = {
      ...input,
      ...checked.fields,
      InvoiceID: randomUUID(),
      Status: status,
      PaidCents: 0,
      UpdatedDateUTC: xeroDate(),
    };
    this.invoices.set(row.InvoiceID, row);
    return ok({ Invoices: [this.invoiceView(row)] });
  }

  /** POST /Invoices/{id}: an edit, or a status change (VOIDED, DELETED for drafts). */
  updateInvoice(invoiceId: string, body: Row): Answer {
    const row = this.invoices.get(invoiceId);
    if (!row) return notFound(`Invoice ${invoiceId}`);
    const input = elements(body, "Invoices")[0] ?? {};
    const status = typeof input.Status === "string" ? input.Status : row.Status;
    if (status === "VOIDED") {
      if (row.Status === "VOIDED") return ok({ Invoices: [this.invoiceView(row)] });
      if (row.PaidCents > 0 || row.Status === "PAID")
        return validation(input, "Payments must be removed before this invoice can be voided.");
      if (row.Status !== "AUTHORISED" && row.Status !== "SUBMITTED")
        return validation(input, "Invoice not of valid status for modification");
      const voided: InvoiceRow = { ...row, Status: "VOIDED", UpdatedDateUTC: xeroDate() };
      this.invoices.set(invoiceId, voided);
      return ok({ Invoices: [this.invoiceView(voided)] });
    }
    if (row.Status === "VOIDED" || row.Status === "DELETED")
      return validation(input, "Invoice not of valid status for modification");
    if (row.PaidCents > 0)
      return validation(input, "This document cannot be edited as it has a payment or credit note allocated to it.");
    const merged = { ...row, ...input };
    const checked = this.checkInvoice(merged, status, invoiceId);
    if ("refused" in checked) return checked.refused;
    const next: InvoiceRow = {
      ...merged,
      ...checked.fields,
      InvoiceID: invoiceId,
      Status: status,
      PaidCents: 0,
      UpdatedDateUTC: xeroDate(),
    };
    this.invoices.set(invoiceId, next);
    return ok({ Invoices: [this.invoiceView(next)] });
  }

  private checkInvoice(
    input: Row,
    status: string,
    exceptId: string | null,
  ): { fields: Row & { TotalCents: number } } | { refused: Answer } {
    const messages: string[] = [];
    if (input.Type !== "ACCREC" && input.Type !== "ACCPAY") messages.push("Invoice Type must be specified");
    const contactId = (input.Contact as { ContactID?: unknown } | undefined)?.ContactID;
    const contact = typeof contactId === "string" ? this.organisation.contacts.get(contactId) : undefined;
    if (!contact) messages.push("The contact specified does not exist or has been archived.");
    const currency = typeof input.CurrencyCode === "string" ? input.CurrencyCode : this.organisation.baseCurrency;
    if (!this.organisation.currencies.includes(currency)) messages.push(`Organisation is not subscribed to currency ${currency}`);
    const approved = status === "AUTHORISED" || status === "SUBMITTED";
    if (approved && typeof input.DueDate !== "string") messages.push("Due Date is required for an approved invoice.");
    const number = typeof input.InvoiceNumber === "string" ? input.InvoiceNumber : null;
    if (number && input.Type === "ACCREC" && this.numberTaken(number, exceptId)) messages.push("Invoice # must be unique.");
    const lines = Array.isArray(input.LineItems) ? (input.LineItems as Row[]) : [];
    if (approved && lines.length === 0) messages.push("At least one line item is required for an approved invoice.");
    let totalCents = 0;
    const lineItems: Row[] = [];
    for (const line of lines) {
      const quantity = typeof line.Quantity === "number" ? line.Quantity : 1;
      const unitCents = centsOf(line.UnitAmount);
      if (unitCents === null) messages.push("Line item Unit Amount must be a number.");
      // A line names its account by AccountCode, or by AccountID for an account without a code.
      const code = typeof line.AccountCode === "string" ? line.AccountCode : "";
      const accountId = typeof line.AccountID === "string" ? line.AccountID : "";
      const account = this.organisation.accounts.find(
        (row) => row.Status === "ACTIVE" && ((code && row.Code === code) || (!code && accountId && row.AccountID === accountId)),
      );
      if (approved && !code && !accountId) messages.push("Account code must be specified for an approved invoice line.");
      else if ((code || accountId) && (!account || account.Type === "BANK"))
        messages.push(code ? `Account code '${code}' is not a valid code for this document.` : "Account could not be found");
      const lineCents = Math.round(quantity * (unitCents ?? 0));
      totalCents += lineCents;
      lineItems.push({ ...line, LineItemID: randomUUID(), Quantity: quantity, LineAmount: amountOf(lineCents), TaxAmount: 0 });
    }
    if (messages.length > 0) return { refused: validation(input, ...messages) };
    return {
      fields: {
        LineItems: lineItems,
        CurrencyCode: currency,
        Contact: { ContactID: contactId, Name: contact?.Name },
        LineAmountTypes: typeof input.LineAmountTypes === "string" ? input.LineAmountTypes : "Exclusive",
        TotalCents: totalCents,
      },
    };
  }

  private numberTaken(number: string, exceptId: string | null): boolean {
    return [...this.invoices.values()].some(
      (row) => row.InvoiceID !== exceptId && row.Type === "ACCREC" && row.InvoiceNumber === number && row.Status !== "DELETED",
    );
  }

  /** An invoice as Xero answers it: decimal totals, and its payments. */
  invoiceView(row: InvoiceRow): Row {
    const { TotalCents, PaidCents, ...fields } = row;
    const payments = [...this.payments.values()]
      .filter((payment) => payment.InvoiceID === row.InvoiceID && payment.Status !== "DELETED")
      .map((payment) => ({
        PaymentID: payment.PaymentID,
        Date: payment.Date,
        Amount: amountOf(payment.AmountCents),
        Status: payment.Status,
      }));
    return {
      ...fields,
      SubTotal: amountOf(TotalCents),
      TotalTax: 0,
      Total: amountOf(TotalCents),
      AmountPaid: amountOf(PaidCents),
      AmountDue: row.Status === "VOIDED" ? 0 : amountOf(TotalCents - PaidCents),
      Payments: payments,
    };
  }

  // Payments -----------------------------------------------------------------------------------

  createPayment(body: Row): Answer {
    const input = (elements(body, "Payments")[0] ?? body) as Row;
    const invoiceRef = (input.Invoice ?? {}) as Row;
    const invoice =
      typeof invoiceRef.InvoiceID === "string"
        ? this.invoices.get(invoiceRef.InvoiceID)
        : [...this.invoices.values()].find((row) => row.InvoiceNumber === invoiceRef.InvoiceNumber);
    if (!invoice) return validation(input, "Invoice could not be found");
    const accountRef = (input.Account ?? {}) as Row;
    const account = this.organisation.accounts.find(
      (row) =>
        (accountRef.AccountID && row.AccountID === accountRef.AccountID) || (accountRef.Code && row.Code === accountRef.Code),
    );
    if (!account) return validation(input, "Account could not be found");
    if (account.Type !== "BANK" && account.EnablePaymentsToAccount !== true)
      return validation(
        input,
        "Payments can only be made to or from bank accounts or accounts with 'Enable payments to this account' turned on.",
      );
    if (invoice.Status !== "AUTHORISED")
      return validation(input, "Payment can only be made against an approved (AUTHORISED) invoice.");
    const cents = centsOf(input.Amount);
    if (cents === null || cents <= 0) return validation(input, "Payment amount must be greater than zero.");
    if (cents > invoice.TotalCents - invoice.PaidCents)
      return validation(input, "Payment amount exceeds the amount outstanding on this document");
    if (typeof input.Date !== "string") return validation(input, "Payment date must be specified");
    const row: PaymentRow = {
      ...input,
      PaymentID: randomUUID(),
      Status: "AUTHORISED",
      AmountCents: cents,
      InvoiceID: invoice.InvoiceID,
      Account: { AccountID: account.AccountID, Code: account.Code },
      UpdatedDateUTC: xeroDate(),
    };
    this.payments.set(row.PaymentID, row);
    const paid = invoice.PaidCents + cents;
    this.invoices.set(invoice.InvoiceID, {
      ...invoice,
      PaidCents: paid,
      Status: paid >= invoice.TotalCents ? "PAID" : invoice.Status,
    });
    return ok({ Payments: [this.paymentView(row)] });
  }

  /** POST /Payments/{id} {Status: "DELETED"}: the payment goes, the invoice is owed again. */
  deletePayment(paymentId: string, body: Row): Answer {
    const row = this.payments.get(paymentId);
    if (!row) return notFound(`Payment ${paymentId}`);
    const input = (elements(body, "Payments")[0] ?? body) as Row;
    if (input.Status !== "DELETED") return validation(input, "Only the Status of a payment can be changed, to DELETED");
    if (row.Status === "DELETED") return ok({ Payments: [this.paymentView(row)] });
    const deleted: PaymentRow = { ...row, Status: "DELETED", UpdatedDateUTC: xeroDate() };
    this.payments.set(paymentId, deleted);
    const invoice = this.invoices.get(row.InvoiceID);
    if (invoice)
      this.invoices.set(invoice.InvoiceID, { ...invoice, PaidCents: invoice.PaidCents - row.AmountCents, Status: "AUTHORISED" });
    return ok({ Payments: [this.paymentView(deleted)] });
  }

  paymentView(row: PaymentRow): Row {
    const { AmountCents, InvoiceID, ...fields } = row;
    return { ...fields, Amount: amountOf(AmountCents), Invoice: { InvoiceID } };
  }
}
