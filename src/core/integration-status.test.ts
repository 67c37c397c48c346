import { describe, expect, it } from "vitest";
import { ACCOUNTING_STATUSES } from "./accounting/providers.js";
import { CALENDAR_FEED_STATUSES } from "./contracts/calendar-feed.js";
import { MAILBOX_STATUSES } from "./contracts/mailbox.js";
import { MEET_STATUSES } from "./contracts/meet.js";
import { LANDLINE_STATUSES, MOBILE_STATUSES } from "./contracts/phone.js";
import { TEAMS_STATUSES } from "./contracts/teams.js";
import { ZOOM_STATUSES } from "./contracts/zoom.js";
import {
  INTEGRATION_STATUSES,
  isIntegrationStatus,
  mobileStatusWord,
  STATUS_WORDS,
  type StatusScreen,
  statusWord,
  storedIntegrationStatus,
} from "./integration-status.js";

describe("the one status vocabulary and each screen's words", () => {
  it("has five statuses", () => {
    expect(INTEGRATION_STATUSES).toEqual(["not_connected", "awaiting_events", "connected", "reconnect", "error"]);
  });

  // Each row: not_connected, awaiting_events, connected, reconnect, error → the word the screen shows.
  it.each([
    ["zoom", ["disconnected", "awaiting_events", "connected", "awaiting_events", "awaiting_events"]],
    ["teams", ["not connected", "not connected", "connected", "error", "error"]],
    ["meet", ["not connected", "not connected", "connected", "reconnect", "reconnect"]],
    ["landline", ["disconnected", "disconnected", "connected", "error", "error"]],
    ["mobile", ["disconnected", "configuring", "connected", "configuring", "configuring"]],
    ["calendar", ["disconnected", "disconnected", "connected", "error", "error"]],
    ["mailbox", ["disconnected", "saved", "connected", "reconnect", "error"]],
    ["accounting", ["disconnected", "disconnected", "connected", "error", "error"]],
  ] as const)("%s shows %j", (screen, words) => {
    expect(INTEGRATION_STATUSES.map((status) => statusWord(screen, status))).toEqual(words);
  });

  it("uses every word of each screen's contract and no other", () => {
    const contract: Record<StatusScreen, readonly string[]> = {
      zoom: ZOOM_STATUSES,
      teams: TEAMS_STATUSES,
      meet: MEET_STATUSES,
      landline: LANDLINE_STATUSES,
      mobile: MOBILE_STATUSES.filter((word) => word !== "partial"),
      calendar: CALENDAR_FEED_STATUSES,
      mailbox: MAILBOX_STATUSES,
      accounting: ACCOUNTING_STATUSES,
    };
    for (const [screen, words] of Object.entries(STATUS_WORDS))
      expect(new Set(Object.values(words)), screen).toEqual(new Set(contract[screen as StatusScreen]));
  });

  it("says partial for a connected mobile whose methods have not all worked", () => {
    expect(mobileStatusWord("connected", false)).toBe("partial");
    expect(mobileStatusWord("connected", true)).toBe("connected");
    expect(mobileStatusWord("awaiting_events", false)).toBe("configuring");
    expect(mobileStatusWord("not_connected", false)).toBe("disconnected");
  });

  it("reads a word from before the vocabulary as the row's fallback, never as connected", () => {
    for (const legacy of ["configured", "disconnected", "not connected", "", null, undefined]) {
      expect(isIntegrationStatus(legacy)).toBe(false);
      expect(storedIntegrationStatus(legacy, "awaiting_events")).toBe("awaiting_events");
    }
    expect(storedIntegrationStatus("reconnect", "not_connected")).toBe("reconnect");
  });
});
