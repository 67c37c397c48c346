import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_URL_INVALID } from "../../src/core/capture/calendar/feed-url.js";
import { FEED_URL_REQUIRED, PROPOSAL_NOT_OPEN } from "../../src/core/contracts/calendar-feed.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, getCallRow, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { CLIENT_EMAIL, FEED_NOW, KEYS, weeklyDstFeed } from "../fixtures/ics/weekly-dst.js";
import { type IcsStandIn, startIcsStandIn } from "../stand-ins/ics-server.js";

/**
 * Calendar feeds (issue 14 §4, §7): a private ICS address polled with conditional GETs, whose past
 * meetings with a client become proposals; moves and cancellations follow the feed until the user
 * decides; confirming makes a priced call through the capture pipeline.
 */
type Proposal = {
  id: number;
  status: string;
  startsAt: string;
  endsAt: string;
  clientId: number | null;
  title: string | null;
  callId: number | null;
  durationSeconds: number;
};

let t: TestApp;
let a: TestAccount;
let ics: IcsStandIn;
let clientId: number;
const feed = (options: Parameters<typeof weeklyDstFeed>[0] = {}) => weeklyDstFeed({ ownerEmail: a.account.email, ...options });

beforeAll(async () => {
  t = await startTestApp({ now: () => FEED_NOW, calendarFeedTimeoutMs: 1000 });
  a = await newAccount(t);
  clientId = (await buildClient(a.c, { name: "Jane Client", email: CLIENT_EMAIL, billingRate: "120.00", billingType: "hour" }))
    .id;
  ics = await startIcsStandIn(feed());
});
afterAll(async () => {
  await ics?.close();
  await t?.close();
});

async function proposals(who: TestAccount = a, query = "") {
  const response = await who.c.get<{ proposals: Proposal[] }>(`/api/call-proposals${query}`);
  expect(response.status).toBe(200);
  return new Map(response.body.proposals.map((p) => [p.startsAt, p]));
}
const byKey = async (key: keyof typeof KEYS) => {
  const rows = await t.app.db.execute(
    (await import("drizzle-orm"))
      .sql`select id from call_proposals where account_id = ${a.accountId} and external_id = ${KEYS[key]}`,
  );
  const id = (rows as unknown as { rows: { id: number }[] }).rows[0]?.id;
  const list = await a.c.get<{ proposals: Proposal[] }>("/api/call-proposals?limit=100");
  return list.body.proposals.find((p) => p.id === id)!;
};
const poll = (who: TestAccount = a) => who.c.post("/api/integrations/calendar-feed/poll");

describe("saving the feed", () => {
  it("needs a session", async () => {
    const visitor = t.client();
    for (const [method, path] of [
      ["GET", "/api/integrations/calendar-feed"],
      ["PUT", "/api/integrations/calendar-feed"],
      ["DELETE", "/api/integrations/calendar-feed"],
      ["POST", "/api/integrations/calendar-feed/poll"],
      ["GET", "/api/call-proposals"],
      ["POST", "/api/call-proposals/1/confirm"],
    ] as const) {
      const response = await visitor.request(method, path, method === "PUT" ? { json: { url: ics.url } } : {});
      expect(response.status, path).toBe(401);
    }
  });

  it("shows an unconfigured feed as not connected", async () => {
    const response = await a.c.get("/api/integrations/calendar-feed");
    expect(response.body).toMatchObject({ configured: false, host: null, status: "disconnected", proposalsOpen: 0 });
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, FEED_URL_REQUIRED],
      [{ url: "ftp://example.test/cal.ics" }, 400, FEED_URL_INVALID],
      [{ url: "not a url" }, 400, FEED_URL_INVALID],
      [{ url: ics.url, enabled: "yes" }, 400, "enabled must be true or false"],
      [{ url: ics.url, extra: 1 }, 400, ""],
      [
        { url: ics.url.replace("basic.ics", "missing.ics") },
        400,
        "That address did not return a calendar (the server answered HTTP 404)",
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await expectNothingChanged(t.app.db, () =>
        a.c.request("PUT", "/api/integrations/calendar-feed", { json: body }),
      );
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (message) expect(response.body.message).toContain(message);
    }
  });

  it("saves a working address, shows only its host, and proposes the past meetings with the client in UTC", async () => {
    const response = await a.c.request("PUT", "/api/integrations/calendar-feed", { json: { url: ics.url, autoConfirm: false } });
    expect(response.status).toBe(200);
    const host = new URL(ics.url).host;
    expect(response.body).toMatchObject({
      configured: true,
      host: `${host}…`,
      enabled: true,
      status: "connected",
      proposalsOpen: 4,
    });
    expect(JSON.stringify(response.body)).not.toContain("private-9f2c");
    const list = await proposals(a, "?status=proposed");
    // Before the DST change 10:00 New York is 15:00Z, after it 14:00Z; 10 Mar moved to 13:00; 17 Mar cancelled, 24 Feb EXDATE'd.
    expect([...list.keys()].sort()).toEqual([
      "2026-03-03T15:00:00.000Z",
      "2026-03-10T17:00:00.000Z",
      "2026-03-19T18:00:00.000Z",
      "2026-03-24T14:00:00.000Z",
    ]);
    for (const proposal of list.values()) expect(proposal).toMatchObject({ clientId, status: "proposed", callId: null });
    expect(list.get("2026-03-19T18:00:00.000Z")).toMatchObject({ title: "Intro call", durationSeconds: 2700 });
    expect(list.get("2026-03-10T17:00:00.000Z")).toMatchObject({
      endsAt: "2026-03-10T18:00:00.000Z",
      title: "Weekly review (moved)",
    });
  });
});

describe("polling", () => {
  it("an unchanged feed costs one conditional request answered 304 and changes nothing", async () => {
    const before = ics.requests.length;
    const listBefore = await proposals();
    const response = await poll();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ changed: false, newProposals: 0, updatedProposals: 0, cancelledProposals: 0 });
    expect(ics.requests.slice(before)).toEqual([
      expect.objectContaining({ status: 304, ifNoneMatch: expect.stringMatching(/^"/) }),
    ]);
    expect(await proposals()).toEqual(listBefore);
  });

  it("a moved occurrence moves its proposal (same id)", async () => {
    const before = await byKey("mar24");
    ics.setFeed(feed({ moves: { "20260324": "160000" } }));
    const response = await poll();
    expect(response.body).toMatchObject({ changed: true, updatedProposals: 1, newProposals: 0 });
    const after = await byKey("mar24");
    expect(after).toMatchObject({
      id: before.id,
      status: "proposed",
      startsAt: "2026-03-24T20:00:00.000Z",
      endsAt: "2026-03-24T21:00:00.000Z",
    });
  });

  it("confirm makes a priced call for the client; confirming again is a 409", async () => {
    const intro = await byKey("intro");
    const response = await a.c.post(`/api/call-proposals/${intro.id}/confirm`, {});
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: intro.id, status: "confirmed", clientId });
    const call = await getCallRow(t.app.db, response.body.callId);
    expect(call).toMatchObject({ clientId, source: "calendar", durationSeconds: 2700, amountCents: 9000 });
    expect(call?.startedAt.toISOString()).toBe("2026-03-19T18:00:00.000Z");
    const again = await expectNothingChanged(t.app.db, () => a.c.post(`/api/call-proposals/${intro.id}/confirm`, {}));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PROPOSAL_NOT_OPEN);
  });

  it("cancellations (STATUS:CANCELLED, EXDATE, gone from the feed) cancel proposed ones, never a confirmed one", async () => {
    ics.setFeed(feed({ moves: { "20260324": "160000" }, cancelled: ["20260303"], exdates: ["20260310"], withoutIntro: true }));
    const response = await poll();
    expect(response.body).toMatchObject({ changed: true, cancelledProposals: 2 });
    expect(await byKey("mar3")).toMatchObject({ status: "cancelled" });
    expect(await byKey("mar10")).toMatchObject({ status: "cancelled" });
    expect(await byKey("intro")).toMatchObject({ status: "confirmed" });
    expect(await byKey("mar24")).toMatchObject({ status: "proposed" });
  });

  it("a confirmed meeting is never changed by later feed edits", async () => {
    const before = await byKey("intro");
    ics.setFeed(feed({ seriesTitle: "Renamed" }).replace("DTSTART:20260319T180000Z", "DTSTART:20260319T170000Z"));
    await poll();
    expect(await byKey("intro")).toEqual(before);
    expect(await byKey("mar3")).toMatchObject({ status: "proposed", title: "Renamed" });
  });

  it("dismiss keeps the meeting out for good", async () => {
    const mar3 = await byKey("mar3");
    const response = await a.c.post(`/api/call-proposals/${mar3.id}/dismiss`, {});
    expect(response.body).toMatchObject({ status: "dismissed" });
    ics.setFeed(feed({ seriesTitle: "Renamed again" }));
    await poll();
    expect(await byKey("mar3")).toMatchObject({ status: "dismissed", title: "Renamed" });
  });

  it("a failing or silent feed is a 502 with the reason, shown as the feed's last error", async () => {
    ics.failWith(500);
    const failed = await poll();
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe("The calendar could not be fetched: the server answered HTTP 500");
    expect((await a.c.get("/api/integrations/calendar-feed")).body).toMatchObject({
      status: "error",
      lastError: "the server answered HTTP 500",
    });
    ics.failWith("hang");
    const silent = await poll();
    expect(silent.status).toBe(502);
    expect(silent.body.message).toContain("no answer within 1 s");
    ics.failWith(null);
    expect((await poll()).status).toBe(200);
    expect((await a.c.get("/api/integrations/calendar-feed")).body).toMatchObject({ status: "connected", lastError: null });
  });
});

describe("isolation and input", () => {
  it("another account's proposals are 404 and it sees none of them", async () => {
    const other = await newAccount(t);
    const mar24 = await byKey("mar24");
    for (const action of ["confirm", "dismiss"]) {
      const response = await expectNothingChanged(t.app.db, () => other.c.post(`/api/call-proposals/${mar24.id}/${action}`, {}));
      expect(response.status).toBe(404);
    }
    expect((await proposals(other)).size).toBe(0);
    expect((await poll(other)).status).toBe(404);
  });

  it("refuses bad ids, bodies and queries", async () => {
    const mar24 = await byKey("mar24");
    const cases: [string, string, unknown][] = [
      ["POST", "/api/call-proposals/01/confirm", {}],
      ["POST", `/api/call-proposals/${mar24.id}/confirm`, { clientId: "x" }],
      ["POST", `/api/call-proposals/${mar24.id}/confirm`, { other: 1 }],
      ["POST", `/api/call-proposals/${mar24.id}/dismiss`, { x: 1 }],
      ["GET", "/api/call-proposals?status=bogus", undefined],
      ["GET", "/api/call-proposals?limit=0", undefined],
    ];
    for (const [method, path, json] of cases) {
      const response = await expectNothingChanged(t.app.db, () => a.c.request(method, path, json === undefined ? {} : { json }));
      expect(response.status, path).toBe(400);
    }
    const stranger = await newAccount(t);
    const foreignClient = await buildClient(stranger.c, { name: "Not yours" });
    const response = await expectNothingChanged(t.app.db, () =>
      a.c.post(`/api/call-proposals/${mar24.id}/confirm`, { clientId: foreignClient.id }),
    );
    expect(response.status).toBe(404);
  });
});

describe("automatic confirmation", () => {
  it("confirms ended meetings at once when switched on", async () => {
    const b = await newAccount(t);
    await buildClient(b.c, { name: "Jane Client", email: CLIENT_EMAIL });
    const own = await startIcsStandIn(weeklyDstFeed({ ownerEmail: b.account.email }));
    try {
      const response = await b.c.request("PUT", "/api/integrations/calendar-feed", { json: { url: own.url, autoConfirm: true } });
      expect(response.body).toMatchObject({ autoConfirm: true, proposalsOpen: 0 });
      const list = await proposals(b);
      expect(list.size).toBe(4);
      for (const proposal of list.values()) {
        expect(proposal.status).toBe("confirmed");
        expect(proposal.callId).not.toBeNull();
      }
    } finally {
      await own.close();
    }
  });

  it("removing the feed dismisses open proposals and keeps confirmed calls", async () => {
    const response = await a.c.request("DELETE", "/api/integrations/calendar-feed");
    expect(response.status).toBe(200);
    expect(await byKey("mar24")).toMatchObject({ status: "dismissed" });
    expect(await byKey("intro")).toMatchObject({ status: "confirmed" });
    expect((await a.c.request("DELETE", "/api/integrations/calendar-feed")).status).toBe(404);
  });
});

describe("SSRF guard (private hosts not allowed)", () => {
  let guarded: TestApp;
  let g: TestAccount;
  beforeAll(async () => {
    guarded = await startTestApp({ now: () => FEED_NOW, allowPrivateMailHosts: false, calendarFeedTimeoutMs: 1000 });
    g = await newAccount(guarded);
  });
  afterAll(async () => guarded?.close());

  it("refuses plain http, loopback, private and metadata addresses before connecting", async () => {
    const cases: [string, string][] = [
      [ics.url, "Calendar addresses must use https:// (or webcal://)"],
      ["https://127.0.0.1:1/cal.ics", "(127.0.0.1 is one)"],
      ["webcal://10.1.2.3/cal.ics", "(10.1.2.3 is one)"],
      ["https://169.254.169.254/latest/meta-data", "(169.254.169.254 is one)"],
      ["https://[::1]/cal.ics", "(::1 is one)"],
    ];
    const before = ics.requests.length;
    for (const [url, message] of cases) {
      const response = await expectNothingChanged(guarded.app.db, () =>
        g.c.request("PUT", "/api/integrations/calendar-feed", { json: { url } }),
      );
      expect(response.status, url).toBe(400);
      expect(response.body.message, url).toContain(message);
    }
    expect(ics.requests.length).toBe(before);
  });
});
