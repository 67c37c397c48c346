import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, trackedEmails } from "../../src/server/db/schema/index.js";
import type { ApiClient } from "../helpers/api-client.js";
import { inbound450 } from "../helpers/email-fixtures.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { joinAs } from "../helpers/team.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 26 §2, work belongs to a person: every call, timer and email records the member who did it; a member
 * sees and changes only their own (another member's id answers like another account's: 404, nothing changed);
 * owner, admin and billing see the practice's work and may narrow it to one member (`userId`, `view=mine`).
 */
let t: TestApp;
let owner: TestAccount;
let a: { c: ApiClient; userId: number };
let b: { c: ApiClient; userId: number };
let billing: ApiClient;
let other: TestAccount;
let clientId: number;
let aCallId: number;
let bTimerId: number;
let aEmailId: number;

type CallJson = { id: number; clientName: string | null };
type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * Noon UTC of today: "today" on the dashboard holds the call logged an hour earlier and the timer started now,
 * whatever the hour the suite runs at (at 00:30 UTC the logged call fell on yesterday).
 */
const NOON = new Date();
NOON.setUTCHours(12, 0, 0, 0);

beforeAll(async () => {
  t = await startTestApp({ now: () => NOON });
  owner = await newAccount(t, { plan: "team" });
  const joinedA = await joinAs(t, owner.c, "member");
  const joinedB = await joinAs(t, owner.c, "member");
  a = { c: joinedA.c, userId: joinedA.user.id };
  b = { c: joinedB.c, userId: joinedB.user.id };
  billing = (await joinAs(t, owner.c, "billing")).c;
  other = await newAccount(t, { plan: "team" });
  clientId = (await buildClient(owner.c, { name: "Shared Client" })).id;

  const logged = await a.c.post<CallJson>("/api/calls", {
    clientId,
    startTime: new Date(t.app.now().getTime() - 3_600_000).toISOString(),
    duration: 1800,
  });
  expect(logged.status).toBe(201);
  aCallId = logged.body.id;
  const started = await b.c.post<CallJson>("/api/calls/start", { clientId });
  expect(started.status).toBe(201);
  bTimerId = started.body.id;
  const tracked = await a.c.post<{ email: { id: number } }>("/api/emails/track", { emailData: inbound450, clientId });
  expect(tracked.status).toBe(201);
  aEmailId = tracked.body.email.id;
});
afterAll(async () => t?.close());

const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((x, y) => x - y);

describe("attribution", () => {
  it("records the session user on a logged call, a timer and a tracked email", async () => {
    const [call] = await t.app.db.select().from(calls).where(eq(calls.id, aCallId));
    const [timer] = await t.app.db.select().from(calls).where(eq(calls.id, bTimerId));
    const [email] = await t.app.db.select().from(trackedEmails).where(eq(trackedEmails.id, aEmailId));
    expect(call?.userId).toBe(a.userId);
    expect(timer?.userId).toBe(b.userId);
    expect(email?.userId).toBe(a.userId);
  });
});

describe("a member sees only their own work", () => {
  it("lists, pages and running timers hold only the member's own calls; the owner and billing see all", async () => {
    expect(ids((await a.c.get<CallJson[]>("/api/calls")).body)).toEqual([aCallId]);
    expect(ids((await b.c.get<CallJson[]>("/api/calls")).body)).toEqual([bTimerId]);
    expect(ids((await owner.c.get<CallJson[]>("/api/calls")).body)).toEqual([aCallId, bTimerId]);
    expect(ids((await billing.get<CallJson[]>("/api/calls")).body)).toEqual([aCallId, bTimerId]);
    expect(ids((await a.c.get<Page<CallJson>>("/api/calls/page")).body.items)).toEqual([aCallId]);
    expect((await a.c.get<CallJson[]>("/api/calls/active")).body).toEqual([]);
    expect(ids((await b.c.get<CallJson[]>("/api/calls/active")).body)).toEqual([bTimerId]);
  });

  it("answers another member's call id with 404 and changes nothing (edit, end, assign, delete)", async () => {
    const edit = await a.c.patch(`/api/calls/${bTimerId}`, { notes: "mine now" });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe("Call not found");
    const end = await a.c.post(`/api/calls/end/${bTimerId}`, {});
    expect(end.status).toBe(404);
    expect(end.body.message).toBe("Call not found");
    expect((await a.c.post(`/api/calls/${bTimerId}/assign-client`, { clientId })).status).toBe(404);
    const removed = await b.c.delete(`/api/calls/${aCallId}`);
    expect(removed.status).toBe(404);
    expect(removed.body.message).toBe("Call not found");
    const [timer] = await t.app.db.select().from(calls).where(eq(calls.id, bTimerId));
    expect(timer?.notes).toBeNull();
    expect(timer?.endedAt).toBeNull();
    expect((await t.app.db.select().from(calls).where(eq(calls.id, aCallId))).length).toBe(1);
  });

  it("ends only the member's own timers with end-all", async () => {
    const ended = await a.c.post<{ ended: number }>("/api/calls/end-all", {});
    expect(ended.body.ended).toBe(0);
    const [timer] = await t.app.db.select().from(calls).where(eq(calls.id, bTimerId));
    expect(timer?.endedAt).toBeNull();
  });

  it("keeps emails to their member: lists, pages and deletion by id", async () => {
    expect(ids((await a.c.get<{ id: number }[]>("/api/emails")).body)).toEqual([aEmailId]);
    expect((await b.c.get<{ id: number }[]>("/api/emails")).body).toEqual([]);
    expect((await b.c.get<Page<{ id: number }>>("/api/emails/page")).body.items).toEqual([]);
    expect(ids((await owner.c.get<Page<{ id: number }>>("/api/emails/page")).body.items)).toEqual([aEmailId]);
    const removed = await b.c.delete(`/api/emails/${aEmailId}`);
    expect(removed.status).toBe(404);
    expect(removed.body.message).toBe("Tracked email not found");
    expect((await t.app.db.select().from(trackedEmails).where(eq(trackedEmails.id, aEmailId))).length).toBe(1);
  });

  it("scopes the client log, the client's lists and its totals to the member", async () => {
    const period = "startDate=2000-01-01&endDate=2100-01-01";
    expect(ids((await b.c.get<CallJson[]>(`/api/calls/client/${clientId}?${period}`)).body)).toEqual([bTimerId]);
    expect(ids((await owner.c.get<CallJson[]>(`/api/calls/client/${clientId}?${period}`)).body)).toEqual([aCallId, bTimerId]);
    expect((await b.c.get<unknown[]>(`/api/emails/client/${clientId}?${period}`)).body).toEqual([]);
    expect(ids((await b.c.get<CallJson[]>(`/api/clients/${clientId}/calls`)).body)).toEqual([bTimerId]);
    expect((await b.c.get<unknown[]>(`/api/clients/${clientId}/emails`)).body).toEqual([]);
    // The client log's page (one prepared statement: calls/client-calls-page.ts): each member's own, the owner's all.
    const clientPage = async (c: ApiClient, query = "") =>
      ids((await c.get<Page<CallJson>>(`/api/calls/page?clientId=${clientId}&${period}${query}`)).body.items);
    expect(await clientPage(a.c)).toEqual([aCallId]);
    expect(await clientPage(b.c)).toEqual([bTimerId]);
    expect(await clientPage(owner.c)).toEqual([aCallId, bTimerId]);
    expect(await clientPage(owner.c, `&userId=${b.userId}`)).toEqual([bTimerId]);
    expect(await clientPage(owner.c, "&billing=unbilled")).toEqual([aCallId]);
    // A client of the account with no calls is an empty page, not a 404.
    const quiet = await buildClient(owner.c, { name: "Quiet Client" });
    const empty = await owner.c.get<Page<CallJson>>(`/api/calls/page?clientId=${quiet.id}&${period}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ items: [], nextCursor: null });
    const detail = await a.c.get<{ summary: { totalCalls: number; totalEmails: number } }>(`/api/clients/${clientId}`);
    expect(detail.body.summary).toMatchObject({ totalCalls: 1, totalEmails: 1 });
    const all = await owner.c.get<{ summary: { totalCalls: number; totalEmails: number } }>(`/api/clients/${clientId}`);
    expect(all.body.summary).toMatchObject({ totalCalls: 2, totalEmails: 1 });
  });
});

describe("the client log's cards per role (GET /api/clients/{id}/period-totals)", () => {
  const AMOUNTS = ["callAmount", "unbilledCallAmount", "emailAmount", "revenue"];
  const totalsOf = async (c: ApiClient, query = "") =>
    c.get<Record<string, unknown>>(`/api/clients/${clientId}/period-totals?startDate=2000-01-01&endDate=2100-01-01${query}`);

  it("gives a member their own hours and counts, and no amount field at all (not 0.00)", async () => {
    const mine = await totalsOf(a.c);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ calls: 1, callSeconds: 1800, activeCalls: 0, emails: 1 });
    expect((mine.body.emailBilledSeconds as number) > 0).toBe(true);
    expect(AMOUNTS.filter((key) => key in mine.body)).toEqual([]);
    const theirs = await totalsOf(b.c);
    expect(theirs.body).toMatchObject({ calls: 1, activeCalls: 1, emails: 0 });
    expect(AMOUNTS.filter((key) => key in theirs.body)).toEqual([]);
    const colleague = await totalsOf(a.c, `&userId=${b.userId}`);
    expect(colleague.status).toBe(404);
    expect(colleague.body.message).toBe("Member not found");
    expect((await totalsOf(a.c, `&userId=${a.userId}`)).body).toMatchObject({ calls: 1, emails: 1 });
  });

  it("gives owner, admin and billing the whole practice's figures with their amounts", async () => {
    const admin = (await joinAs(t, owner.c, "admin")).c;
    for (const c of [owner.c, admin, billing]) {
      const all = await totalsOf(c);
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ calls: 2, activeCalls: 1, emails: 1 });
      for (const key of AMOUNTS) expect(all.body[key], key).toMatch(/^\d+\.\d{2}$/);
      expect(Number(all.body.callAmount)).toBeGreaterThan(0);
    }
  });

  it("gives a member the amounts of their own work once the practice allows it", async () => {
    expect((await owner.c.put("/api/settings", { membersSeeRates: true })).status).toBe(200);
    try {
      const mine = await totalsOf(a.c);
      expect(mine.body.calls).toBe(1);
      for (const key of AMOUNTS) expect(mine.body[key], key).toMatch(/^\d+\.\d{2}$/);
    } finally {
      expect((await owner.c.put("/api/settings", { membersSeeRates: false })).status).toBe(200);
    }
  });
});

describe("the member filter (dashboard, call and email pages, client log)", () => {
  it("gives the owner the team's figures, one member's, or their own", async () => {
    const stats = async (c: ApiClient, query = "") => (await c.get<{ todayCalls: number }>(`/api/dashboard/stats${query}`)).body;
    expect((await stats(owner.c)).todayCalls).toBe(2);
    expect((await stats(owner.c, `?userId=${a.userId}`)).todayCalls).toBe(1);
    expect((await stats(owner.c, "?view=mine")).todayCalls).toBe(0);
    expect((await stats(a.c)).todayCalls).toBe(1);
    expect((await stats(a.c, "?view=team")).todayCalls).toBe(1);
  });

  it("narrows pages and the client log to one member", async () => {
    const page = await owner.c.get<Page<CallJson>>(`/api/calls/page?userId=${b.userId}`);
    expect(ids(page.body.items)).toEqual([bTimerId]);
    const log = await owner.c.get<CallJson[]>(
      `/api/calls/client/${clientId}?startDate=2000-01-01&endDate=2100-01-01&userId=${a.userId}`,
    );
    expect(ids(log.body)).toEqual([aCallId]);
    expect((await owner.c.get<Page<{ id: number }>>(`/api/emails/page?userId=${b.userId}`)).body.items).toEqual([]);
  });

  it("gives the dashboard's Recent Calls the same choice: the team's, one member's, or the viewer's own", async () => {
    const recent = async (c: ApiClient, query = "") => ids((await c.get<CallJson[]>(`/api/calls?limit=5${query}`)).body);
    expect(await recent(owner.c)).toEqual(ids([{ id: aCallId }, { id: bTimerId }]));
    expect(await recent(owner.c, "&view=team")).toEqual(ids([{ id: aCallId }, { id: bTimerId }]));
    expect(await recent(owner.c, `&view=team&userId=${b.userId}`)).toEqual([bTimerId]);
    expect(await recent(owner.c, "&view=mine")).toEqual([]);
    expect(await recent(a.c, "&view=team")).toEqual([aCallId]);
    const colleague = await a.c.get(`/api/calls?limit=5&userId=${b.userId}`);
    expect(colleague.status).toBe(404);
    expect(colleague.body.message).toBe("Member not found");
    const foreign = await owner.c.get(`/api/calls?userId=${other.userId}`);
    expect(foreign.status).toBe(404);
    const view = await owner.c.get("/api/calls?view=everyone");
    expect(view.status).toBe(400);
    expect(view.body.message).toContain("view must be mine or team");
  });

  it("refuses another practice's user, and a member asking for a colleague, with 404; bad ids with 400", async () => {
    const foreign = await owner.c.get(`/api/dashboard/stats?userId=${other.userId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Member not found");
    const colleague = await a.c.get(`/api/calls/page?userId=${b.userId}`);
    expect(colleague.status).toBe(404);
    expect(colleague.body.message).toBe("Member not found");
    expect(
      (await other.c.get(`/api/calls/client/${clientId}?startDate=2000-01-01&endDate=2100-01-01&userId=${a.userId}`)).status,
    ).toBe(404);
    const bad = await owner.c.get("/api/dashboard/stats?userId=abc");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("userId must be a whole number");
    const view = await owner.c.get("/api/dashboard/stats?view=everyone");
    expect(view.status).toBe(400);
    expect(view.body.message).toContain("view must be mine or team");
  });
});

describe("rates and amounts hidden from members (issue 26 §2)", () => {
  const RATE_KEYS = [
    "amount",
    "billableAmount",
    "rate",
    "billingRate",
    "effectiveBillingRate",
    "callRevenue",
    "emailRevenue",
    "totalRevenue",
    "defaultBillingRate",
    "callAmount",
    "unbilledCallAmount",
    "emailAmount",
    "revenue",
  ];
  /** Every rate or amount key anywhere in an answer. */
  function rateKeysIn(value: unknown): string[] {
    if (Array.isArray(value)) return value.flatMap(rateKeysIn);
    if (value === null || typeof value !== "object") return [];
    return Object.entries(value).flatMap(([key, field]) => [...(RATE_KEYS.includes(key) ? [key] : []), ...rateKeysIn(field)]);
  }
  const period = "startDate=2000-01-01&endDate=2100-01-01";
  const shared = () => [
    "/api/calls",
    "/api/calls/page",
    "/api/emails",
    "/api/emails/page",
    "/api/dashboard/stats",
    "/api/clients",
    `/api/clients/${clientId}`,
    `/api/clients/${clientId}/calls`,
    `/api/clients/${clientId}/emails`,
    `/api/calls/client/${clientId}?${period}`,
    `/api/emails/client/${clientId}?${period}`,
    `/api/clients/${clientId}/period-totals?${period}`,
    "/api/auth/user",
  ];

  it("leaves every rate and amount out of a member's answers, and keeps them in the owner's and billing's", async () => {
    for (const path of shared()) {
      const mine = await a.c.get(path);
      expect(mine.status, path).toBe(200);
      expect(rateKeysIn(mine.body), path).toEqual([]);
    }
    expect((await owner.c.get("/api/dashboard/stats")).body.billableAmount).toMatch(/^\d+\.\d{2}$/);
    expect((await billing.get<CallJson[]>("/api/calls")).body.every((call) => "amount" in call && "rate" in call)).toBe(true);
    expect((await owner.c.get(`/api/clients/${clientId}`)).body.effectiveBillingRate).toBe("150.00");
    expect((await owner.c.get("/api/auth/user")).body.defaultBillingRate).toBe("150.00");
  });

  it("shows them to members once the practice allows it, and hides them again when it stops", async () => {
    const refused = await a.c.put("/api/settings", { membersSeeRates: true });
    expect(refused.status).toBe(403);
    const allowed = await owner.c.put<{ membersSeeRates: boolean }>("/api/settings", { membersSeeRates: true });
    expect(allowed.status).toBe(200);
    expect(allowed.body.membersSeeRates).toBe(true);
    expect((await a.c.get<CallJson[]>("/api/calls")).body.every((call) => "amount" in call && "rate" in call)).toBe(true);
    expect((await a.c.get("/api/auth/user")).body.defaultBillingRate).toBe("150.00");
    expect((await a.c.get(`/api/calls/client/${clientId}?${period}`)).body[0].amount).toMatch(/^\d+\.\d{2}$/);
    expect((await owner.c.put("/api/settings", { membersSeeRates: false })).status).toBe(200);
    expect(rateKeysIn((await a.c.get("/api/calls")).body)).toEqual([]);
    expect(rateKeysIn((await a.c.get(`/api/calls/client/${clientId}?${period}`)).body)).toEqual([]);
    const bad = await owner.c.put("/api/settings", { membersSeeRates: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("membersSeeRates must be true or false");
  });
});
