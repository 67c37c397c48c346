import { z } from "zod";
import { MAX_ID, text } from "./common.js";

/**
 * Keyset paging (docs/paging.md): every long list (calls, emails, invoices, and any list
 * newest first by an instant) is read one page at a time, each page starting after the last row of
 * the one before, so a page costs the same at any depth: an index range from the cursor on, never an
 * OFFSET that reads and throws away every row before it.
 *
 * The cursor is the position after a page's last row, written "{µs}.{id}": its sort instant in
 * microseconds since 1970 (the database's own precision, so no two rows collapse) and its id (the
 * tie-break). It is opaque to callers: they send back the `nextCursor` they were given.
 */

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;

/** Where a page starts: after the row with this sort instant (µs since 1970) and id, in newest-first order. */
export type PageCursor = { micros: number; id: number };

const CURSOR = /^(-?\d{1,16})\.([1-9]\d{0,9})$/;
export const CURSOR_INVALID = "cursor must be a nextCursor this list gave out";

export function encodeCursor(cursor: PageCursor): string {
  return `${cursor.micros}.${cursor.id}`;
}

/** The cursor a text names, or null when it is not one a list gave out. */
export function decodeCursor(value: string): PageCursor | null {
  const match = CURSOR.exec(value);
  if (!match) return null;
  const micros = Number(match[1]);
  const id = Number(match[2]);
  if (!Number.isSafeInteger(micros) || id > MAX_ID) return null;
  return { micros, id };
}

const cursorParam = text({ error: CURSOR_INVALID })
  .trim()
  .transform((value, ctx) => {
    const cursor = decodeCursor(value);
    if (cursor) return cursor;
    ctx.addIssue({ code: "custom", message: CURSOR_INVALID });
    return z.NEVER;
  });

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;

/** `?cursor=&limit=` of every paged list; spread into a list's own query schema. */
export const pageParams = {
  cursor: cursorParam.optional(),
  limit: text({ error: LIMIT_MESSAGE })
    .trim()
    .regex(/^\d{1,4}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(PAGE_LIMIT_MAX, LIMIT_MESSAGE))
    .default(PAGE_LIMIT_DEFAULT),
};

export const pageQuery = z.object(pageParams);
export type PageQuery = z.output<typeof pageQuery>;

/** A page of a list: its rows, newest first, and the cursor of the next page (null on the last one). */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    nextCursor: text().nullable().describe("Send it back as ?cursor= for the next page; null: this was the last page"),
  });
}

export type Page<Item> = { items: Item[]; nextCursor: string | null };

/**
 * Rows read with one row more than the page holds → the page. `positionOf` gives a row's cursor
 * position (the server reads it from the database with the row, `keysetPosition`).
 */
export function toPage<Row>(rows: readonly Row[], limit: number, positionOf: (row: Row) => PageCursor): Page<Row> {
  if (rows.length <= limit) return { items: [...rows], nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: encodeCursor(positionOf(items[items.length - 1] as Row)) };
}
