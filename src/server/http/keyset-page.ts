import { desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { PageCursor } from "../../core/contracts/paging.js";

/**
 * The SQL side of keyset paging (core/contracts/paging.ts; docs/paging.md). A list ordered newest
 * first by (instant, id) reads a page as: `where … and keysetAfter(...) order by keysetOrder(...)
 * limit n + 1`, selecting `keysetPosition(...)` beside each row for the next cursor. With an index
 * on (account_id[, filter columns], instant, id) that is one index range starting at the cursor: a
 * page costs the same on the first screen and the thousandth.
 */
export type KeysetColumns = { at: PgColumn; id: PgColumn };

/** Rows strictly after the cursor in newest-first order; no condition without one. */
export function keysetAfter(columns: KeysetColumns, cursor: PageCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  // A row comparison is one index condition on (…, at, id); the instant is rebuilt from whole
  // microseconds, exactly what keysetPosition read, so no row is skipped or repeated.
  return sql`(${columns.at}, ${columns.id}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::integer)`;
}

export function keysetOrder(columns: KeysetColumns): SQL[] {
  return [desc(columns.at), desc(columns.id)];
}

/** The row's sort instant in whole microseconds since 1970, as text (exact: a bigint, read by the driver as a string). */
export function keysetMicros(at: PgColumn): SQL<string> {
  return sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text`;
}

/** A row's cursor position from what keysetMicros read and its id. */
export function keysetPosition(row: { micros: string; id: number }): PageCursor {
  return { micros: Number(row.micros), id: row.id };
}
