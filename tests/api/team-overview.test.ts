import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, calls, integrations, trackedEmails } from "../../src/server/db/schema/index.js";
import { inbound450 } from "../helpers/email-fixtures.js";
import { buildCalls, buildClient, buildInvoice, newAccount, type TestAccount } from "../helpers/factories.js";
import { invite, joinAs } from "../helpers/team.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 26 §5 over HTTP: the admin dashboard (GET /api/team/overview). Hours per member in the
 * account's week and month, counted at the time zone's edges (New York, the month before daylight
 * saving starts and the month it ends in), connections' health, seats, pending invitations; owner and
 * admin only; another practice's work never counts (docs/team.md "Team overview").
 */
let t: TestApp;
let owner: TestAccount;
// Tuesday 3 March 2026, 22:30 in New York (Wednesday 03:30 UTC): the week is Sun 1 – Sat 7 March there.
const TUESDAY_EVENING = new Date("2026-03-04T03:30:00Z");
// The app's clock: a test that runs a timer moves it on, then puts it back.
let clock = TUESDAY_EVENING;
const people: Record<string, { id: number }> = {};

async function callsFor(userId: number | null, list: { startedAt: string; durationSeconds: number }[], extra = {}) {
  const rows = await buildCalls(owner, list);
  await t.app.db
    .update(calls)
    .set({ userId, ...extra })
    .where(inArray(calls.id, rows.map((row) => row.id)));
  return rows;
}

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  owner = await newAccount(t, { plan: "team", timezone: "America/New_York" });
  await t.app.db.update(accounts).set({ subscriptionStatus: "active" }).where(eq(accounts.id, owner.accountId));
  t.app.sessionCache.forgetAccount(owner.accountId);
  for (const [name, role] of [["ada", "member"], ["bob", "member"], ["admin", "admin"], ["billing", "billing"]] as const) {
    const joined = await joinAs(t, owner.c, role);
    people[name] = { id: joined.user.id, ...joined };
  }
  const client = await buildClient(owner.c, { name: "Initech" });
  // Ada: the week's first minute counts, the minute before it (still February in New York) does not.
  await callsFor(people.ada!.id, [
    { startedAt: "2026-03-01T04:59:00Z", durationSeconds: 600 },
    { startedAt: "2026-03-01T05:00:00Z", durationSeconds: 1800 },
  ]);
  // Ada, later in March: invoiced; and 31 March 23:59 EDT (after the change to daylight saving) is still March.
  const invoicedLater = await callsFor(people.ada!.id, [{ startedAt: "2026-03-10T12:00:00Z", durationSeconds: 3600 }]);
  await callsFor(people.ada!.id, [
    { startedAt: "2026-04-01T03:59:00Z", durationSeconds: 1200 },
    { startedAt: "2026-04-01T04:00:00Z", durationSeconds: 2400 },
  ]);
  // Bob: 15 minutes this week, invoiced; a test event and a running call never count.
  const bobs = await callsFor(people.bob!.id, [{ startedAt: "2026-03-03T15:00:00Z", durationSeconds: 900 }]);
  await callsFor(people.bob!.id, [{ startedAt: "2026-03-03T16:00:00Z", durationSeconds: 4000 }], { isTest: true });
  await callsFor(people.bob!.id, [{ startedAt: "2026-03-03T17:00:00Z", durationSeconds: 4000 }], { endedAt: null });
  await buildInvoice(owner, { clientId: client.id, callIds: [...invoicedLater, ...bobs].map((row) => row.id) });
  // Nobody's: captured before the practice had members.
  await callsFor(null, [{ startedAt: "2026-03-02T15:00:00Z", durationSeconds: 300 }]);
  await t.app.db.insert(integrations).values([
    {
      accountId: owner.accountId,
      userId: people.ada!.id,
      kind: "video",
      provider: "zoom",
      enabled: true,
      status: "error",
      lastEventAt: new Date("2026-03-02T10:00:00Z"),
      lastError: "Zoom refused the token: reconnect Zoom",
    },
    {
      accountId: owner.accountId,
      userId: people.bob!.id,
      kind: "calendar",
      provider: "ics",
      enabled: true,
      status: "connected",
      lastEventAt: new Date("2026-03-03T09:00:00Z"),
    },
  ]);
});
afterAll(async () => t?.close());

const hours = (captured: number, billed: number) => ({ capturedSeconds: captured, billedSeconds: billed });

describe("the team overview", () => {
  it("counts each member's hours in the account's week and month, at the zone's edges", async () => {
    const overview = await owner.c.get("/api/team/overview");
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({
      timezone: "America/New_York",
      week: { startDate: "2026-03-01", endDate: "2026-03-07" },
      month: { startDate: "2026-03-01", endDate: "2026-03-31" },
      seats: { used: 5, limit: null, invited: 0 },
      unattributed: { week: hours(300, 0), month: hours(300, 0) },
      invitations: [],
    });
    const byId = new Map(overview.body.members.map((m: { id: number }) => [m.id, m]));
    expect(byId.get(people.ada!.id)).toMatchObject({
      week: hours(1800, 0),
      month: hours(1800 + 3600 + 1200, 3600),
      integrations: [
        {
          kind: "video",
          provider: "zoom",
          enabled: true,
          status: "error",
          lastEventAt: "2026-03-02T10:00:00.000Z",
          lastError: "Zoom refused the token: reconnect Zoom",
        },
      ],
    });
    expect(byId.get(people.bob!.id)).toMatchObject({
      week: hours(900, 900),
      month: hours(900, 900),
      integrations: [{ kind: "calendar", provider: "ics", lastError: null, lastEventAt: "2026-03-03T09:00:00.000Z" }],
    });
    expect(byId.get(owner.userId)).toMatchObject({ isYou: true, week: hours(0, 0), month: hours(0, 0), integrations: [] });
    // No secret column ever leaves: the answer names only what the contract declares.
    expect(overview.text).not.toContain("secret");
  });

  it("lists pending invitations and counts them beside the seats", async () => {
    const { email } = await invite(owner.c, "member", "pending-person@example.test");
    const overview = await owner.c.get("/api/team/overview");
    expect(overview.body.seats).toEqual({ used: 5, limit: null, invited: 1 });
    expect(overview.body.invitations).toEqual([expect.objectContaining({ email, role: "member", expired: false })]);
  });

  it("is for owners and admins: member and billing are refused with the reason", async () => {
    expect((await (people.admin as unknown as { c: TestAccount["c"] }).c.get("/api/team/overview")).status).toBe(200);
    for (const name of ["ada", "billing"]) {
      const refused = await (people[name] as unknown as { c: TestAccount["c"] }).c.get("/api/team/overview");
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain("members:manage");
    }
    expect((await t.client().get("/api/team/overview")).status).toBe(401);
  });

  it("never counts another practice's people or work", async () => {
    const other = await newAccount(t, { plan: "team", timezone: "America/New_York" });
    const overview = await other.c.get("/api/team/overview");
    expect(overview.body.members.map((m: { id: number }) => m.id)).toEqual([other.userId]);
    expect(overview.body.members[0]).toMatchObject({ week: hours(0, 0), month: hours(0, 0), integrations: [] });
    expect(overview.body.unattributed).toEqual({ week: hours(0, 0), month: hours(0, 0) });
    expect(overview.body.seats).toEqual({ used: 1, limit: 5, invited: 0 });
  });
});

// Issue 26 §5 counts "hours captured and billed per member"; §2 says calls, emails and timers are a member's
// work. A timer is a call once stopped (a running one is not work yet); a tracked email counts its reading and
// writing time on the day it was tracked, and its billed time once it is on an invoice (docs/team.md).
describe("the team overview counts a member's timers and tracked emails", () => {
  it("adds a stopped timer and a tracked email, made over the API, to the member's week and month", async () => {
    const practice = await newAccount(t, { plan: "team", timezone: "America/New_York" });
    await t.app.db.update(accounts).set({ subscriptionStatus: "active" }).where(eq(accounts.id, practice.accountId));
    t.app.sessionCache.forgetAccount(practice.accountId);
    const grace = await joinAs(t, practice.c, "member");
    const client = await buildClient(practice.c, { name: "Hooli" });
    const before = await practice.c.get("/api/team/overview");
    expect(before.body.members.find((m: { id: number }) => m.id === grace.user.id)).toMatchObject({ week: hours(0, 0), month: hours(0, 0) });

    try {
      const started = await grace.c.post("/api/calls/start", { clientId: client.id });
      expect(started.status).toBe(201);
      // A running timer is not counted yet.
      const running = await practice.c.get("/api/team/overview");
      expect(running.body.members.find((m: { id: number }) => m.id === grace.user.id)).toMatchObject({ week: hours(0, 0) });
      clock = new Date(TUESDAY_EVENING.getTime() + 25 * 60_000);
      expect((await grace.c.post(`/api/calls/end/${started.body.id}`, {})).status).toBe(200);
    } finally {
      clock = TUESDAY_EVENING;
    }
    const tracked = await grace.c.post("/api/emails/track", { emailData: inbound450, clientId: client.id });
    expect(tracked.status).toBe(201);
    // A 450-word inbound email: 3 minutes of reading, billed as 3 minutes (the server's estimate).
    expect(tracked.body.billing.billedMinutes).toBe(3);

    const counted = await practice.c.get("/api/team/overview");
    expect(counted.body.members.find((m: { id: number }) => m.id === grace.user.id)).toMatchObject({
      week: hours(1500 + 180, 0),
      month: hours(1500 + 180, 0),
    });
    // Invoiced, the email's billed time counts as billed.
    const invoice = await buildInvoice(practice, { clientId: client.id });
    await t.app.db.update(trackedEmails).set({ invoiceId: invoice.id }).where(eq(trackedEmails.id, tracked.body.email.id));
    const billed = await practice.c.get("/api/team/overview");
    expect(billed.body.members.find((m: { id: number }) => m.id === grace.user.id)).toMatchObject({
      week: hours(1500 + 180, 180),
      month: hours(1500 + 180, 180),
    });
    // Nobody else's figures moved: the owner captured nothing, and the first practice's members are not here.
    expect(billed.body.members.find((m: { id: number }) => m.id === practice.userId)).toMatchObject({ week: hours(0, 0), month: hours(0, 0) });
    expect(billed.body.members.map((m: { id: number }) => m.id).sort()).toEqual([practice.userId, grace.user.id].sort());
  });
});
