import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { trackedEmails } from "../db/schema/index.js";
import { ownedBy } from "../work/work-scope.js";

/** One client's tracked emails created in [start, end), newest first (the client log's email history). */
export function findClientEmailsInPeriod(
  db: Db,
  options: { accountId: number; ownerId?: number | null; clientId: number; start: Date; end: Date },
) {
  return db
    .select()
    .from(trackedEmails)
    .where(
      and(
        eq(trackedEmails.accountId, options.accountId),
        eq(trackedEmails.clientId, options.clientId),
        ownedBy(trackedEmails.userId, options.ownerId),
        gte(trackedEmails.createdAt, options.start),
        lt(trackedEmails.createdAt, options.end),
      ),
    )
    .orderBy(desc(trackedEmails.createdAt), desc(trackedEmails.id));
}
