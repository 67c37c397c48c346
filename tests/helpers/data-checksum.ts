import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../src/server/db/client.js";

/**
 * The tables a refused request must leave exactly as they were. Left out on purpose: `sessions`
 * (a read may extend a session's rolling expiry), `rate_limit_counters` (counting a refused
 * attempt is the point of a limit) and `spent_oauth_states` (an OAuth callback spends its state
 * whatever its outcome).
 */
export const DATA_TABLES = [
  "accounts",
  "users",
  "clients",
  "calls",
  "call_proposals",
  "invoices",
  "invoice_items",
  "tracked_emails",
  "notifications",
  "integrations",
  "webhook_events",
  "accounting_records",
  "accounting_sync_runs",
  "outbound_rate_limits",
  "client_identities",
  "capture_activity",
  "call_test_sessions",
  "waitlist_entries",
  "pending_registrations",
  "setup_guides",
  "legal_billing_settings",
  "timekeepers",
  "matters",
  "client_legal_settings",
  "legal_line_codes",
  "invoice_ledes_checks",
  // A refused request writes no audit row either (issue 27 §2: no audit row without its change).
  "audit_events",
  "analytics_forecasts",
  "billed_work_months",
  "invoiced_call_months",
  "invoice_line_months",
] as const;

/**
 * Tables whose rows can only be added: their triggers refuse UPDATE, DELETE and TRUNCATE (audit_events,
 * drizzle/0015), so the row count and the highest id see every possible change. Hashing every row instead
 * made the fuzz suite quadratic: each write adds audit rows, and each write is followed by a checksum.
 */
const APPEND_ONLY_TABLES: ReadonlySet<string> = new Set(["audit_events"]);

/**
 * One checksum of every row of the data tables, computed by the database in one statement
 * (md5 over each table's rows as text, in a fixed order), so a test can afford it after every
 * request. Equal checksums mean no row was added, removed or changed.
 */
export async function dataChecksum(db: Db, tables: readonly string[] = DATA_TABLES): Promise<string> {
  const parts = tables.map((table) =>
    APPEND_ONLY_TABLES.has(table)
      ? `(select count(*) || '/' || coalesce(max(id), 0) from ${table})`
      : `(select coalesce(md5(string_agg(t::text, '|' order by t::text)), '-') from ${table} t)`,
  );
  const result = await db.execute(sql.raw(`select ${parts.join(" || ':' || ")} as checksum`));
  return String((result as unknown as { rows: { checksum: string }[] }).rows[0]?.checksum);
}

/**
 * The data checksum, recomputed only when something was written since it was last taken: a request
 * that wrote nothing at all (the database's WAL insert position did not move) cannot have changed a
 * row. Most refused requests write nothing, so a test checking thousands of them (fuzz.test.ts) pays
 * for one cheap query each instead of a checksum over every table. A write elsewhere (a session, a
 * counter, another database on the same server) only means the checksum is taken again.
 */
export async function watchData(db: Db): Promise<{ checksum: () => Promise<string> }> {
  const walPosition = async () =>
    String(
      ((await db.execute(sql`select pg_current_wal_insert_lsn()::text as at`)) as unknown as { rows: { at: string }[] }).rows[0]
        ?.at,
    );
  // The position first: a write between the two reads moves it, so the next call recomputes.
  let position = await walPosition();
  let last = await dataChecksum(db);
  return {
    checksum: async () => {
      const now = await walPosition();
      if (now !== position) {
        position = now;
        last = await dataChecksum(db);
      }
      return last;
    },
  };
}

/** Runs `action` (a request the server should refuse) and asserts it changed no data. Returns what the action returned. */
export async function expectNothingChanged<T>(db: Db, action: () => Promise<T>): Promise<T> {
  const before = await dataChecksum(db);
  const result = await action();
  expect(await dataChecksum(db), "a refused request changed data").toBe(before);
  return result;
}
