import type { CallParticipant } from "../../db/schema/calls.js";
import type { CaptureEvent } from "../capture-event.js";

/**
 * From Google's shapes to what capture needs, without I/O (unit-tested beside this file):
 * a calendar event → the meeting to look up (its Meet code and times, its attendees); a Meet
 * conference record and its participants → capture events. Meet names signed-in participants by a
 * Google user id (`users/{id}`), never by address (docs/meet.md): the client is found through the
 * calendar event's attendee emails.
 */

/** The fields of a Calendar v3 event used here. */
export type CalendarEvent = {
  id?: string | null;
  status?: string | null;
  summary?: string | null;
  hangoutLink?: string | null;
  start?: { dateTime?: string | null; date?: string | null } | null;
  end?: { dateTime?: string | null; date?: string | null } | null;
  attendees?:
    | {
        email?: string | null;
        displayName?: string | null;
        self?: boolean | null;
        resource?: boolean | null;
        responseStatus?: string | null;
      }[]
    | null;
  conferenceData?: {
    conferenceId?: string | null;
    conferenceSolution?: { key?: { type?: string | null } | null } | null;
    entryPoints?: { entryPointType?: string | null; uri?: string | null }[] | null;
  } | null;
};

export type Attendee = { email: string; name: string | null; self: boolean };

/** What the fetch job needs to know about one meeting (JSON: it travels as job data). */
export type MeetingToFetch = {
  calendarEventId: string;
  meetingCode: string;
  /** ISO instants of the calendar event. */
  start: string;
  end: string;
  topic: string | null;
  attendees: Attendee[];
};

/** Meet's meeting codes: "abc-mnop-xyz". */
const MEETING_CODE = /(?:^|\/)([a-z]{3}-[a-z]{4}-[a-z]{3})(?:$|[/?#])/;

/** The event's Meet code: its conference (hangoutsMeet), else its video entry point, else hangoutLink. */
export function meetingCodeOf(event: CalendarEvent): string | null {
  const conference = event.conferenceData;
  if (conference?.conferenceSolution?.key?.type === "hangoutsMeet" && conference.conferenceId) {
    const code = conference.conferenceId.toLowerCase();
    if (MEETING_CODE.test(code)) return code;
  }
  const video = conference?.entryPoints?.find((entry) => entry.entryPointType === "video")?.uri ?? null;
  for (const link of [video, event.hangoutLink]) {
    if (!link) continue;
    try {
      const url = new URL(link);
      if (url.hostname !== "meet.google.com") continue;
      const match = MEETING_CODE.exec(url.pathname.toLowerCase());
      if (match?.[1]) return match[1];
    } catch {
      // not a URL: no code
    }
  }
  return null;
}

/**
 * The meeting to fetch after it ends, or null: cancelled events, all-day events (no Meet call
 * has a whole day) and events without a Meet link are not calls.
 */
export function meetingFromEvent(event: CalendarEvent, ownAddresses: readonly string[]): MeetingToFetch | null {
  if (!event.id || event.status === "cancelled") return null;
  const code = meetingCodeOf(event);
  const start = event.start?.dateTime ? new Date(event.start.dateTime) : null;
  const end = event.end?.dateTime ? new Date(event.end.dateTime) : null;
  if (!code || !start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  const own = new Set(ownAddresses.map((address) => address.toLowerCase()));
  const attendees: Attendee[] = [];
  for (const attendee of event.attendees ?? []) {
    const email = attendee.email?.trim().toLowerCase();
    if (!email || attendee.resource || attendee.responseStatus === "declined") continue;
    if (attendees.some((seen) => seen.email === email)) continue;
    attendees.push({ email, name: attendee.displayName ?? null, self: Boolean(attendee.self) || own.has(email) });
  }
  return {
    calendarEventId: event.id,
    meetingCode: code,
    start: start.toISOString(),
    end: end.toISOString(),
    topic: event.summary ?? null,
    attendees,
  };
}

/** A conference belongs to a calendar meeting of its code when it started within the event's times ±2 h. */
export const CONFERENCE_MARGIN_MS = 2 * 60 * 60 * 1000;

/** Meet v2's filter for the meeting's conference records: its code, started within the event's window (±2 h). */
export function conferenceFilter(meeting: Pick<MeetingToFetch, "meetingCode" | "start" | "end">): string {
  const from = new Date(new Date(meeting.start).getTime() - CONFERENCE_MARGIN_MS).toISOString();
  const to = new Date(new Date(meeting.end).getTime() + CONFERENCE_MARGIN_MS).toISOString();
  return `space.meeting_code = "${meeting.meetingCode}" AND start_time >= "${from}" AND start_time <= "${to}"`;
}

/**
 * The other way round (reconciliation reads conferences first): of the calendar's meetings, the one a
 * conference of this code that started then belongs to, by conferenceFilter's own rule; of several
 * (a series' instances close together), the one scheduled to start nearest to it. Null when none is:
 * a Meet call that is not on the calendar, which the live path never captures either.
 */
export function meetingOfConference(
  meetings: readonly MeetingToFetch[],
  conference: { meetingCode: string; startTime: string },
): MeetingToFetch | null {
  const started = new Date(conference.startTime).getTime();
  if (Number.isNaN(started)) return null;
  let best: MeetingToFetch | null = null;
  for (const meeting of meetings) {
    if (meeting.meetingCode !== conference.meetingCode.toLowerCase()) continue;
    const from = new Date(meeting.start).getTime() - CONFERENCE_MARGIN_MS;
    const to = new Date(meeting.end).getTime() + CONFERENCE_MARGIN_MS;
    if (started < from || started > to) continue;
    const distance = Math.abs(new Date(meeting.start).getTime() - started);
    if (!best || distance < Math.abs(new Date(best.start).getTime() - started)) best = meeting;
  }
  return best;
}

/** The fields of a Meet v2 participant used here. */
export type MeetParticipant = {
  name?: string | null;
  signedinUser?: { user?: string | null; displayName?: string | null } | null;
  anonymousUser?: { displayName?: string | null } | null;
  phoneUser?: { displayName?: string | null } | null;
};

const sameName = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/**
 * Who took part: every attendee of the calendar event (by email: what matching needs; the user's own
 * addresses marked self), a signed-in participant whose display name is an attendee's adding only
 * that name; other signed-in and anonymous participants by name, dial-in callers by the number as
 * Meet gives it (partly redacted).
 */
export function participantsOf(attendees: readonly Attendee[], joined: readonly MeetParticipant[]): CallParticipant[] {
  const list: CallParticipant[] = attendees.map((attendee) => ({
    email: attendee.email,
    name: attendee.name,
    ...(attendee.self ? { self: true } : {}),
  }));
  for (const participant of joined) {
    if (participant.phoneUser) {
      const phone = participant.phoneUser.displayName?.trim();
      if (phone && !list.some((entry) => entry.phone === phone)) list.push({ phone, direction: "inbound" });
      continue;
    }
    const name = (participant.signedinUser ?? participant.anonymousUser)?.displayName?.trim();
    if (!name) continue;
    const known = list.find((entry) => sameName(entry.name, name));
    if (known) continue;
    list.push({ name });
  }
  return list;
}

/** A Meet v2 conference record's fields used here. */
export type ConferenceRecord = { name?: string | null; startTime?: string | null; endTime?: string | null };

/**
 * The capture events of one conference: started at its start; ended at its end (with the start),
 * once Meet has closed it. The conference record's name is the call's id: the same meeting fetched
 * twice makes the same events, which the pipeline records once.
 */
export function conferenceEvents(
  owner: { accountId: number; userId: number | null },
  meeting: Pick<MeetingToFetch, "topic">,
  record: ConferenceRecord,
  participants: CallParticipant[],
): CaptureEvent[] {
  if (!record.name || !record.startTime) return [];
  const startedAt = new Date(record.startTime);
  if (Number.isNaN(startedAt.getTime())) return [];
  const base = {
    accountId: owner.accountId,
    userId: owner.userId,
    source: "meet" as const,
    externalCallId: record.name,
    platform: "meet",
    topic: meeting.topic,
    participants,
  };
  const events: CaptureEvent[] = [{ ...base, eventId: `${record.name}:started`, kind: "started", at: startedAt }];
  const endedAt = record.endTime ? new Date(record.endTime) : null;
  if (endedAt && !Number.isNaN(endedAt.getTime()))
    events.push({ ...base, eventId: `${record.name}:ended`, kind: "ended", at: endedAt, startedAt });
  return events;
}
