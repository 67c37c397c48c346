import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { AuditEntity, AuditQuery } from "../../core/contracts/audit.js";
import { dayRangeInZone } from "../../core/period.js";
import type { Db } from "../db/client.js";
import { auditEvents, users } from "../db/schema/index.js";

export type AuditRow = typeof auditEvents.$inferSelect & { actorEmail: string | null };

const selection = {
  id: auditEvents.id,
  accountId: auditEvents.accountId,
  at: auditEvents.at,
  actorKind: auditEvents.actorKind,
  actorUserId: auditEvents.actorUserId,
  actorIp: auditEvents.actorIp,
  actorAgent: auditEvents.actorAgent,
  via: auditEvents.via,
  entity: auditEvents.entity,
  entityId: auditEvents.entityId,
  action: auditEvents.action,
  before: auditEvents.before,
  after: auditEvents.after,
  actorEmail: users.email,
};

/** `%` and `_` in what a person typed are letters, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The Settings log's filters as one condition, always within the account. */
function logCondition(accountId: number, query: AuditQuery, timezone: string): SQL | undefined {
  const range = query.from || query.to ? dayRangeInZone(query.from ?? "1900-01-01", query.to ?? "2200-12-31", timezone) : null;
  const pattern = query.q ? containsPattern(query.q) : null;
  return and(
    eq(auditEvents.accountId, accountId),
    query.entity ? eq(auditEvents.entity, query.entity) : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    range ? gte(auditEvents.at, range.start) : undefined,
    range ? lt(auditEvents.at, range.end) : undefined,
    query.cursor ? lt(auditEvents.id, query.cursor) : undefined,
    pattern
      ? sql`(concat_ws(' ', ${auditEvents.entity}, ${auditEvents.entityId}, ${auditEvents.action}, ${auditEvents.via}, ${auditEvents.actorIp}, ${users.email}, ${auditEvents.before}::text, ${auditEvents.after}::text) ilike ${pattern})`
      : undefined,
  );
}

/**
 * One page of the account's audit log, newest first, paged by id (keyset: a page costs the same
 * however deep it is, and rows written meanwhile never shift it). `limit + 1` rows tell whether
 * another page follows.
 */
export async function findAuditPage(
  db: Db,
  options: { accountId: number; query: AuditQuery; timezone: string; limit: number },
): Promise<{ rows: AuditRow[]; nextCursor: number | null }> {
  const rows = await db
    .select(selection)
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(logCondition(options.accountId, options.query, options.timezone))
    .orderBy(desc(auditEvents.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > options.limit && last ? last.id : null };
}

/** Every change to one record, oldest first (an invoice's lines are recorded under the invoice's id). */
export async function findRecordHistory(
  db: Db,
  options: { accountId: number; entities: readonly AuditEntity[]; entityId: number },
): Promise<AuditRow[]> {
  return db
    .select(selection)
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(
      and(
        eq(auditEvents.accountId, options.accountId),
        inArray(auditEvents.entity, [...options.entities]),
        eq(auditEvents.entityId, options.entityId),
      ),
    )
    .orderBy(asc(auditEvents.id));
}
