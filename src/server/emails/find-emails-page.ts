import { and, eq, gte, lt } from "drizzle-orm";
import type { EmailsPageQuery } from "../../core/contracts/calls.js";
import { type Page, toPage } from "../../core/contracts/paging.js";
import type { TrackedEmailResponse } from "../../core/contracts/tracked-emails.js";
import { optionalPeriodBounds } from "../calls/period-bounds.js";
import { getClient } from "../clients/get-client.js";
import { ownedBy } from "../work/work-scope.js";
import type { Db } from "../db/client.js";
import { clients, trackedEmails } from "../db/schema/index.js";
import { keysetAfter, keysetMicros, keysetOrder, keysetPosition } from "../http/keyset-page.js";
import { presentTrackedEmail } from "./tracked-email-presenter.js";

const KEYSET = { at: trackedEmails.createdAt, id: trackedEmails.id };

/**
 * GET /api/emails/page: one page of the account's tracked emails, newest first (docs/paging.md), optionally
 * one client's and in a period; one range of tracked_emails_account_[client_]created_idx from the cursor.
 */
export async function findEmailsPage(
  db: Db,
  options: { accountId: number; ownerId: number | null; timezone: string; query: EmailsPageQuery },
): Promise<Page<TrackedEmailResponse>> {
  const { accountId, query } = options;
  if (query.clientId !== undefined) await getClient(db, { accountId, clientId: query.clientId });
  const period = optionalPeriodBounds(query, options.timezone);
  const rows = await db
    .select({ email: trackedEmails, clientName: clients.name, micros: keysetMicros(trackedEmails.createdAt) })
    .from(trackedEmails)
    .leftJoin(clients, and(eq(clients.id, trackedEmails.clientId), eq(clients.accountId, trackedEmails.accountId)))
    .where(
      and(
        eq(trackedEmails.accountId, accountId),
        ownedBy(trackedEmails.userId, options.ownerId),
        query.clientId === undefined ? undefined : eq(trackedEmails.clientId, query.clientId),
        period ? gte(trackedEmails.createdAt, period.start) : undefined,
        period ? lt(trackedEmails.createdAt, period.end) : undefined,
        keysetAfter(KEYSET, query.cursor),
      ),
    )
    .orderBy(...keysetOrder(KEYSET))
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, (row) => keysetPosition({ micros: row.micros, id: row.email.id }));
  return { items: page.items.map((row) => presentTrackedEmail(row.email, row.clientName)), nextCursor: page.nextCursor };
}
