import { and, eq } from "drizzle-orm";
import { notFound } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { clients } from "../db/schema/index.js";
import type { ClientRow } from "./client-presenter.js";

/**
 * One client of the account, archived ones included (their invoices still name them), or a
 * 404 "Client not found" — also for another account's id, which must not reveal that it exists.
 * Other features (calls, invoices, emails) use this to check a clientId they are given.
 */
export async function getClient(db: Db, options: { accountId: number; clientId: number }): Promise<ClientRow> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.accountId, options.accountId), eq(clients.id, options.clientId)))
    .limit(1);
  if (!row) throw notFound("Client");
  return row;
}
