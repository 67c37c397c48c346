import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/** The PostgreSQL channel every instance LISTENs on to push call changes to its open dashboards. */
export const CALL_CHANGES_CHANNEL = "call_changes";

export type CallChange = { accountId: number; callId: number; kind: "started" | "updated" | "ended" | "deleted" };

/**
 * Tells every app instance that a call of an account changed. Inside a transaction PostgreSQL
 * delivers the notification only when it commits (and never when it rolls back), so call it in
 * the same transaction as the change. Works on PGlite and on a server (docs/decisions.md D2).
 */
export async function notifyCallChange(db: Db, change: CallChange): Promise<void> {
  await db.execute(sql`select pg_notify(${CALL_CHANGES_CHANNEL}, ${JSON.stringify(change)})`);
}
