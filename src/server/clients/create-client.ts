import type { CreateClientRequest } from "../../core/contracts/clients.js";
import type { Db } from "../db/client.js";
import { clients } from "../db/schema/index.js";
import type { ClientRow } from "./client-presenter.js";
import { clientValues } from "./client-values.js";

/** Adds a client to the account. */
export async function createClient(db: Db, options: { accountId: number; input: CreateClientRequest; now: Date }): Promise<ClientRow> {
  const { accountId, input, now } = options;
  const [row] = await db
    .insert(clients)
    .values({ ...clientValues(input), name: input.name, accountId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error("client insert returned nothing");
  return row;
}
