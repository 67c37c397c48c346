import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedWarning } from "../../src/core/capture/calendar/feed-bounds.js";
import { feedNote } from "../../src/core/capture/calendar/feed-notes.js";
import { hostileFeed } from "../fixtures/ics/hostile-feeds.js";
import { type IcsStandIn, startIcsStandIn } from "../stand-ins/ics-server.js";
import { api, axeViolations, type Harness, startHarness } from "./harness.js";

/**
 * Issue 14 §4's journey: paste a calendar's private address in Settings → Integrations → Calendar
 * (the local ICS stand-in; tests allow private hosts), see the status, poll; the meeting with a
 * client shows on the dashboard under "Meetings to confirm"; one click confirms it and Recent Calls
 * shows it priced. Then the calendar gains a series repeating every minute (issue 23 §1): the next
 * poll reads what fits, and the Calendar tab says what was cut and why. Issue 25 §1: the proposal shows
 * the platform its Zoom link names, and an entry cut short is listed with why it was left out.
 */
let h: Harness;
let ics: IcsStandIn;

/** A feed with one meeting with the client that ended two hours ago (45 minutes long). */
function feedWithMeeting(ownerEmail: string): string {
  const end = Math.floor((Date.now() - 2 * 3600_000) / 60_000) * 60_000;
  const stamp = (ms: number) => `${new Date(ms).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Minutely e2e//EN",
    "BEGIN:VEVENT",
    "UID:journey-meeting@minutely.test",
    "DTSTAMP:20260101T000000Z",
    `DTSTART:${stamp(end - 45 * 60_000)}`,
    `DTEND:${stamp(end)}`,
    "SUMMARY:Contract review",
    "LOCATION:https://acme.zoom.us/j/91234567890",
    `ORGANIZER;CN=Me:mailto:${ownerEmail}`,
    "ATTENDEE;CN=General Counsel:mailto:gc@acme-legal.test",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await ics?.close();
  await h?.stop();
});

describe("calendar feed", () => {
  it("pastes the feed, polls it, and confirms the proposed meeting into a priced call", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 } });
    const account = await h.signIn(context, { firstName: "Cal", timezone: "UTC" });
    await api(page, "POST", "/api/clients", {
      name: "Acme Legal",
      email: "gc@acme-legal.test",
      billingRate: "120.00",
      billingType: "hour",
    });
    ics = await startIcsStandIn(feedWithMeeting(account.email));

    await page.goto("/settings");
    await page.getByRole("tab", { name: "Calendar" }).click();
    await page.getByText("Not connected").first().waitFor();
    await page.getByLabel("Private calendar address (ICS)").fill("ftp://nowhere.test/cal.ics");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Paste the calendar's private ICS address: it starts with https:// or webcal://").waitFor();

    await page.getByLabel("Private calendar address (ICS)").fill(ics.url);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Calendar feed saved", { exact: true }).first().waitFor();
    await page.getByTestId("calendar-status").getByText("Connected").waitFor();
    expect(await page.getByTestId("calendar-host").textContent()).toBe(`${new URL(ics.url).host}…`);
    expect(await page.content()).not.toContain(new URL(ics.url).pathname);

    await page.getByRole("button", { name: "Poll now" }).click();
    await page.getByText("Calendar checked", { exact: true }).first().waitFor();
    expect(ics.requests.at(-1)?.status).toBe(304);
    expect(await axeViolations(page, "serious")).toEqual([]);

    await page.goto("/");
    const card = page.getByTestId("meetings-to-confirm");
    await card.getByText("Contract review").waitFor();
    await card.getByText(/Acme Legal · .* · 45m · Zoom/).waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);
    await card.getByRole("button", { name: "Confirm Contract review" }).click();
    await page.getByText("Meeting confirmed", { exact: true }).first().waitFor();
    await expect.poll(() => page.getByTestId("meetings-to-confirm").count()).toBe(0);
    const recent = page.getByTestId("recent-calls");
    await recent.getByText("Acme Legal").waitFor();
    await recent.getByText("$90.00").waitFor();

    const flood = hostileFeed(new Date(), [{ uid: "flood@e2e.test", title: "Flood", rule: "FREQ=MINUTELY", startedDaysAgo: 20 }]);
    const floodEvent = flood.slice(flood.indexOf("BEGIN:VEVENT"), flood.indexOf("END:VCALENDAR"));
    // And one entry cut short (issue 25 §1.2): skipped with its reason, the rest still read.
    const broken = "BEGIN:VEVENT\r\nUID:broken@e2e.test\r\nSUMMARY:Broken export\r\nDTSTART:20260320T090000Z\r\n";
    ics.setFeed(feedWithMeeting(account.email).replace("END:VCALENDAR", `${floodEvent}${broken}END:VCALENDAR`));
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Calendar" }).click();
    await page.getByRole("button", { name: "Poll now" }).click();
    await page.getByText("Calendar checked", { exact: true }).first().waitFor();
    const warnings = page.getByTestId("calendar-feed-warnings");
    await warnings.getByText("Not everything in this calendar was read").waitFor();
    await warnings.getByText(feedWarning.seriesCut(1, "Flood"), { exact: true }).waitFor();
    const skipped = page.getByTestId("calendar-feed-skipped");
    await skipped.getByText("Some entries could not be read").waitFor();
    await skipped.getByText(feedNote.skipped("“Broken export”", "it has no END:VEVENT"), { exact: true }).waitFor();
    await page.getByTestId("calendar-status").getByText("Connected").waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);
    // The same in dark mode (the header's theme switch).
    await page
      .getByRole("button", { name: /theme|dark mode/i })
      .first()
      .click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await axeViolations(page, "serious")).toEqual([]);
  });
});
