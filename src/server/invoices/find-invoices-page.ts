import { and, eq } from "drizzle-orm";
import type { InvoiceListItemJson, InvoicesPageQuery } from "../../core/contracts/invoices.js";
import { type Page, toPage } from "../../core/contracts/paging.js";
import { getClient } from "../clients/get-client.js";
import type { Db } from "../db/client.js";
import { clients, invoices } from "../db/schema/index.js";
import { keysetAfter, keysetMicros, keysetOrder, keysetPosition } from "../http/keyset-page.js";
import { withLineBy } from "./get-invoice.js";
import { presentInvoiceListItem } from "./invoice-presenter.js";
import { findInvoicesTimekeepers } from "./line-timekeepers.js";

const KEYSET = { at: invoices.createdAt, id: invoices.id };

/**
 * GET /api/invoices/page: one page of the account's invoices, newest first (docs/paging.md), optionally one
 * client's, or those with a line by one member (`memberId`, already checked to be of the practice:
 * work/member-filter.ts); one range of invoices_account_[client_]created_idx from the cursor. GET /api/invoices
 * keeps its whole-list answer, capped as before.
 */
export async function findInvoicesPage(
  db: Db,
  options: { accountId: number; memberId?: number | null; query: InvoicesPageQuery },
): Promise<Page<InvoiceListItemJson>> {
  const { accountId, query } = options;
  if (query.clientId !== undefined) await getClient(db, { accountId, clientId: query.clientId });
  const rows = await selectInvoicesPage(db, { accountId, memberId: options.memberId, query });
  const page = toPage(rows, query.limit, (row) => keysetPosition({ micros: row.micros, id: row.invoice.id }));
  const timekeepers = await findInvoicesTimekeepers(
    db,
    accountId,
    page.items.map((row) => row.invoice.id),
  );
  return {
    items: page.items.map((row) =>
      presentInvoiceListItem(row.invoice, { name: row.name, email: row.email }, timekeepers.get(row.invoice.id) ?? []),
    ),
    nextCursor: page.nextCursor,
  };
}

/** The page's statement (limit + 1 rows), also printed by bench/client-log-explain.ts. */
export function selectInvoicesPage(
  db: Db,
  { accountId, memberId, query }: { accountId: number; memberId?: number | null; query: InvoicesPageQuery },
) {
  return db
    .select({ invoice: invoices, name: clients.name, email: clients.email, micros: keysetMicros(invoices.createdAt) })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        eq(invoices.accountId, accountId),
        query.clientId === undefined ? undefined : eq(invoices.clientId, query.clientId),
        withLineBy(accountId, memberId),
        keysetAfter(KEYSET, query.cursor),
      ),
    )
    .orderBy(...keysetOrder(KEYSET))
    .limit(query.limit + 1);
}
