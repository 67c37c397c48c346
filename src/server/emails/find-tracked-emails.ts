import { and, desc, eq } from "drizzle-orm";
import type { TrackedEmailResponse } from "../../core/contracts/emails.js";
import { notFound } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { clients, trackedEmails } from "../db/schema/index.js";
import { ownedBy } from "../work/work-scope.js";
import { presentTrackedEmail, type TrackedEmailRow } from "./tracked-email-presenter.js";

/** GET /api/emails?limit=10: the account's most recently tracked emails with their client's name. */
export async function findRecentTrackedEmails(
  db: Db,
  options: { accountId: number; ownerId: number | null; limit: number },
): Promise<TrackedEmailResponse[]> {
  const rows = await db
    .select({ email: trackedEmails, clientName: clients.name })
    .from(trackedEmails)
    .leftJoin(clients, and(eq(clients.id, trackedEmails.clientId), eq(clients.accountId, trackedEmails.accountId)))
    .where(and(eq(trackedEmails.accountId, options.accountId), ownedBy(trackedEmails.userId, options.ownerId)))
    .orderBy(desc(trackedEmails.createdAt), desc(trackedEmails.id))
    .limit(options.limit);
  return rows.map((row) => presentTrackedEmail(row.email, row.clientName));
}

/** "The tracked email with this id in this account" (of this member when `ownerId` is set): the one filter every single-email query uses. */
export function trackedEmailInAccount(accountId: number, id: number, ownerId: number | null = null) {
  return and(eq(trackedEmails.accountId, accountId), eq(trackedEmails.id, id), ownedBy(trackedEmails.userId, ownerId));
}

/** One tracked email of the account (of the member), or 404 (another account's or member's id included). */
export async function getTrackedEmail(
  db: Db,
  accountId: number,
  id: number,
  ownerId: number | null = null,
): Promise<TrackedEmailRow> {
  const [row] = await db
    .select()
    .from(trackedEmails)
    .where(trackedEmailInAccount(accountId, id, ownerId))
    .limit(1);
  if (!row) throw notFound("Tracked email");
  return row;
}
