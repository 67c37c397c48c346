import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedNote } from "../../src/core/capture/calendar/feed-notes.js";
import { buildClient, getCallRow, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { calendar, event, westEuropeZone } from "../fixtures/ics/calendar-programs.js";
import { FEED_NOW } from "../fixtures/ics/weekly-dst.js";
import { type IcsStandIn, startIcsStandIn } from "../stand-ins/ics-server.js";

/**
 * Issue 25 §1 over HTTP: a feed as Outlook, Exchange and Google write it is saved (not refused), its
 * meetings proposed at the times the file means, whatever the server's zone, what could not be read
 * said on the Calendar tab, and each meeting's platform read from its join link, shown on the
 * proposal and kept by the confirmed call.
 */
type Proposal = { id: number; title: string | null; startsAt: string; platform: string | null; status: string };

let t: TestApp;
let a: TestAccount;
let ics: IcsStandIn;
let clientId: number;

const OUTLOOK_ZONE = "1";
const feed = () =>
  calendar(
    westEuropeZone(OUTLOOK_ZONE),
    // 11:00 in Amsterdam on 10 March 2026 (CET) is 10:00Z; Office 365 names the zone "1".
    event("outlook-board@x", [
      "SUMMARY:Board review",
      `DTSTART;TZID=${OUTLOOK_ZONE}:20260310T110000`,
      `DTEND;TZID=${OUTLOOK_ZONE}:20260310T120000`,
      "X-MICROSOFT-SKYPETEAMSMEETINGURL:https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0",
    ]),
    event("zoom-weekly@x", [
      "SUMMARY:Weekly check-in",
      "DTSTART:20260316T150000Z",
      "DTEND:20260316T153000Z",
      "RRULE:FREQ=WEEKLY;BYDAY=MO, WE;COUNT=4",
      "LOCATION:https://us02web.zoom.us/j/81234567890",
    ]),
    // A NUL in its title (anyone who sends an invitation writes the feed): PostgreSQL's jsonb refuses it.
    ["BEGIN:VEVENT", "UID:broken@x", "SUMMARY:Broken\u0000 export", "DTSTART:2026031X", "END:VEVENT"],
  );

beforeAll(async () => {
  t = await startTestApp({ now: () => FEED_NOW, calendarFeedTimeoutMs: 1000 });
  a = await newAccount(t);
  clientId = (
    await buildClient(a.c, { name: "Jane Client", email: "jane@client.test", billingRate: "120.00", billingType: "hour" })
  ).id;
  ics = await startIcsStandIn(feed());
});
afterAll(async () => {
  await ics?.close();
  await t?.close();
});

async function proposals(): Promise<Proposal[]> {
  const response = await a.c.get<{ proposals: Proposal[] }>("/api/call-proposals?status=proposed&limit=100");
  expect(response.status).toBe(200);
  return response.body.proposals;
}

describe("a feed as calendar programs write it", () => {
  it("is saved, not refused, with what could not be read on the Calendar tab", async () => {
    const saved = await a.c.request("PUT", "/api/integrations/calendar-feed", { json: { url: ics.url } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: "connected", eventsSeen: 5 });
    expect(saved.body.skipped).toEqual([expect.stringMatching(/^“Broken export” was left out: invalid date-time value/)]);
    const shown = await a.c.get("/api/integrations/calendar-feed");
    expect(shown.body.skipped).toEqual(saved.body.skipped);
  });

  it("proposes the Outlook meeting at the time its own VTIMEZONE gives, and every Exchange occurrence", async () => {
    const list = await proposals();
    expect(list.map((p) => [p.title, p.startsAt, p.platform]).sort()).toEqual([
      ["Board review", "2026-03-10T10:00:00.000Z", "teams"],
      ["Weekly check-in", "2026-03-16T15:00:00.000Z", "zoom"],
      ["Weekly check-in", "2026-03-18T15:00:00.000Z", "zoom"],
      ["Weekly check-in", "2026-03-23T15:00:00.000Z", "zoom"],
      ["Weekly check-in", "2026-03-25T15:00:00.000Z", "zoom"],
    ]);
  });

  it("keeps the platform on the confirmed call", async () => {
    const board = (await proposals()).find((p) => p.title === "Board review")!;
    const confirmed = await a.c.post(`/api/call-proposals/${board.id}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "confirmed", platform: "teams", clientId });
    expect(await getCallRow(t.app.db, confirmed.body.callId)).toMatchObject({ platform: "teams", source: "calendar", clientId });
  });

  it("leaves the proposals of an entry that became unreadable alone: a meeting not read is not a meeting gone", async () => {
    // The series loses its END:VEVENT (an export cut short): it is skipped, its proposals stay open.
    ics.setFeed(
      feed().replace(
        "LOCATION:https://us02web.zoom.us/j/81234567890\r\nATTENDEE;CN=Jane Client:mailto:jane@client.test\r\nEND:VEVENT\r\n",
        "LOCATION:https://us02web.zoom.us/j/81234567890\r\n",
      ),
    );
    const polled = await a.c.post("/api/integrations/calendar-feed/poll");
    expect(polled.status).toBe(200);
    expect(polled.body).toMatchObject({ changed: true, cancelledProposals: 0 });
    expect(polled.body.feed.skipped).toContain(
      feedNote.skipped("“Weekly check-in”", "it has no END:VEVENT before the next VEVENT"),
    );
    expect((await proposals()).filter((p) => p.title === "Weekly check-in")).toHaveLength(4);
  });

  it("clears the sentence once the entry is readable again, and says when a zone had to be assumed", async () => {
    ics.setFeed(
      calendar(
        event("fixed@x", [
          "SUMMARY:Fixed export",
          "DTSTART;TZID=Office Hours:20260319T090000",
          "DTEND;TZID=Office Hours:20260319T100000",
        ]),
      ),
    );
    const polled = await a.c.post("/api/integrations/calendar-feed/poll");
    expect(polled.status).toBe(200);
    // The account's zone is UTC (the sign-up default here): the undefined zone is read in it, and said.
    expect(polled.body.feed.skipped).toEqual([feedNote.zoneUnknown("Office Hours", "UTC")]);
  });
});
