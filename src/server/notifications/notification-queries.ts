import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { NotificationJson } from "../../core/contracts/notifications.js";
import { notFound } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { notifications } from "../db/schema/index.js";
import type { NotificationRow } from "./notify-invoice-ready.js";

/** A notification is visible to its user, or to everyone in the account when it names no user. */
const visibleTo = (accountId: number, userId: number) =>
  and(eq(notifications.accountId, accountId), or(isNull(notifications.userId), eq(notifications.userId, userId)));

/** Unread notifications, newest first (the overlay shows 3 and counts the rest). */
export async function findUnreadNotifications(
  db: Db,
  options: { accountId: number; userId: number; limit?: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(visibleTo(options.accountId, options.userId), isNull(notifications.readAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit ?? 100);
}

/** One notification the user may see, or 404 (another account's id included). */
export async function getNotification(
  db: Db,
  options: { accountId: number; userId: number; id: number },
): Promise<NotificationRow> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(visibleTo(options.accountId, options.userId), eq(notifications.id, options.id)));
  if (!row) throw notFound("Notification");
  return row;
}

/** Marks it read (dismissed, or its invoice sent or saved); reading twice keeps the first time. */
export async function markNotificationRead(
  db: Db,
  options: { accountId: number; userId: number; id: number; now: Date },
): Promise<NotificationRow> {
  const row = await getNotification(db, options);
  if (row.readAt) return row;
  const [updated] = await db
    .update(notifications)
    .set({ readAt: options.now })
    .where(and(eq(notifications.id, row.id), isNull(notifications.readAt)))
    .returning();
  return updated ?? row;
}

export function presentNotification(row: NotificationRow): NotificationJson {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    data: row.data,
  };
}
