import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { isCalendarDate } from "../period.js";
import { callType, type LogCallRequest, MAX_CALL_SECONDS, platform, type StartCallRequest } from "./calls.js";
import { CANONICAL_ID, DATE_OUT_OF_RANGE, isDateInRange, text } from "./common.js";

/**
 * The two call dialogs' forms (Start Call Timer, Log past call): what their inputs hold (strings) and how their
 * values become the API's requests. The requests themselves are in calls.ts.
 */

/** Radix selects cannot hold "" or null: "none" is "no client". */
export const NO_CLIENT = "none";
/** Form values stay strings (what inputs hold); `toStartCallRequest`/`toLogCallRequest` convert them. */
export const clientChoice = text({ error: "Choose a client" }).regex(
  new RegExp(`^none$|${CANONICAL_ID.source}`),
  "Choose a client",
);
const clientIdOf = (choice: string): number | null => (choice === NO_CLIENT ? null : Number(choice));

/** The "Start Call Timer" dialog. */
export const startCallForm = z.object({ clientId: clientChoice, platform, callType });
export type StartCallFormValues = z.infer<typeof startCallForm>;

export function toStartCallRequest(values: StartCallFormValues): StartCallRequest {
  return { clientId: clientIdOf(values.clientId), platform: values.platform, callType: values.callType };
}

const MAX_CALL_MINUTES = MAX_CALL_SECONDS / 60;

/** The "Log past call" dialog: a day and a time in the account's zone, a length in whole minutes. */
export const logCallForm = z.object({
  clientId: clientChoice,
  date: text({ error: "Choose the day of the call" })
    .refine(isCalendarDate, "Choose the day of the call")
    .refine(isDateInRange, DATE_OUT_OF_RANGE),
  time: text({ error: "Enter the start time" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter the start time as HH:mm"),
  durationMinutes: text({ error: "Enter the length in minutes" })
    .trim()
    .regex(/^\d+(\.\d+)?$/, "Enter the length in minutes")
    .refine((value) => Number.isInteger(Number(value)), "Enter whole minutes")
    .refine((value) => Number(value) >= 1, "A call lasts at least 1 minute")
    .refine((value) => Number(value) <= MAX_CALL_MINUTES, "A call can last at most 24 hours"),
  callType,
  notes: text({ error: "notes must be text" }).max(5000, "Notes must be at most 5000 characters"),
});
export type LogCallFormValues = z.infer<typeof logCallForm>;

/** The dialog's values → POST /api/calls; the day and time are read in the account's time zone. */
export function toLogCallRequest(values: LogCallFormValues, timezone: string): LogCallRequest {
  const [year, month, day] = values.date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = values.time.split(":").map(Number) as [number, number];
  const start = new TZDate(year, month - 1, day, hours, minutes, timezone);
  const notes = values.notes.trim();
  return {
    clientId: clientIdOf(values.clientId),
    startTime: new Date(start.getTime()).toISOString(),
    duration: Number(values.durationMinutes) * 60,
    callType: values.callType,
    notes: notes ? notes : null,
  };
}
