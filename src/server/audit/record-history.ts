import type { SQL } from "drizzle-orm";
import type { AuditEntity, RecordHistory } from "../../core/contracts/audit.js";
import { notFound } from "../../core/errors.js";
import { callInAccount } from "../calls/call-queries.js";
import { clientInAccount } from "../clients/get-client.js";
import type { Db } from "../db/client.js";
import { calls, clients, invoices } from "../db/schema/index.js";
import { invoiceInAccount } from "../invoices/get-invoice.js";
import { presentAuditEvent } from "./audit-presenter.js";
import { findRecordHistory } from "./audit-queries.js";

/** The records that have a History, what the trail calls them, and how to tell one exists in an account. */
export const HISTORY_KINDS = {
  clients: {
    name: "Client",
    entities: ["client"],
    exists: (a: number, id: number) => ({ table: clients, where: clientInAccount(a, id) }),
  },
  calls: { name: "Call", entities: ["call"], exists: (a: number, id: number) => ({ table: calls, where: callInAccount(a, id) }) },
  invoices: {
    name: "Invoice",
    entities: ["invoice", "invoice_line"],
    exists: (a: number, id: number) => ({ table: invoices, where: invoiceInAccount(a, id) }),
  },
} as const satisfies Record<
  string,
  {
    name: string;
    entities: readonly AuditEntity[];
    exists: (accountId: number, id: number) => { table: typeof clients | typeof calls | typeof invoices; where: SQL | undefined };
  }
>;
export type HistoryKind = keyof typeof HISTORY_KINDS;

/**
 * Every change to one record, oldest first. A record of another account is a 404; so is one that
 * never existed. A deleted record keeps its history (the trail outlives it); a record from before
 * the trail existed answers an empty history.
 */
export async function getRecordHistory(
  db: Db,
  options: { accountId: number; kind: HistoryKind; id: number },
): Promise<RecordHistory> {
  const kind = HISTORY_KINDS[options.kind];
  const rows = await findRecordHistory(db, { accountId: options.accountId, entities: kind.entities, entityId: options.id });
  if (rows.length === 0) {
    const { table, where } = kind.exists(options.accountId, options.id);
    const [found] = await db.select({ id: table.id }).from(table).where(where).limit(1);
    if (!found) throw notFound(kind.name);
  }
  return { events: rows.map(presentAuditEvent) };
}
