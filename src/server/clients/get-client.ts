import { and, eq, inArray } from "drizzle-orm";
import { notFound } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { clients } from "../db/schema/index.js";
import type { ClientRow } from "./client-presenter.js";

/** "The client with this id in this account": the one filter every client lookup uses. */
export function clientInAccount(accountId: number, clientId: number) {
  return and(eq(clients.accountId, accountId), eq(clients.id, clientId));
}

/**
 * One client of the account, archived ones included (their invoices still name them), or a
 * 404 "Client not found" — also for another account's id, which must not reveal that it exists.
 * Other features (calls, invoices, emails, notifications) use this to check a clientId they are given.
 */
export async function getClient(db: Db, options: { accountId: number; clientId: number }): Promise<ClientRow> {
  const [row] = await db.select().from(clients).where(clientInAccount(options.accountId, options.clientId)).limit(1);
  if (!row) throw notFound("Client");
  return row;
}

/** The account's clients among these ids (another account's ids are simply not found), in no order. */
export async function findClientsById(db: Db, accountId: number, clientIds: readonly number[]): Promise<ClientRow[]> {
  if (clientIds.length === 0) return [];
  return db
    .select()
    .from(clients)
    .where(and(eq(clients.accountId, accountId), inArray(clients.id, [...clientIds])));
}
