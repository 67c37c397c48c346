import { describe, expect, it } from "vitest";
import {
  INTEGRATION_STATUSES,
  type IntegrationStatus,
  mobileStatusWord,
  type StatusScreen,
  statusWord,
} from "../integration-status.js";
import {
  CAPTURE_STATUS_OF,
  type CaptureSourceId,
  CAPTURE_STATUSES,
  captureStatusOf,
  isBroken,
  nativeCaptureStatus,
  type SourceFacts,
  spanText,
} from "./source-status.js";

const NOW = new Date("2026-11-27T12:00:00Z");
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const facts = (overrides: Partial<SourceFacts>): SourceFacts => ({
  source: "zoom",
  status: "connected",
  nativeStatus: "connected",
  enabled: true,
  connectedAt: new Date(NOW.getTime() - 30 * DAY),
  lastEventAt: new Date(NOW.getTime() - HOUR),
  lastError: null,
  expiresAt: null,
  ...overrides,
});

/** Each source's settings screen in core/integration-status.ts's table. */
const SCREEN_OF = {
  calendar: "calendar",
  zoom: "zoom",
  teams: "teams",
  meet: "meet",
  phone: "landline",
  mobile: "mobile",
} as const satisfies Record<CaptureSourceId, StatusScreen>;

/**
 * The statuses each source's own rule gives a switched-on row (Zoom and a mobile are proved by their
 * events alone: nothing refuses them, so they are never reconnect or error).
 */
const REACHED: Record<CaptureSourceId, readonly IntegrationStatus[]> = {
  calendar: ["awaiting_events", "connected", "error"],
  zoom: ["not_connected", "awaiting_events", "connected"],
  teams: ["awaiting_events", "connected", "reconnect", "error"],
  meet: ["awaiting_events", "connected", "reconnect"],
  phone: ["awaiting_events", "connected", "error"],
  mobile: ["not_connected", "awaiting_events", "connected"],
};

/** The statuses behind a word a switched-on source shows (mobile's "partial" is a connected mobile). */
function statusesShowing(source: CaptureSourceId, word: string): IntegrationStatus[] {
  return REACHED[source].filter(
    (status) =>
      statusWord(SCREEN_OF[source], status) === word || (source === "mobile" && mobileStatusWord(status, false) === word),
  );
}

describe("each source's own words in the one vocabulary", () => {
  it.each([
    ["calendar", "connected", "healthy"],
    ["calendar", "error", "failing"],
    ["calendar", "disconnected", "waiting"],
    ["zoom", "connected", "healthy"],
    ["zoom", "awaiting_events", "waiting"],
    ["zoom", "disconnected", "off"],
    ["teams", "connected", "healthy"],
    ["teams", "not connected", "waiting"],
    ["teams", "error", "failing"],
    ["meet", "connected", "healthy"],
    ["meet", "not connected", "waiting"],
    ["meet", "reconnect", "failing"],
    ["phone", "connected", "healthy"],
    ["phone", "disconnected", "waiting"],
    ["phone", "error", "failing"],
    ["mobile", "connected", "healthy"],
    ["mobile", "partial", "healthy"],
    ["mobile", "configuring", "waiting"],
    ["mobile", "disconnected", "off"],
  ] as const)("%s %s → %s", (source, word, status) => {
    // The word the tab shows comes from the vocabulary; every status behind it means the same health.
    const behind = statusesShowing(source, word);
    expect(behind.length).toBeGreaterThan(0);
    for (const s of behind) expect(nativeCaptureStatus(s, true), s).toBe(status);
  });

  it("a source switched off is off whatever its status; set up but not yet proved is waiting; a refusal is failing", () => {
    for (const status of INTEGRATION_STATUSES) expect(nativeCaptureStatus(status, false)).toBe("off");
    expect(CAPTURE_STATUS_OF).toEqual({
      not_connected: "off",
      awaiting_events: "waiting",
      connected: "healthy",
      reconnect: "failing",
      error: "failing",
    });
  });

  it("only silent, expiring and failing count as broken", () => {
    expect(CAPTURE_STATUSES.filter(isBroken)).toEqual(["silent", "expiring", "failing"]);
  });
});

describe("captureStatusOf: time, sentences and the one action", () => {
  it("healthy while events arrive", () => {
    expect(captureStatusOf(facts({}), NOW)).toEqual({ status: "healthy", problem: null, action: null, breakageKey: null });
  });

  it("silent after a week without events, counted in days", () => {
    const last = new Date(NOW.getTime() - 9 * DAY - 5 * HOUR);
    expect(captureStatusOf(facts({ lastEventAt: last }), NOW)).toEqual({
      status: "silent",
      problem: "Zoom has sent nothing for 9 days",
      action: { label: "Check Zoom settings", href: "/settings?tab=integrations&sub=zoom" },
      breakageKey: `zoom:silent:${last.toISOString()}`,
    });
    expect(captureStatusOf(facts({ lastEventAt: new Date(NOW.getTime() - 6 * DAY) }), NOW).status).toBe("healthy");
  });

  it("a calendar is silent after an hour without a read", () => {
    const health = captureStatusOf(facts({ source: "calendar", lastEventAt: new Date(NOW.getTime() - 3 * HOUR) }), NOW);
    expect(health.problem).toBe("Calendar has not been read for 3 hours");
    expect(health.action?.href).toBe("/settings?tab=integrations&sub=calendar");
  });

  it("waiting, then silent when nothing ever arrived for two days", () => {
    const waiting = facts({
      status: "awaiting_events",
      nativeStatus: "awaiting_events",
      lastEventAt: null,
      connectedAt: new Date(NOW.getTime() - HOUR),
    });
    expect(captureStatusOf(waiting, NOW)).toMatchObject({
      status: "waiting",
      problem: null,
      action: { label: "Finish Zoom set-up" },
    });
    const never = { ...waiting, connectedAt: new Date(NOW.getTime() - 3 * DAY) };
    expect(captureStatusOf(never, NOW)).toMatchObject({
      status: "silent",
      problem: "Zoom has sent nothing in the 3 days since you connected it",
      breakageKey: "zoom:silent:never",
    });
  });

  it("failing with the provider's own words and Reconnect", () => {
    expect(
      captureStatusOf(
        facts({ source: "meet", status: "reconnect", nativeStatus: "reconnect", lastError: "Google refused the refresh token" }),
        NOW,
      ),
    ).toEqual({
      status: "failing",
      problem: "Google Meet is failing: Google refused the refresh token",
      action: { label: "Reconnect Google Meet", href: "/settings?tab=integrations&sub=meet" },
      breakageKey: "meet:failing:Google refused the refresh token",
    });
  });

  it("expiring inside the renewal margin, expired past it; a subscription far from its end is fine", () => {
    const teams = (ms: number) => facts({ source: "teams", expiresAt: new Date(NOW.getTime() + ms) });
    expect(captureStatusOf(teams(2 * HOUR + 60_000), NOW)).toMatchObject({
      status: "expiring",
      problem: "Teams subscription expires in 2 hours and could not be renewed: reconnect",
      action: { label: "Reconnect Teams" },
    });
    expect(captureStatusOf(teams(-3 * HOUR), NOW)).toMatchObject({
      status: "failing",
      problem: "Teams subscription expired 3 hours ago and could not be renewed: reconnect",
    });
    expect(captureStatusOf(teams(2 * DAY), NOW).status).toBe("healthy");
    // Zoom has no subscription: an expiry means nothing for it.
    expect(captureStatusOf(facts({ expiresAt: new Date(NOW.getTime() + HOUR) }), NOW).status).toBe("healthy");
  });

  it("spans in the largest whole unit", () => {
    expect([
      spanText(30_000),
      spanText(60_000),
      spanText(59 * 60_000),
      spanText(90 * 60_000),
      spanText(5 * HOUR),
      spanText(47 * HOUR),
      spanText(2 * DAY),
    ]).toEqual(["0 minutes", "1 minute", "59 minutes", "1 hour", "5 hours", "47 hours", "2 days"]);
  });
});
