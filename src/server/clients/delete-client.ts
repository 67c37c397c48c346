import { and, count, eq } from "drizzle-orm";
import type { DeleteClientResponse } from "../../core/contracts/clients.js";
import type { Db } from "../db/client.js";
import { calls, clients, invoices, trackedEmails } from "../db/schema/index.js";
import { clientInAccount, getClient } from "./get-client.js";

/**
 * Deletes a client without losing anything billed (docs/decisions.md D10):
 * - with any invoice, the client is archived: hidden from lists, still readable by id and on
 *   its invoices, its calls and emails untouched;
 * - otherwise it is erased. Its calls (none of them invoiced) are kept without a client so no
 *   tracked time disappears, and the answer says how many; its tracked emails, which cannot exist
 *   without a client, are removed with it and counted too.
 */
export async function deleteClient(db: Db, options: { accountId: number; clientId: number; now: Date }): Promise<DeleteClientResponse> {
  const { accountId, clientId, now } = options;
  return db.transaction(async (tx) => {
    const client = await getClient(tx, { accountId, clientId });
    // Lock the row so an invoice generated at the same moment cannot slip in between check and delete.
    await tx.select({ id: clients.id }).from(clients).where(clientInAccount(accountId, clientId)).for("update");
    const [invoiced] = await tx
      .select({ n: count() })
      .from(invoices)
      .where(and(eq(invoices.accountId, accountId), eq(invoices.clientId, clientId)));
    if ((invoiced?.n ?? 0) > 0) {
      if (client.archivedAt === null) {
        await tx.update(clients).set({ archivedAt: now, updatedAt: now }).where(clientInAccount(accountId, clientId));
      }
      return {
        id: clientId,
        outcome: "archived",
        detachedCalls: 0,
        removedEmails: 0,
        message: `${client.name} has invoices, so the client was archived: hidden from your lists, with its invoices, calls and emails kept.`,
      };
    }
    const detached = await tx
      .update(calls)
      .set({ clientId: null, updatedAt: now })
      .where(and(eq(calls.accountId, accountId), eq(calls.clientId, clientId)))
      .returning({ id: calls.id });
    const removed = await tx
      .delete(trackedEmails)
      .where(and(eq(trackedEmails.accountId, accountId), eq(trackedEmails.clientId, clientId)))
      .returning({ id: trackedEmails.id });
    await tx.delete(clients).where(clientInAccount(accountId, clientId));
    return {
      id: clientId,
      outcome: "deleted",
      detachedCalls: detached.length,
      removedEmails: removed.length,
      message: deletedMessage(client.name, detached.length, removed.length),
    };
  });
}

function deletedMessage(name: string, detachedCalls: number, removedEmails: number): string {
  const parts = [`${name} was deleted.`];
  if (detachedCalls > 0) parts.push(`${plural(detachedCalls, "call was", "calls were")} kept without a client.`);
  if (removedEmails > 0) parts.push(`${plural(removedEmails, "tracked email was", "tracked emails were")} removed.`);
  return parts.join(" ");
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
