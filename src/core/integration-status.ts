import type { AccountingStatus } from "./accounting/providers.js";
import type { CalendarFeedStatus } from "./contracts/calendar-feed.js";
import type { MailboxStatus } from "./contracts/mailbox.js";
import type { MeetStatus } from "./contracts/meet.js";
import type { LandlineStatus, MobileStatus } from "./contracts/phone.js";
import type { TeamsStatus } from "./contracts/teams.js";
import type { ZoomStatus } from "./contracts/zoom.js";

/**
 * The ONE status vocabulary of every integration row (capture sources and accounting systems), the
 * words the server stores in `integrations.status` and reasons with:
 * - not_connected: nothing set up, or switched off;
 * - awaiting_events: set up, nothing has proved it works yet (no verified event, no consent, no poll);
 * - connected: proved to work (a verified event, a consent with a refresh token, a checked call);
 * - reconnect: the provider refused our grant (`invalid_grant`): only the user can fix it;
 * - error: the provider refused or failed otherwise (its words are the row's `lastError`).
 * Each settings screen shows its own words (the API's `status` field, kept as the screens have
 * always shown them); `STATUS_WORDS` below is the one table from the vocabulary to those words.
 */
export const INTEGRATION_STATUSES = ["not_connected", "awaiting_events", "connected", "reconnect", "error"] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

export function isIntegrationStatus(word: unknown): word is IntegrationStatus {
  return typeof word === "string" && (INTEGRATION_STATUSES as readonly string[]).includes(word);
}

/**
 * A stored row's status in the vocabulary. A row written before the vocabulary (or by hand) may hold
 * another word: it reads as `fallback`, the status the row's own facts would give it, never as connected.
 */
export function storedIntegrationStatus(stored: string | null | undefined, fallback: IntegrationStatus): IntegrationStatus {
  return isIntegrationStatus(stored) ? stored : fallback;
}

/** The integrations that show a status on a screen, each with its own words (the API contract's enum). */
export type StatusWordsOf = {
  zoom: ZoomStatus;
  teams: TeamsStatus;
  meet: MeetStatus;
  landline: LandlineStatus;
  mobile: MobileStatus;
  calendar: CalendarFeedStatus;
  mailbox: MailboxStatus;
  accounting: AccountingStatus;
};
export type StatusScreen = keyof StatusWordsOf;

/**
 * The one table: vocabulary → the words each screen shows. Where a screen has fewer words than the
 * vocabulary, two statuses share a word (Zoom shows no failure of its own: its events prove it; a
 * landline, calendar or accounting system says "disconnected" until it first works). Mobile's
 * "partial" (some of its methods have worked, not all) is `mobileStatusWord`'s one refinement.
 */
export const STATUS_WORDS: { [S in StatusScreen]: Record<IntegrationStatus, StatusWordsOf[S]> } = {
  zoom: {
    not_connected: "disconnected",
    awaiting_events: "awaiting_events",
    connected: "connected",
    reconnect: "awaiting_events",
    error: "awaiting_events",
  },
  teams: {
    not_connected: "not connected",
    awaiting_events: "not connected",
    connected: "connected",
    reconnect: "error",
    error: "error",
  },
  meet: {
    not_connected: "not connected",
    awaiting_events: "not connected",
    connected: "connected",
    reconnect: "reconnect",
    error: "reconnect",
  },
  landline: {
    not_connected: "disconnected",
    awaiting_events: "disconnected",
    connected: "connected",
    reconnect: "error",
    error: "error",
  },
  mobile: {
    not_connected: "disconnected",
    awaiting_events: "configuring",
    connected: "connected",
    reconnect: "configuring",
    error: "configuring",
  },
  calendar: {
    not_connected: "disconnected",
    awaiting_events: "disconnected",
    connected: "connected",
    reconnect: "error",
    error: "error",
  },
  mailbox: {
    not_connected: "disconnected",
    awaiting_events: "saved",
    connected: "connected",
    reconnect: "reconnect",
    error: "error",
  },
  accounting: {
    not_connected: "disconnected",
    awaiting_events: "disconnected",
    connected: "connected",
    reconnect: "error",
    error: "error",
  },
};

/** The word a screen shows for a status: the API's `status` field is always made here. */
export function statusWord<S extends StatusScreen>(screen: S, status: IntegrationStatus): StatusWordsOf[S] {
  return STATUS_WORDS[screen][status];
}

/** Mobile's word: a connected mobile whose methods have not all worked yet says "partial". */
export function mobileStatusWord(status: IntegrationStatus, everyMethodWorked: boolean): MobileStatus {
  return status === "connected" && !everyMethodWorked ? "partial" : STATUS_WORDS.mobile[status];
}
