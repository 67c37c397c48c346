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

/** One tracked email of the account, or 404. */
export async function getTrackedEmail(db: Db, accountId: number, id: number): Promise<TrackedEmailRow> {
  const [row] = await db
    .select()
    .from(trackedEmails)
    .where(and(eq(trackedEmails.id, id), eq(trackedEmails.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("Tracked email");
  return row;
}
