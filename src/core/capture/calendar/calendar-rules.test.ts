import { describe, expect, it } from "vitest";
import { FEED_URL_INVALID, maskedFeedHost, normaliseFeedUrl } from "./feed-url.js";
import { feedNote, listedNotes, MAX_SKIPPED_LISTED } from "./feed-notes.js";
import { endedInWindow, feedWindow } from "./feed-window.js";
import { occurrenceKey } from "./occurrence-key.js";

describe("occurrence keys", () => {
  it("are the UID and the original start in UTC, whatever zone the Date came from", () => {
    // 10:00 in New York before and after the 2026 DST change (8 March).
    expect(occurrenceKey("series@x", new Date("2026-03-03T10:00:00-05:00"))).toBe("series@x@2026-03-03T15:00:00.000Z");
    expect(occurrenceKey("series@x", new Date("2026-03-10T10:00:00-04:00"))).toBe("series@x@2026-03-10T14:00:00.000Z");
  });
});

describe("the window", () => {
  const now = new Date("2026-03-26T12:00:00Z");
  const window = feedWindow(now);

  it("holds meetings that ended in the last 30 days, up to now", () => {
    expect(window.from.toISOString()).toBe("2026-02-24T12:00:00.000Z");
    expect(endedInWindow(new Date("2026-03-26T12:00:00Z"), window)).toBe(true);
    expect(endedInWindow(new Date("2026-02-24T12:00:01Z"), window)).toBe(true);
  });

  it("leaves out meetings still to end and those that ended before it", () => {
    expect(endedInWindow(new Date("2026-03-26T12:00:01Z"), window)).toBe(false);
    expect(endedInWindow(new Date("2026-02-24T12:00:00Z"), window)).toBe(false);
    expect(endedInWindow(new Date("2025-06-01T00:00:00Z"), feedWindow(now, 400))).toBe(true);
  });

  it("is 30 days of elapsed time across a DST change (not 30 local days)", () => {
    const afterDst = feedWindow(new Date("2026-03-20T12:00:00Z"));
    expect(afterDst.to.getTime() - afterDst.from.getTime()).toBe(30 * 24 * 3600 * 1000);
  });
});

describe("feed addresses", () => {
  it("turns webcal:// into https:// and keeps https", () => {
    expect(normaliseFeedUrl("webcal://p01-caldav.icloud.com/published/2/abc")?.href).toBe(
      "https://p01-caldav.icloud.com/published/2/abc",
    );
    expect(normaliseFeedUrl(" https://calendar.google.com/calendar/ical/x/private-y/basic.ics ")?.protocol).toBe("https:");
  });

  it("refuses what is not a web address", () => {
    for (const value of ["ftp://x/cal.ics", "file:///etc/passwd", "javascript:alert(1)", "calendar.ics", ""])
      expect(normaliseFeedUrl(value)).toBeNull();
    expect(FEED_URL_INVALID).toContain("https://");
  });

  it("shows only the host", () => {
    expect(maskedFeedHost("calendar.google.com")).toBe("calendar.google.com…");
  });
});

describe("what a read left out, as stored (issue 25 §1.2)", () => {
  it("keeps 20 sentences and counts the rest", () => {
    const notes = Array.from({ length: 23 }, (_, n) => feedNote.skipped(`“Meeting ${n}”`, "it has no END:VEVENT"));
    const listed = listedNotes(notes);
    expect(listed).toHaveLength(MAX_SKIPPED_LISTED + 1);
    expect(listed.at(-1)).toBe("3 more entries were left out for the same kinds of reasons.");
  });

  it("drops what the database cannot store from text the feed wrote (NUL, control characters, lone surrogates)", () => {
    expect(listedNotes([feedNote.skipped("“A\u0000B\u0007C\uD800”", "it has no END:VEVENT")])).toEqual([
      "“ABC” was left out: it has no END:VEVENT.",
    ]);
    expect(listedNotes(["“😀 call” was left out: x."])).toEqual(["“😀 call” was left out: x."]);
  });
});
