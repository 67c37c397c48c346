import { and, desc, eq } from "drizzle-orm";
import type { TrackedEmailResponse } from "../../core/contracts/emails.js";
import { notFound } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { clients, trackedEmails } from "../db/schema/index.js";
import { presentTrackedEmail, type TrackedEmailRow } from "./tracked-email-presenter.js";

/** GET /api/emails?limit=10: the account's most recently tracked emails with their client's name. */
export async function findRecentTrackedEmails(
  db: Db,
  options: { accountId: number; limit: number },
): Promise<TrackedEmailResponse[]> {
  const rows = await db
    .select({ email: trackedEmails, clientName: clients.name })
    .from(trackedEmails)
    .leftJoin(clients, and(eq(clients.id, trackedEmails.clientId), eq(clients.accountId, trackedEmails.accountId)))
    .where(eq(trackedEmails.accountId, options.accountId))
    .orderBy(desc(trackedEmails.createdAt), desc(trackedEmails.id))
    .limit(options.limit);
  return rows.map((row) => presentTrackedEmail(row.email, row.clientName));
}

/** "The tracked email with this id in this account": the one filter every single-email query uses. */
export function trackedEmailInAccount(accountId: number, id: number) {
  return and(eq(trackedEmails.accountId, accountId), eq(trackedEmails.id, id));
}

/** One tracked email of the account, or 404 (another account's id included). */
export async function getTrackedEmail(db: Db, accountId: number, id: number): Promise<TrackedEmailRow> {
  const [row] = await db.select().from(trackedEmails).where(trackedEmailInAccount(accountId, id)).limit(1);
  if (!row) throw notFound("Tracked email");
  return row;
}
