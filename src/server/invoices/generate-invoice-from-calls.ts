import type { GenerateInvoiceRequest, GenerateInvoiceResponse } from "../../core/contracts/invoices.js";
import { AppError, notFound } from "../../core/errors.js";
import { todayInZone } from "../../core/period.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { getClient } from "../clients/get-client.js";
import { roundingScopeFor } from "../pricing/rules-from-rows.js";
import { findInvoiceNumber } from "./get-invoice.js";
import { callLine, lockCalls } from "./billable-lines.js";
import { unbilledCallIdsInPeriod } from "./unbilled-calls-in-period.js";
import { presentInvoice } from "./invoice-presenter.js";
import { writeInvoice } from "./write-invoice.js";

/**
 * POST /api/invoices/generate: one draft invoice for the selected calls of one client (client
 * log, notification overlay). Every call must be the account's, ended, of that client and not yet
 * invoiced; an already invoiced call is a 409 naming its invoice. The period is the one given,
 * widened to cover every call's day so the invoice never bills work outside its own dates. With
 * `unbilledCallsInPeriod` the calls are the client's unbilled ones of those days, chosen here in the
 * same transaction (the client log no longer holds a busy period's every call).
 */
export async function generateInvoiceFromCalls(
  db: Db,
  options: { account: AccountRow; input: GenerateInvoiceRequest; now: Date },
): Promise<GenerateInvoiceResponse> {
  const { account, input, now } = options;

  return db.transaction(async (tx) => {
    const callIds = input.unbilledCallsInPeriod ? await unbilledCallIdsInPeriod(tx, account, input) : [...new Set(input.callIds)];
    const rows = await lockCalls(tx, account.id, callIds);
    const found = new Set(rows.map((row) => row.id));
    const missing = callIds.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(`Call ${missing}`);

    const invoiced = rows.find((row) => row.invoiceId !== null);
    if (invoiced) {
      const number = await findInvoiceNumber(tx, account.id, invoiced.invoiceId ?? 0);
      const where = number ? ` on invoice ${number}` : "";
      throw new AppError("conflict", `This call is already invoiced${where} and cannot be invoiced again`);
    }
    const active = rows.find((row) => row.endedAt === null);
    if (active) throw new AppError("conflict", "A selected call is still in progress; end it before invoicing it");
    const unassigned = rows.find((row) => row.clientId === null);
    if (unassigned) throw new AppError("bad_request", "A selected call has no client; assign it to a client before invoicing it");

    const clientId = input.clientId ?? rows[0]?.clientId ?? null;
    if (clientId === null) throw new AppError("bad_request", "Choose the client to invoice");
    const client = await getClient(tx, { accountId: account.id, clientId });
    if (rows.some((row) => row.clientId !== clientId)) {
      throw new AppError("bad_request", `Every selected call must belong to ${client.name}: an invoice is for one client`);
    }

    const lines = rows.map((row) => callLine(row, account.timezone));
    const days = lines.map((line) => line.workDate).sort();
    const first = days[0] as string;
    const last = days[days.length - 1] as string;
    const dateFrom = input.dateFrom && input.dateFrom < first ? input.dateFrom : first;
    const dateTo = input.dateTo && input.dateTo > last ? input.dateTo : last;

    const invoice = await writeInvoice(tx, {
      account,
      clientId,
      dateFrom,
      dateTo,
      issuedOn: todayInZone(account.timezone, now),
      template: input.template ?? "professional",
      lines,
      roundingScope: roundingScopeFor(account, client),
      now,
    });
    const json = presentInvoice(invoice, client);
    return { invoiceNumber: json.invoiceNumber, total: json.total, invoice: json };
  });
}
