import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { clients } from "../db/schema/index.js";
import type { ClientRow } from "./client-presenter.js";

/** The account's clients by name; archived ones (docs/decisions.md D10) only when asked for. */
export async function findClients(db: Db, options: { accountId: number; includeArchived?: boolean }): Promise<ClientRow[]> {
  const scope = eq(clients.accountId, options.accountId);
  return db
    .select()
    .from(clients)
    .where(options.includeArchived ? scope : and(scope, isNull(clients.archivedAt)))
    .orderBy(asc(clients.name), asc(clients.id));
}
