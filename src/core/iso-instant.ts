/**
 * An instant as the API writes it, e.g. "2025-03-04T05:06:07.089Z": exactly what
 * `Date.prototype.toISOString` returns, at a fraction of its cost for lists. The client log sends two
 * timestamps per call, and V8's toISOString took 0.44 µs each, nearly all of presenting a call (a year
 * of a busy client: 140 of 150 µs). Here the date part ("2025-03-04T") is remembered per UTC day and
 * the time of day comes from arithmetic and lookup tables (about 0.05 µs).
 */
const DAY_MS = 86_400_000;
/** toISOString writes years outside 0000–9999 with a sign and six digits; those take the slow path. */
const LAST_FOUR_DIGIT_YEAR_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const MAX_REMEMBERED_DAYS = 4096;

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));
const datePrefixes = new Map<number, string>();

export function isoInstant(instant: Date | number): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  if (!(ms >= 0 && ms <= LAST_FOUR_DIGIT_YEAR_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let prefix = datePrefixes.get(day);
  if (prefix === undefined) {
    if (datePrefixes.size >= MAX_REMEMBERED_DAYS) datePrefixes.clear();
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    datePrefixes.set(day, prefix);
  }
  const msOfDay = ms - day * DAY_MS;
  const seconds = Math.floor(msOfDay / 1000);
  return `${prefix}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}.${THREE_DIGITS[msOfDay % 1000]}Z`;
}
