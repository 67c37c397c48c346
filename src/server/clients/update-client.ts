import type { UpdateClientRequest } from "../../core/contracts/clients.js";
import { notFound } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { clients } from "../db/schema/index.js";
import type { ClientRow } from "./client-presenter.js";
import { clientValues } from "./client-values.js";
import { clientInAccount, getClient } from "./get-client.js";

/**
 * Changes a client's details and rates. Calls already priced keep the rules they were priced
 * with (docs/decisions.md D8); the new rate applies to calls priced from now on.
 */
export async function updateClient(
  db: Db,
  options: { accountId: number; clientId: number; input: UpdateClientRequest; now: Date },
): Promise<ClientRow> {
  const { accountId, clientId, input, now } = options;
  return db.transaction(async (tx) => {
    const existing = await getClient(tx, { accountId, clientId });
    const [row] = await tx
      .update(clients)
      .set({ ...clientValues(input, existing), updatedAt: now })
      .where(clientInAccount(accountId, clientId))
      .returning();
    if (!row) throw notFound("Client");
    return row;
  });
}
