import type { CreateInvoicesRequest, CreateInvoicesResponse } from "../../core/contracts/invoices.js";
import { AppError } from "../../core/errors.js";
import { dateRangeLabel, dayRangeInZone, todayInZone } from "../../core/period.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { findClientsById, getClient } from "../clients/get-client.js";
import { roundingScopeFor } from "../pricing/rules-from-rows.js";
import { findUnbilledLines } from "./billable-lines.js";
import { presentInvoice } from "./invoice-presenter.js";
import { writeInvoice } from "./write-invoice.js";

/**
 * POST /api/invoices: bills every unbilled ended call and tracked email of one client, or of
 * every client ("All Clients": one invoice per client with something to bill), whose work falls
 * on the period's calendar days in the account's time zone. All invoices are written in one
 * transaction; a period with nothing to bill is refused rather than producing an empty invoice.
 */
export async function createInvoicesForPeriod(
  db: Db,
  options: { account: AccountRow; input: CreateInvoicesRequest; now: Date },
): Promise<CreateInvoicesResponse> {
  const { account, input, now } = options;
  const { start, end } = dayRangeInZone(input.dateFrom, input.dateTo, account.timezone);
  const issuedOn = todayInZone(account.timezone, now);

  return db.transaction(async (tx) => {
    let clientRows = input.clientId === null ? [] : [await getClient(tx, { accountId: account.id, clientId: input.clientId })];
    const lines = await findUnbilledLines(tx, {
      accountId: account.id,
      clientId: input.clientId,
      start,
      end,
      timezone: account.timezone,
    });
    const period = dateRangeLabel(input.dateFrom, input.dateTo);
    if (lines.length === 0) {
      const whose = clientRows[0] ? ` for ${clientRows[0].name}` : "";
      throw new AppError(
        "bad_request",
        `Nothing to invoice${whose} in ${period}: every ended call and tracked email in this period is already invoiced, or there are none`,
      );
    }

    const clientIds = [...new Set(lines.map((line) => line.clientId))];
    if (input.clientId === null) clientRows = await findClientsById(tx, account.id, clientIds);
    clientRows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);

    const created = [];
    for (const client of clientRows) {
      const invoice = await writeInvoice(tx, {
        account,
        clientId: client.id,
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        issuedOn,
        template: input.template,
        lines: lines.filter((line) => line.clientId === client.id),
        roundingScope: roundingScopeFor(account, client),
        now,
      });
      created.push(presentInvoice(invoice, client));
    }
    const message =
      created.length === 1
        ? `Invoice ${created[0]?.invoiceNumber} created for ${clientRows[0]?.name}`
        : `${created.length} invoices created, one per client, for ${period}`;
    return { invoices: created, message };
  });
}
