import { z } from "zod";
import { isCalendarDate } from "../period.js";
import { DATE_OUT_OF_RANGE, idText, isDateInRange, isoInstant, rowId, text } from "./common.js";
import { pageOf, pageParams } from "./paging.js";
import { pricedFields } from "./priced-fields.js";
import { count, id, instant, money, rateField } from "./response-fields.js";

/**
 * Calls: the live timer, logged past calls, edits, and the client log's period queries.
 * Durations are integer seconds; money is a decimal string.
 */

/** Longest call a user can log or set by hand: one day. A live timer has no limit. */
export const MAX_CALL_SECONDS = 86_400;

/** Suggestions for the platform select; the API accepts any short name (integrations add their own). */
export const CALL_PLATFORMS = [
  { value: "zoom", label: "Zoom" },
  { value: "teams", label: "Microsoft Teams" },
  { value: "meet", label: "Google Meet" },
  { value: "phone", label: "Phone" },
  { value: "in-person", label: "In person" },
  { value: "manual", label: "Other" },
] as const;

/** Suggestions for the call type select; free text up to 60 characters is accepted. */
export const CALL_TYPES = [
  { value: "consultation", label: "Consultation" },
  { value: "follow-up", label: "Follow-up" },
  { value: "meeting", label: "Meeting" },
  { value: "court", label: "Court / hearing" },
  { value: "review", label: "Review" },
  { value: "other", label: "Other" },
] as const;

/** A stored value's label from a suggestion list; a value not on the list (free text) is shown as it was stored. */
function suggestionLabel(suggestions: readonly { value: string; label: string }[], value: string): string {
  return suggestions.find((suggestion) => suggestion.value === value)?.label ?? value;
}

/** "zoom" → "Zoom"; an unknown platform is shown as it was stored. */
export function platformLabel(platform: string): string {
  return suggestionLabel(CALL_PLATFORMS, platform);
}

/** "follow-up" → "Follow-up"; an unknown type is shown as it was stored. */
export function callTypeLabel(callType: string): string {
  return suggestionLabel(CALL_TYPES, callType);
}

const clientId = rowId("clientId", { type: "clientId must be a client id (a whole number) or null" }).nullable();

export const platform = text({ error: "platform must be text" })
  .trim()
  .min(1, "Choose a platform")
  .max(40, "platform must be at most 40 characters");

export const callType = text({ error: "callType must be text" })
  .trim()
  .min(1, "Choose a call type")
  .max(60, "callType must be at most 60 characters");

const notes = text({ error: "notes must be text" }).max(5000, "Notes must be at most 5000 characters").nullable();

const durationSeconds = z
  .number({ error: "duration must be a number of seconds" })
  .int("duration must be whole seconds")
  .min(0, "duration cannot be negative")
  .max(MAX_CALL_SECONDS, "A call can last at most 24 hours");

/** POST /api/calls/start: every field optional; the timer starts at the server's clock. */
export const startCallRequest = z
  .object({
    clientId: clientId.optional(),
    platform: platform.optional(),
    callType: callType.optional(),
  })
  .strict();
export type StartCallRequest = z.infer<typeof startCallRequest>;

/** POST /api/calls: a call that already happened. */
export const logCallRequest = z
  .object({
    clientId: clientId.optional(),
    startTime: isoInstant("startTime must be an ISO 8601 date and time"),
    duration: durationSeconds.min(1, "duration must be at least 1 second"),
    callType: callType.optional(),
    platform: platform.optional(),
    notes: notes.optional(),
    description: text({ error: "description must be text" })
      .max(500, "description must be at most 500 characters")
      .nullable()
      .optional(),
  })
  .strict();
export type LogCallRequest = z.infer<typeof logCallRequest>;

/** PATCH /api/calls/{id}: any of client, type, notes, duration (at least one). */
export const updateCallRequest = z
  .object({
    clientId: clientId.optional(),
    callType: callType.optional(),
    notes: notes.optional(),
    duration: durationSeconds.optional(),
    description: text({ error: "description must be text" })
      .max(500, "description must be at most 500 characters")
      .nullable()
      .optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Send at least one of clientId, callType, notes, duration or description",
  });
export type UpdateCallRequest = z.infer<typeof updateCallRequest>;

/** POST /api/calls/reprice: optionally one client's calls only. */
export const repriceCallsRequest = z.object({ clientId: clientId.unwrap().optional() }).strict();
export type RepriceCallsRequest = z.infer<typeof repriceCallsRequest>;

/** GET /api/calls: newest first, in pages. */
/** GET /api/calls's paging (the query itself is below, with whose calls). */
const callsPaging = {
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(1000, "limit must be at most 1000")
    .default(100),
  offset: z.coerce
    .number({ error: "offset must be a number" })
    .int("offset must be a whole number")
    .min(0, "offset cannot be negative")
    .max(10_000_000, "offset is too large")
    .default(0),
};

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const anyInstant = z.iso.datetime({ offset: true });
const periodBound = (name: string) =>
  text({ error: `${name} is required (yyyy-MM-dd or an ISO 8601 instant)` })
    .trim()
    .superRefine((value, ctx) => {
      if (CALENDAR_DAY.test(value) ? !isCalendarDate(value) : !anyInstant.safeParse(value).success) {
        const message = CALENDAR_DAY.test(value)
          ? `${name} is not a real calendar day: ${value}`
          : `${name} must be a date like 2026-01-31 or an ISO 8601 instant`;
        ctx.addIssue({ code: "custom", message });
      } else if (!isDateInRange(value)) ctx.addIssue({ code: "custom", message: DATE_OUT_OF_RANGE });
    });

/**
 * `?startDate=&endDate=` of the client log. Calendar days ("yyyy-MM-dd") are whole days in the
 * account's time zone, endDate included; ISO instants are taken as they are, endDate excluded.
 */
/**
 * One member's work only (issue 26 §2: the team dashboard's and client log's member filter). A user of another
 * practice, or another member asked for by a member, is a 404 "Member not found" (server/work/member-filter.ts).
 */
export const memberFilter = { userId: idText("userId").optional() };

export const periodQuery = z.object({ startDate: periodBound("startDate"), endDate: periodBound("endDate"), ...memberFilter });
export type PeriodQuery = z.infer<typeof periodQuery>;

export const PERIOD_BOTH_OR_NEITHER = "Send both startDate and endDate, or neither";
const bothOrNeither = (query: { startDate?: string; endDate?: string }) =>
  (query.startDate === undefined) === (query.endDate === undefined);

/** The optional filters of a paged list: one client (its id as text), a period (both bounds or none). */
export const pagedListFilters = {
  clientId: idText("clientId").optional(),
  startDate: periodBound("startDate").optional(),
  endDate: periodBound("endDate").optional(),
  ...memberFilter,
  ...pageParams,
};

/** Which calls a page lists: all of them, or only those an invoice can still take (ended, on no invoice). */
export const CALL_BILLING_FILTERS = ["any", "unbilled"] as const;

/**
 * GET /api/calls/page (docs/paging.md): the account's calls newest first, one keyset page at a time,
 * optionally one client's, in a period (the client log's bounds: days in the account's zone or
 * instants), or only the unbilled ones (the client log's Generate Invoice).
 */
export const callsPageQuery = z
  .object({
    ...pagedListFilters,
    billing: z.enum(CALL_BILLING_FILTERS, { error: "billing must be any or unbilled" }).default("any"),
  })
  .refine(bothOrNeither, { message: PERIOD_BOTH_OR_NEITHER, path: ["endDate"] });
export type CallsPageQuery = z.output<typeof callsPageQuery>;

/** GET /api/emails/page: the account's tracked emails newest first, with the same filters. */
export const emailsPageQuery = z
  .object(pagedListFilters)
  .refine(bothOrNeither, { message: PERIOD_BOTH_OR_NEITHER, path: ["endDate"] });
export type EmailsPageQuery = z.output<typeof emailsPageQuery>;

/** Someone on a captured call, as the provider reported them (phones in E.164 when they could be read). */
export const callParticipantJson = z.object({
  name: text().nullable(),
  email: text().nullable(),
  phone: text().nullable(),
  direction: z.enum(["inbound", "outbound"]).nullable(),
  /** The account's own user: never a client candidate, never offered to remember. */
  self: z.boolean(),
});
export type CallParticipantJson = z.infer<typeof callParticipantJson>;

/** One call as every list shows it. Money as decimal strings ("12.50"); durations in seconds. */
export const callJson = z.object({
  id,
  platform: text(),
  startTime: instant,
  endTime: instant.nullable(),
  duration: pricedFields.duration.describe("Raw seconds (0 while active)"),
  billedDuration: pricedFields.billedDuration,
  billableAmount: rateField(money),
  amount: rateField(pricedFields.amount),
  rate: rateField(pricedFields.rate.describe("The rate the call was priced with, per billingType")),
  billingType: pricedFields.billingType,
  minimumBillingMinutes: count,
  roundingIncrementMinutes: count,
  clientId: id.nullable(),
  clientName: text().nullable(),
  callType: text(),
  notes: text().nullable(),
  description: text().nullable(),
  invoiceId: id.nullable(),
  active: z.boolean(),
  /** Where the call came from: timer, manual, zoom, twilio, sms, webhook … */
  source: text(),
  participants: z.array(callParticipantJson),
  /** Made by "Send a test event" (docs/first-run.md): marked on screen, removable in one click, never invoiced. */
  isTest: z.boolean(),
});
export type CallJson = z.infer<typeof callJson>;

export const callsPage = pageOf(callJson);
export type CallsPage = z.infer<typeof callsPage>;

/** A running call as the tracker shows it: the call's own fields, picked so the two cannot drift. */
export const activeCallJson = callJson.pick({
  id: true,
  platform: true,
  startTime: true,
  clientId: true,
  clientName: true,
  callType: true,
  source: true,
  participants: true,
});
export type ActiveCallJson = z.infer<typeof activeCallJson>;

export const endCallResponse = z.object({ duration: count, call: callJson });
export type EndCallResponse = z.infer<typeof endCallResponse>;
export const endAllCallsResponse = z.object({ ended: count, calls: z.array(callJson) });
export type EndAllCallsResponse = z.infer<typeof endAllCallsResponse>;
/** `checked`: unbilled, ended calls looked at; `repriced`: those whose stored price or rules changed. */
export const repriceCallsResponse = z.object({ checked: count, repriced: count });
export type RepriceCallsResponse = z.infer<typeof repriceCallsResponse>;
/** DELETE /api/calls/{id}. */
export const deleteCallResponse = z.object({ success: z.literal(true), id });

/** The client log's emails are tracked emails, presented once (tracked-emails.ts). */
export type { TrackedEmailResponse as ClientEmailJson } from "./tracked-emails.js";

/**
 * GET /api/clients/{id}/period-totals?startDate=&endDate=: the client log's summary cards
 * and tab counts, summed by the database over the whole period (not over the rows on screen).
 * `unbilled*`: the ended calls no invoice holds yet (what the period's Generate Invoice bills).
 * Every role that reads calls gets the counts and seconds (its own work for a member); the amounts only a
 * role that sees rates (issue 26 §2: a member's cards show hours and counts, never a pretended "$0.00").
 */
export const periodTotalsJson = z.object({
  calls: count,
  callSeconds: count.describe("Raw seconds of the period's calls"),
  callBilledSeconds: count,
  callAmount: rateField(money),
  activeCalls: count,
  unbilledCalls: count,
  unbilledCallAmount: rateField(money),
  emails: count,
  emailBilledSeconds: count.describe("Exact billed seconds of the period's emails"),
  emailAmount: rateField(money),
  revenue: rateField(money.describe("Calls plus emails")),
});
export type PeriodTotalsJson = z.infer<typeof periodTotalsJson>;

/**
 * The client log's Duration card: calls' raw seconds plus emails' exact billed seconds, never rounded
 * hours (ten 7-minute emails are 1h 10m, not 10 × 0.12 h = 1h 12m).
 */
export function loggedSeconds(totals: Pick<PeriodTotalsJson, "callSeconds" | "emailBilledSeconds">): number {
  return totals.callSeconds + totals.emailBilledSeconds;
}

/** GET /api/dashboard/stats: "mine" (the session user's work) or "team" (the practice's, optionally one member's). */
export const DASHBOARD_VIEWS = ["mine", "team"] as const;
export const dashboardStatsQuery = z.object({
  view: z.enum(DASHBOARD_VIEWS, { error: "view must be mine or team" }).default("team"),
  ...memberFilter,
});
export type DashboardStatsQuery = z.output<typeof dashboardStatsQuery>;

/**
 * GET /api/calls, newest first: the dashboard's Recent Calls follows its Mine / Team choice with the same
 * `view` and `userId` as the stats (without either: everyone the caller may see).
 */
export const listCallsQuery = z.object({
  ...callsPaging,
  view: z.enum(DASHBOARD_VIEWS, { error: "view must be mine or team" }).optional(),
  ...memberFilter,
});
export type ListCallsQuery = z.infer<typeof listCallsQuery>;

export const dashboardStats = z.object({
  todayCalls: count,
  totalDuration: count.describe("Seconds"),
  billableAmount: rateField(money),
  pendingInvoices: count,
});
export type DashboardStats = z.infer<typeof dashboardStats>;

export { emptyBody } from "./common.js";
