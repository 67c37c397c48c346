import { z } from "zod";
import { isCalendarDate } from "../period.js";

/**
 * Text PostgreSQL can store: no NUL (the server refuses 0x00 with 22021, PGlite likewise) and no
 * unpaired UTF-16 surrogate (it has no UTF-8 form; the drivers would silently store U+FFFD instead).
 * With the `u` flag a surrogate pair is one code point, so emoji pass.
 */
const STORABLE_TEXT = /^[^\0\p{Cs}]*$/u;
/** Starts with "Invalid" so the server's answer names the field ("name: Invalid text: …"). */
export const TEXT_NOT_STORABLE = "Invalid text: NUL characters (U+0000) and unpaired surrogates cannot be stored";

export function isStorableText(value: string): boolean {
  return STORABLE_TEXT.test(value);
}

/**
 * The string type of every contract, used instead of a bare `z.string()` (a unit test walks the
 * contracts and fails on any string field that accepts a NUL): text that would make the database
 * answer with an error, or change it silently, is a 400 with one message, in the browser and on the server.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, TEXT_NOT_STORABLE);
}

/** The dates the database and the period code handle (year 9999 overflowed a time-zone shift). */
export const MIN_DATE = "1900-01-01";
export const MAX_DATE = "2200-12-31";
export const DATE_OUT_OF_RANGE = `Use a date between ${MIN_DATE} and ${MAX_DATE}`;
const WRITTEN_DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * False only for a value whose written day ("yyyy-MM-dd", also the start of an ISO instant) lies
 * outside 1900–2200; anything else is left to the field's own format check and message.
 */
export function isDateInRange(value: string): boolean {
  if (!WRITTEN_DAY.test(value)) return true;
  const day = value.slice(0, 10);
  return day >= MIN_DATE && day <= MAX_DATE;
}

/** A real calendar day "yyyy-MM-dd" (no February 30) in 1900–2200. */
export const isoDate = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31")
  .refine(isCalendarDate, "Use a real date like 2026-01-31")
  .refine(isDateInRange, DATE_OUT_OF_RANGE);

/** An instant written in ISO 8601 with Z or an offset, on a real day (zod checks that) in 1900–2200. */
export function isoInstant(message: string) {
  return z.iso.datetime({ offset: true, error: message }).refine(isDateInRange, DATE_OUT_OF_RANGE);
}

/** An instant: full ISO timestamp with Z or an offset. */
export const isoDateTime = isoInstant("Use an ISO 8601 date and time");

/** The largest value of an `integer` id column. */
export const MAX_ID = 2_147_483_647;
/** An id as text has one spelling: no sign, leading zero, decimals, exponent, hex or spaces. */
export const CANONICAL_ID = /^[1-9]\d{0,9}$/;

/**
 * A row id in a JSON body (1…2^31−1): the one id number of every contract. `type` is the message for
 * a value that is not a number; `all` replaces every message when the field has one sentence.
 */
export function rowId(label: string, messages: { type?: string; all?: string } = {}) {
  const { all } = messages;
  return z
    .number({ error: messages.type ?? all ?? `${label} must be a whole number` })
    .int(all ?? `${label} must be a whole number`)
    .positive(all ?? `${label} must be positive`)
    .max(MAX_ID, all ?? `${label} is too large`);
}

/**
 * A row id written as text (a path, a query string, a form's select) → the number. Only the
 * canonical spelling is accepted, so "/clients/01" or "/clients/1e0" is a 400, not record 1 again.
 */
export function idText(label: string, message = `${label} must be a whole number such as 12`) {
  return text({ error: message })
    .regex(CANONICAL_ID, message)
    .refine((value) => Number(value) <= MAX_ID, message)
    .transform(Number);
}

/** A positive integer id taken from a path parameter ("12" → 12; "012", "1.0", "+1" refused). */
export const idParam = z.object({ id: idText("id") });
export type IdParam = z.infer<typeof idParam>;

export const emailAddress = text({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .max(254, "Email address is too long")
  .pipe(z.email("Please enter a valid email address"));

/** An optional email address: "", null or absent all mean none (→ null). */
export const optionalEmailAddress = z
  .union([z.literal(""), z.null(), emailAddress])
  .optional()
  .transform((value) => (value ? value : null));

/** The body of write calls that take no payload (end a call, delete, send a link): nothing, `{}`, or a 400. */
export const emptyBody = z.object({}).strict();
