import { dayRangeInZone, isCalendarDate } from "../../core/period.js";
import type { PeriodQuery } from "../../core/contracts/calls.js";
import { AppError } from "../../core/errors.js";

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The half-open instant range [start, end) of a client-log query. A calendar day is a whole day
 * in the account's zone (endDate included); an ISO instant is taken as it is (endDate excluded),
 * so a browser can send either the days of a period or its exact instants.
 */
export function resolvePeriodBounds(query: PeriodQuery, timezone: string): { start: Date; end: Date } {
  const start = bound(query.startDate, "startDate", timezone, "start");
  const end = bound(query.endDate, "endDate", timezone, "end");
  // Two equal instants make an empty range; an end day ending where the start begins lies before it.
  const emptyAllowed = !CALENDAR_DAY.test(query.endDate);
  if (end.getTime() < start.getTime() || (end.getTime() === start.getTime() && !emptyAllowed))
    throw new AppError("validation_error", "endDate must not be before startDate");
  return { start, end };
}

function bound(value: string, name: string, timezone: string, side: "start" | "end"): Date {
  if (CALENDAR_DAY.test(value)) {
    if (!isCalendarDate(value)) throw new AppError("validation_error", `${name} is not a real calendar day: ${value}`);
    const day = dayRangeInZone(value, value, timezone);
    return side === "start" ? day.start : day.end;
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new AppError("validation_error", `${name} must be a date like 2026-01-31 or an ISO 8601 instant`);
  return instant;
}

/** A list's optional period: both bounds resolved as above, or none (the contract refuses one alone). */
export function optionalPeriodBounds(
  query: { startDate?: string; endDate?: string },
  timezone: string,
): { start: Date; end: Date } | undefined {
  if (query.startDate === undefined || query.endDate === undefined) return undefined;
  return resolvePeriodBounds({ startDate: query.startDate, endDate: query.endDate }, timezone);
}
