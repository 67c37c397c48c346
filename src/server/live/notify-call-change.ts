import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/** The PostgreSQL channel every instance LISTENs on to push call changes to its open dashboards. */
export const CALL_CHANGES_CHANNEL = "call_changes";

export type CallChange = {
  accountId: number;
  callId: number;
  kind: "started" | "updated" | "ended" | "deleted";
  /** Whose work the call is (issue 26 §2): a member's stream hears only their own calls. Read from the row when not given. */
  userId?: number | null;
};

/**
 * Tells every app instance that a call of an account changed. Inside a transaction PostgreSQL
 * delivers the notification only when it commits (and never when it rolls back), so call it in
 * the same transaction as the change. Works on PGlite and on a server (docs/decisions.md D2).
 */
export async function notifyCallChange(db: Db, change: CallChange): Promise<void> {
  const { accountId, callId, kind } = change;
  const userId =
    change.userId !== undefined
      ? sql`${change.userId}::int`
      : sql`(select user_id from calls where account_id = ${accountId} and id = ${callId})`;
  await db.execute(
    sql`select pg_notify(${CALL_CHANGES_CHANNEL}, json_build_object('accountId', ${accountId}::int, 'callId', ${callId}::int, 'kind', ${kind}::text, 'userId', ${userId})::text)`,
  );
}
