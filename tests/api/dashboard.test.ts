import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, buildInvoice, newAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** GET /api/dashboard/stats: today's calls, time and revenue in the account's time zone, and pending invoices. */
let clock = new Date("2026-06-15T14:00:00.000Z");
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
});
afterAll(async () => t?.close());

describe("GET /api/dashboard/stats", () => {
  it("starts at zero for a new account", async () => {
    const { c } = await newAccount(t);
    const stats = await c.get("/api/dashboard/stats");
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ todayCalls: 0, totalDuration: 0, billableAmount: "0.00", pendingInvoices: 0 });
  });

  it("counts today's calls, seconds and money as the account's user sees today, and its draft and sent invoices", async () => {
    clock = new Date("2026-06-15T14:00:00.000Z"); // 10:00 on June 15 in New York (EDT, UTC−4)
    const who = await newAccount(t, { timezone: "America/New_York" });
    const { c } = who;
    const log = (startTime: string, duration: number) => c.post("/api/calls", { startTime, duration });
    await log("2026-06-15T03:59:00Z", 600); // 23:59 on June 14 in New York: yesterday
    await log("2026-06-15T04:00:00Z", 1800); // 00:00 on June 15: today, $75.00
    await log("2026-06-15T13:00:00Z", 61); // today, 2 billed minutes: $5.00
    await log("2026-06-14T12:00:00Z", 3600); // yesterday
    const running = await c.post("/api/calls/start"); // today, still running: counted, no time or money yet
    expect(running.status).toBe(201);
    const client = await buildClient(c);
    for (const status of ["draft", "sent", "paid", "void"]) await buildInvoice(who, { clientId: client.id, status });

    const stats = await c.get("/api/dashboard/stats");
    expect(stats.body).toEqual({ todayCalls: 3, totalDuration: 1861, billableAmount: "80.00", pendingInvoices: 2 });

    // Another account's calls and invoices never count.
    const other = await newAccount(t, { timezone: "America/New_York" });
    await other.c.post("/api/calls", { startTime: "2026-06-15T13:00:00Z", duration: 60 });
    expect((await c.get("/api/dashboard/stats")).body.todayCalls).toBe(3);
    expect((await other.c.get("/api/dashboard/stats")).body).toEqual({ todayCalls: 1, totalDuration: 60, billableAmount: "2.50", pendingInvoices: 0 });
  });

  it("moves 'today' with the account's time zone", async () => {
    clock = new Date("2026-06-15T02:00:00.000Z"); // June 15 in UTC, still June 14 in Los Angeles
    const { c } = await newAccount(t, { timezone: "UTC" });
    await c.post("/api/calls", { startTime: "2026-06-15T01:00:00Z", duration: 60 }); // June 15 UTC, June 14 in LA
    await c.post("/api/calls", { startTime: "2026-06-14T20:00:00Z", duration: 120 }); // June 14 in both
    expect((await c.get("/api/dashboard/stats")).body).toMatchObject({ todayCalls: 1, totalDuration: 60 });
    expect((await c.put("/api/settings", { timezone: "America/Los_Angeles" })).status).toBe(200);
    expect((await c.get("/api/dashboard/stats")).body).toMatchObject({ todayCalls: 2, totalDuration: 180 });
  });

  it("covers the whole 23-hour day when clocks spring forward", async () => {
    clock = new Date("2026-03-09T03:59:30.000Z"); // 23:59:30 EDT on March 8, 2026, the 23-hour day New York springs forward
    const { c } = await newAccount(t, { timezone: "America/New_York" });
    await c.post("/api/calls", { startTime: "2026-03-08T05:00:00Z", duration: 60 }); // 00:00 EST: first instant of the day
    await c.post("/api/calls", { startTime: "2026-03-08T04:59:59Z", duration: 60 }); // 23:59:59 on March 7
    await c.post("/api/calls", { startTime: "2026-03-08T19:00:00Z", duration: 60 }); // 15:00 EDT
    await c.post("/api/calls", { startTime: "2026-03-09T03:59:00Z", duration: 20 }); // 23:59 EDT
    expect((await c.get("/api/dashboard/stats")).body.todayCalls).toBe(3);
  });

  it("adds cents exactly, with no floating-point drift", async () => {
    clock = new Date("2026-06-15T23:00:00.000Z");
    const { c } = await newAccount(t, { timezone: "UTC" });
    await c.put("/api/settings", { defaultBillingRate: "0.10", billingType: "minute" });
    for (let i = 0; i < 30; i++) await c.post("/api/calls", { startTime: `2026-06-15T${String(10 + (i % 10)).padStart(2, "0")}:0${i % 6}:00Z`, duration: 60 });
    expect((await c.get("/api/dashboard/stats")).body.billableAmount).toBe("3.00");
  });

  it("shows the account's own changes at once, though the figures are cached for a second", async () => {
    clock = new Date("2026-06-15T14:00:00.000Z");
    const { c } = await newAccount(t, { timezone: "UTC" });
    const stats = async () => (await c.get("/api/dashboard/stats")).body;
    expect(await stats()).toMatchObject({ todayCalls: 0 });
    const logged = await c.post("/api/calls", { startTime: "2026-06-15T09:00:00Z", duration: 600 });
    expect(await stats()).toMatchObject({ todayCalls: 1, totalDuration: 600, billableAmount: "25.00" });
    const started = await c.post("/api/calls/start");
    expect(await stats()).toMatchObject({ todayCalls: 2, totalDuration: 600 });
    clock = new Date("2026-06-15T14:10:00.000Z");
    await c.post(`/api/calls/end/${started.body.id}`);
    expect(await stats()).toMatchObject({ todayCalls: 2, totalDuration: 1200, billableAmount: "50.00" });
    await c.delete(`/api/calls/${logged.body.id}`);
    expect(await stats()).toEqual({ todayCalls: 1, totalDuration: 600, billableAmount: "25.00", pendingInvoices: 0 });
    // A refused write changes nothing and the figures stay right.
    expect((await c.delete(`/api/calls/${logged.body.id}`)).status).toBe(404);
    expect(await stats()).toMatchObject({ todayCalls: 1 });
  });

  it("starts a new day at the account's midnight even with figures cached from the evening before", async () => {
    clock = new Date("2026-06-15T23:59:59.000Z");
    const { c } = await newAccount(t, { timezone: "UTC" });
    await c.post("/api/calls", { startTime: "2026-06-15T20:00:00Z", duration: 60 });
    expect((await c.get("/api/dashboard/stats")).body.todayCalls).toBe(1);
    clock = new Date("2026-06-16T00:00:00.000Z");
    expect((await c.get("/api/dashboard/stats")).body.todayCalls).toBe(0);
  });

  it("requires a session", async () => {
    const response = await t.client().get("/api/dashboard/stats");
    expect(response.status).toBe(401);
    expect(response.body.message).toBe("Unauthorized");
  });
});
