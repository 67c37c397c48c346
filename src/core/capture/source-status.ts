import type { IntegrationStatus } from "../integration-status.js";

/**
 * Capture health in ONE vocabulary: the dashboard's Capture card, the setup guide and the "a source
 * broke" notification speak only the words below. A source's connection status is the integrations'
 * one vocabulary (core/integration-status.ts); `CAPTURE_STATUS_OF` maps it here, then
 * `captureStatusOf` adds what time says. docs/first-run.md has the table.
 */

/** The sources a professional can connect, quickest to set up first. */
export const CAPTURE_SOURCE_IDS = ["calendar", "zoom", "teams", "meet", "phone", "mobile"] as const;
export type CaptureSourceId = (typeof CAPTURE_SOURCE_IDS)[number];

export const CAPTURE_SOURCE_LABELS: Record<CaptureSourceId, string> = {
  calendar: "Calendar",
  zoom: "Zoom",
  teams: "Teams",
  meet: "Google Meet",
  phone: "Phone line",
  mobile: "Mobile",
};

/** Where each source is set up: Settings → Integrations' sub-tab. */
export const CAPTURE_SOURCE_SETTINGS_TAB: Record<CaptureSourceId, string> = {
  calendar: "calendar",
  zoom: "zoom",
  teams: "teams",
  meet: "meet",
  phone: "landline",
  mobile: "mobile",
};

/** The `calls.source` values each capture source writes (for "calls this week"). */
export const CALL_SOURCES_OF: Record<CaptureSourceId, readonly string[]> = {
  calendar: ["calendar"],
  zoom: ["zoom"],
  teams: ["teams"],
  meet: ["meet"],
  phone: ["twilio", "signalwire", "webhook"],
  mobile: ["sms"],
};

/**
 * healthy: events arrive; waiting: set up, nothing has arrived yet; silent: nothing for too long;
 * expiring: a subscription ends soon and its renewal failed; failing: the provider refuses or
 * errors; off: not set up or switched off (not shown on the card).
 */
export const CAPTURE_STATUSES = ["healthy", "waiting", "silent", "expiring", "failing", "off"] as const;
export type CaptureStatus = (typeof CAPTURE_STATUSES)[number];

export const CAPTURE_STATUS_LABELS: Record<CaptureStatus, string> = {
  healthy: "Working",
  waiting: "Waiting for first event",
  silent: "Silent",
  expiring: "Expiring",
  failing: "Failing",
  off: "Off",
};

/** The statuses that mean a source broke: they raise a notification, once per breakage. */
export const BROKEN_STATUSES: readonly CaptureStatus[] = ["silent", "expiring", "failing"];
export const isBroken = (status: CaptureStatus): boolean => BROKEN_STATUSES.includes(status);

/** Nothing for this long from a working source is worth saying (a week without a Zoom call is unusual for a practice). */
export const SILENT_AFTER_MS = 7 * 24 * 3600_000;
/** A source set up this long ago that has never sent anything is silent too, not still "waiting". */
export const WAITING_TOO_LONG_MS = 2 * 24 * 3600_000;
/** A calendar is read every 5 minutes: an hour without a successful read means the polls stopped. */
export const CALENDAR_SILENT_AFTER_MS = 3600_000;
/**
 * A Teams subscription is renewed 12 h before it ends (capture/teams/teams-jobs.ts RENEW_WITHIN_MS);
 * with less left than that, a renewal has failed. The Meet push channel is renewed 24 h before.
 */
export const RENEWAL_MARGIN_MS: Partial<Record<CaptureSourceId, number>> = { teams: 12 * 3600_000, meet: 24 * 3600_000 };

/** What the server knows about one connected source. */
export type SourceFacts = {
  source: CaptureSourceId;
  /** Its connection status in the integrations' one vocabulary. */
  status: IntegrationStatus;
  /** The same status as its settings tab shows it (e.g. Zoom "awaiting_events"), for the card's detail. */
  nativeStatus: string;
  enabled: boolean;
  /** When it was set up (the integration row's creation). */
  connectedAt: Date;
  /** The last verified event (for a calendar: the last successful read). */
  lastEventAt: Date | null;
  /** The provider's last refusal or error, in its own words. */
  lastError: string | null;
  /** When a subscription or push channel ends (Teams, Meet). */
  expiresAt: Date | null;
};

/** The integrations' vocabulary → capture health, before time is considered: the one table. */
export const CAPTURE_STATUS_OF: Record<IntegrationStatus, CaptureStatus> = {
  not_connected: "off",
  awaiting_events: "waiting",
  connected: "healthy",
  reconnect: "failing",
  error: "failing",
};

/** A source's connection status in capture health's words (switched off is off, whatever its status). */
export function nativeCaptureStatus(status: IntegrationStatus, enabled: boolean): CaptureStatus {
  return enabled ? CAPTURE_STATUS_OF[status] : "off";
}

export type CaptureAction = { label: string; href: string };
export type CaptureHealth = {
  status: CaptureStatus;
  /** A sentence a person reads ("Zoom has sent nothing for 9 days"), or null when all is well. */
  problem: string | null;
  /** The one action that fixes it (or, while waiting, finishes the set-up). */
  action: CaptureAction | null;
  /** Identifies this breakage: the same key is never notified twice. Null when not broken. */
  breakageKey: string | null;
};

export function settingsHref(source: CaptureSourceId): string {
  return `/settings?tab=integrations&sub=${CAPTURE_SOURCE_SETTINGS_TAB[source]}`;
}

/** "9 days", "2 hours", "1 minute": the largest whole unit, rounded down. */
export function spanText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes >= 2 * 1440) return plural(Math.floor(minutes / 1440), "day");
  if (minutes >= 120) return plural(Math.floor(minutes / 60), "hour");
  if (minutes >= 60) return "1 hour";
  return plural(minutes, "minute");
}

/** The subscription word of a source whose events depend on one. */
const SUBSCRIPTION_WORD: Partial<Record<CaptureSourceId, string>> = { teams: "subscription", meet: "calendar channel" };

/**
 * A source's health now: its own word mapped onto the vocabulary, then what time says (an expiry
 * within the renewal margin, a silence too long), each with its sentence and the one fixing action.
 */
export function captureStatusOf(facts: SourceFacts, now: Date): CaptureHealth {
  const label = CAPTURE_SOURCE_LABELS[facts.source];
  const settings = settingsHref(facts.source);
  const base = nativeCaptureStatus(facts.status, facts.enabled);
  if (base === "off") return { status: "off", problem: null, action: null, breakageKey: null };
  const reconnect = { label: `Reconnect ${label}`, href: settings };

  if (base === "failing") {
    const why = facts.lastError?.trim() || "it stopped accepting Minutely's requests";
    return {
      status: "failing",
      problem: `${label} is failing: ${why}`,
      action: reconnect,
      breakageKey: `${facts.source}:failing:${why.slice(0, 200)}`,
    };
  }

  const margin = RENEWAL_MARGIN_MS[facts.source];
  if (facts.expiresAt && margin !== undefined && base === "healthy") {
    const left = facts.expiresAt.getTime() - now.getTime();
    const what = `${label} ${SUBSCRIPTION_WORD[facts.source] ?? "connection"}`;
    const key = `${facts.source}:expiring:${facts.expiresAt.toISOString()}`;
    if (left <= 0)
      return {
        status: "failing",
        problem: `${what} expired ${spanText(-left)} ago and could not be renewed: reconnect`,
        action: reconnect,
        breakageKey: key,
      };
    if (left < margin)
      return {
        status: "expiring",
        problem: `${what} expires in ${spanText(left)} and could not be renewed: reconnect`,
        action: reconnect,
        breakageKey: key,
      };
  }

  const check = { label: `Check ${label} settings`, href: settings };
  if (base === "waiting") {
    const waited = now.getTime() - facts.connectedAt.getTime();
    if (waited >= WAITING_TOO_LONG_MS)
      return {
        status: "silent",
        problem: `${label} has sent nothing in the ${spanText(waited)} since you connected it`,
        action: check,
        breakageKey: `${facts.source}:silent:never`,
      };
    return { status: "waiting", problem: null, action: { label: `Finish ${label} set-up`, href: settings }, breakageKey: null };
  }

  const silentAfter = facts.source === "calendar" ? CALENDAR_SILENT_AFTER_MS : SILENT_AFTER_MS;
  const since = facts.lastEventAt ?? facts.connectedAt;
  const quiet = now.getTime() - since.getTime();
  if (quiet >= silentAfter)
    return {
      status: "silent",
      problem:
        facts.source === "calendar"
          ? `Calendar has not been read for ${spanText(quiet)}`
          : `${label} has sent nothing for ${spanText(quiet)}`,
      action: check,
      breakageKey: `${facts.source}:silent:${since.toISOString()}`,
    };
  return { status: "healthy", problem: null, action: null, breakageKey: null };
}
