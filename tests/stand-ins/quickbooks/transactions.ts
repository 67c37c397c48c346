import { type Answer, amountOf, centsOf, fault, invalidReference, ok, type Row, refValue, requiredMissing } from "./answers.js";
import type { QuickBooksCompany } from "./company.js";

/**
 * Invoices and payments of a stand-in company, with the checks QuickBooks makes: the customer, items
 * and A/R account must exist and be active; each line's Amount must equal UnitPrice × Qty; a void
 * zeroes the amounts and marks the invoice "Voided"; a payment must link invoices of its own
 * customer, lowers their Balance and is listed in their LinkedTxn.
 */

type Line = Record<string, unknown> & { Amount?: unknown; DetailType?: unknown; SalesItemLineDetail?: Record<string, unknown> };

export function postInvoice(company: QuickBooksCompany, body: Record<string, unknown>, operation: string | null): Answer {
  if (operation === "void") return voidInvoice(company, body);
  if (operation) return fault("4000", "Unsupported operation", `Operation ${operation} is not supported`);
  let next: Record<string, unknown> = body;
  let current: Row | null = null;
  if (body.Id !== undefined) {
    const found = company.updatable("Invoice", body);
    if ("refused" in found) return found.refused;
    current = found.row;
    next = company.merged(found.row, body);
  }
  if (!company.activeRow("Customer", refValue(next.CustomerRef))) return invalidReference("Customer");
  const arAccount = refValue(next.ARAccountRef);
  if (arAccount && company.activeRow("Account", arAccount)?.AccountType !== "Accounts Receivable")
    return invalidReference("Accounts receivable account");
  const currency = refValue(next.CurrencyRef);
  if (currency && currency !== company.homeCurrency && !company.multiCurrencyEnabled)
    // Intuit's pages give no exact words for this case; the stand-in refuses it with its business validation fault.
    return fault(
      "6000",
      "A business validation error has occurred while processing your request",
      `Business Validation Error: Multicurrency is not turned on, so this transaction must be in ${company.homeCurrency}.`,
    );
  const lines = Array.isArray(next.Line) ? (next.Line as Line[]).filter((line) => line.DetailType !== "SubTotalLineDetail") : [];
  if (!lines.length) return requiredMissing("Line");
  for (const line of lines) {
    const taxCode = refValue(line.SalesItemLineDetail?.TaxCodeRef);
    if (taxCode && !company.activeRow("TaxCode", taxCode)) return invalidReference("Tax code");
    if (!taxCode && company.requiresTaxCode)
      return fault("6000", "A business validation error has occurred while processing your request", company.missingTaxCodeDetail);
  }
  let totalCents = 0;
  const stored: Line[] = [];
  for (const [index, line] of lines.entries()) {
    const cents = centsOf(line.Amount);
    if (cents === null) return requiredMissing(`Line.Amount (line ${index + 1})`);
    const detail = line.SalesItemLineDetail ?? {};
    if (!company.activeRow("Item", refValue(detail.ItemRef))) return invalidReference("Item");
    const qty = detail.Qty;
    const unitPrice = detail.UnitPrice;
    if (typeof qty === "number" && typeof unitPrice === "number" && Math.abs(Math.round(qty * unitPrice * 100) - cents) > 0)
      return fault(
        "6070",
        "Amount is not equal to UnitPrice * Qty",
        `Amount is not equal to UnitPrice * Qty. Supplied value:${line.Amount}`,
      );
    totalCents += cents;
    stored.push({ ...line, Id: String(index + 1), LineNum: index + 1, Amount: amountOf(cents) });
  }
  stored.push({ Amount: amountOf(totalCents), DetailType: "SubTotalLineDetail", SubTotalLineDetail: {} });
  const paidCents = current ? paidOn(company, current.Id) : 0;
  const fields = {
    ...next,
    Line: stored,
    TotalAmt: amountOf(totalCents),
    Balance: amountOf(Math.max(0, totalCents - paidCents)),
    DocNumber: typeof next.DocNumber === "string" ? next.DocNumber : company.nextId(),
  };
  if (current)
    return ok({
      Invoice: company.save("Invoice", {
        ...fields,
        Id: current.Id,
        SyncToken: current.SyncToken,
        LinkedTxn: current.LinkedTxn ?? [],
      }),
    });
  return ok({ Invoice: company.insert("Invoice", { ...fields, LinkedTxn: [] }) });
}

function voidInvoice(company: QuickBooksCompany, body: Record<string, unknown>): Answer {
  const found = company.updatable("Invoice", body);
  if ("refused" in found) return found.refused;
  const row = found.row;
  const lines = (row.Line as Line[]).map((line) => ({ ...line, Amount: 0 }));
  return ok({ Invoice: company.save("Invoice", { ...row, Line: lines, TotalAmt: 0, Balance: 0, PrivateNote: "Voided" }) });
}

function paidOn(company: QuickBooksCompany, invoiceId: string): number {
  let cents = 0;
  for (const payment of company.rows.Payment.values())
    for (const line of payment.Line as Line[])
      if ((line.LinkedTxn as { TxnId: string }[]).some((txn) => txn.TxnId === invoiceId)) cents += centsOf(line.Amount) ?? 0;
  return cents;
}

export function postPayment(company: QuickBooksCompany, body: Record<string, unknown>): Answer {
  if (body.Id !== undefined) return fault("4000", "Unsupported operation", "The stand-in does not update payments");
  const customerId = refValue(body.CustomerRef);
  if (!company.activeRow("Customer", customerId)) return invalidReference("Customer");
  const totalCents = centsOf(body.TotalAmt);
  if (totalCents === null) return requiredMissing("TotalAmt");
  const lines = Array.isArray(body.Line) ? (body.Line as Line[]) : [];
  let appliedCents = 0;
  const invoices: { row: Row; cents: number }[] = [];
  for (const line of lines) {
    const cents = centsOf(line.Amount);
    const linked = Array.isArray(line.LinkedTxn) ? (line.LinkedTxn as { TxnId?: unknown; TxnType?: unknown }[]) : [];
    if (cents === null || linked.length !== 1) return requiredMissing("Line.Amount and one Line.LinkedTxn");
    const invoice = linked[0]?.TxnType === "Invoice" ? company.rows.Invoice.get(String(linked[0].TxnId)) : undefined;
    if (!invoice) return invalidReference("Invoice");
    if (refValue(invoice.CustomerRef) !== customerId)
      return fault(
        "6000",
        "A business validation error has occurred while processing your request",
        "Business Validation Error: The invoice belongs to another customer.",
      );
    appliedCents += cents;
    invoices.push({ row: invoice, cents });
  }
  if (appliedCents > totalCents)
    return fault(
      "6000",
      "A business validation error has occurred while processing your request",
      "Business Validation Error: The amount applied exceeds the payment total.",
    );
  const payment = company.insert("Payment", {
    ...body,
    Line: lines,
    TotalAmt: amountOf(totalCents),
    UnappliedAmt: amountOf(totalCents - appliedCents),
  });
  for (const { row, cents } of invoices) {
    const balance = Math.max(0, (centsOf(row.Balance) ?? 0) - cents);
    const linkedTxn = [...((row.LinkedTxn as unknown[]) ?? []), { TxnId: payment.Id, TxnType: "Payment" }];
    // A payment changes the invoice's Balance and LinkedTxn, and so its SyncToken, as in QuickBooks.
    company.save("Invoice", { ...row, Balance: amountOf(balance), LinkedTxn: linkedTxn });
  }
  return ok({ Payment: payment });
}
