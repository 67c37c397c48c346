import { and, eq } from "drizzle-orm";
import type { InvoiceJson, InvoicesPageQuery } from "../../core/contracts/invoices.js";
import { type Page, toPage } from "../../core/contracts/paging.js";
import { getClient } from "../clients/get-client.js";
import type { Db } from "../db/client.js";
import { clients, invoices } from "../db/schema/index.js";
import { keysetAfter, keysetMicros, keysetOrder, keysetPosition } from "../http/keyset-page.js";
import { presentInvoice } from "./invoice-presenter.js";

const KEYSET = { at: invoices.createdAt, id: invoices.id };

/**
 * GET /api/invoices/page: one page of the account's invoices, newest first (docs/paging.md), optionally one
 * client's; one range of invoices_account_[client_]created_idx from the cursor. GET /api/invoices keeps
 * its whole-list answer, capped as before.
 */
export async function findInvoicesPage(
  db: Db,
  options: { accountId: number; query: InvoicesPageQuery },
): Promise<Page<InvoiceJson>> {
  const { accountId, query } = options;
  if (query.clientId !== undefined) await getClient(db, { accountId, clientId: query.clientId });
  const rows = await selectInvoicesPage(db, { accountId, query });
  const page = toPage(rows, query.limit, (row) => keysetPosition({ micros: row.micros, id: row.invoice.id }));
  return {
    items: page.items.map((row) => presentInvoice(row.invoice, { name: row.name, email: row.email })),
    nextCursor: page.nextCursor,
  };
}

/** The page's statement (limit + 1 rows), also printed by bench/client-log-explain.ts. */
export function selectInvoicesPage(db: Db, { accountId, query }: { accountId: number; query: InvoicesPageQuery }) {
  return db
    .select({ invoice: invoices, name: clients.name, email: clients.email, micros: keysetMicros(invoices.createdAt) })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        eq(invoices.accountId, accountId),
        query.clientId === undefined ? undefined : eq(invoices.clientId, query.clientId),
        keysetAfter(KEYSET, query.cursor),
      ),
    )
    .orderBy(...keysetOrder(KEYSET))
    .limit(query.limit + 1);
}
