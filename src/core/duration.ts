import { divideHalfUp } from "./pricing/price.js";

/**
 * Duration texts as the product specifies them, in one place so every screen, toast and PDF
 * shows the same numbers. Durations are integer seconds (email times are minutes).
 *
 * Display never throws: a negative, fractional or non-finite input is a bug upstream, but a
 * screen should still render, so it is clamped to 0 and fractions are dropped (floored).
 */

function wholeNonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/*
 * Seconds → minutes and hours: one function per rounding rule, each named for the use it serves.
 * Pick by what the number claims: "time billed or to bill" rounds UP (a started minute is work,
 * as the billing engine rounds), "time on the clock" drops the seconds (a display never claims a
 * minute that has not passed). Billed and email times are whole minutes by construction, where
 * both agree; the rule only decides what a stray second would do.
 */

/** Minutes to bill or to show as billed: a started minute counts (ceil), as priceDuration rounds. 61 s → 2. */
export function billableMinutes(seconds: number): number {
  return Math.ceil(wholeNonNegative(seconds) / 60);
}

/** Minutes that have fully passed (floor), for clocks and "Xh Ym" displays of elapsed time. 119 s → 1. */
export function wholeMinutes(seconds: number): number {
  return Math.floor(wholeNonNegative(seconds) / 60);
}

/**
 * Hours in hundredths, rounded half up in integers (seconds / 36, no float): 420 s → 12 (0.12 h).
 * The unit of every "hours" figure the API sends, so a list and its total never disagree.
 */
export function hundredthsOfHour(seconds: number): number {
  return divideHalfUp(wholeNonNegative(seconds), 36);
}

/** Hours to 2 decimals as a number, half up: 420 s → 0.12 (a summary's totalTimeHours). */
export function decimalHours(seconds: number): number {
  return hundredthsOfHour(seconds) / 100;
}

/** Hours to 2 decimals as the API's string, half up: 420 s → "0.12", 36000 s → "10.00" (estimatedHours). */
export function decimalHoursText(seconds: number): string {
  const hundredths = hundredthsOfHour(seconds);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

/** "1h 2m 3s", dropping zero LEADING units only: "2m 3s", "45s", "1h 0m 5s", "0s". */
export function formatDurationHms(seconds: number): string {
  const total = wholeNonNegative(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (hours > 0) return `${hours}h ${minutes}m ${secs}s`;
  if (minutes > 0) return `${minutes}m ${secs}s`;
  return `${secs}s`;
}

/** "m:ss" for dashboard call rows and live timers; minutes are not capped at 60 ("65:07"). */
export function formatDurationClock(seconds: number): string {
  const total = wholeNonNegative(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** Whole hours and minutes for invoices and "Time Tracked": "2h 5m", "2h 0m", "45m", "0m". Seconds are dropped. */
export function formatHoursMinutes(seconds: number): string {
  return formatMinutes(wholeMinutes(seconds));
}

/** Email time: "Xh Ym", or "Ym" under an hour. Fractional minutes round to the nearest minute. */
export function formatEmailTime(minutes: number): string {
  return formatMinutes(Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0);
}

/** The "Call Ended" toast text; minutes are not capped: "Call completed. Duration: 65m 7s". */
export function formatCallEndedMessage(seconds: number): string {
  const total = wholeNonNegative(seconds);
  return `Call completed. Duration: ${Math.floor(total / 60)}m ${total % 60}s`;
}

function formatMinutes(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
}
