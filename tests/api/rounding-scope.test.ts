import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildCall, buildClient, newAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** Issue 27 §3: rounding and minimums per call, per day or per invoice, chosen per client or for the account. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: () => new Date("2026-04-02T12:00:00Z") });
});
afterAll(async () => t?.close());

/** Three 4-minute calls on 2 March and one on 3 March, at $150/h with 15-minute rounding. */
async function fourShortCalls(who: Awaited<ReturnType<typeof newAccount>>, clientId: number) {
  for (const startedAt of ["2026-03-02T09:00:00Z", "2026-03-02T11:00:00Z", "2026-03-02T15:00:00Z", "2026-03-03T10:00:00Z"]) {
    await buildCall(who, { clientId, startedAt, durationSeconds: 240 });
  }
}

async function invoiceMarch(who: Awaited<ReturnType<typeof newAccount>>, clientId: number) {
  const response = await who.c.post("/api/invoices", {
    dateFrom: "2026-03-01",
    dateTo: "2026-03-31",
    clientId,
    template: "professional",
  });
  expect(response.status).toBe(201);
  const invoice = response.body.invoices[0];
  return { invoice, items: (await who.c.get(`/api/invoices/${invoice.id}`)).body.items };
}

describe("rounding scope on invoices", () => {
  it("entry (the default) rounds each call: 4 × 15 min = $150.00", async () => {
    const who = await newAccount(t);
    const client = await buildClient(who.c, { roundingIncrementMinutes: 15 });
    expect(client.effectiveRoundingScope).toBe("entry");
    await fourShortCalls(who, client.id);
    const { invoice } = await invoiceMarch(who, client.id);
    expect(invoice.total).toBe("150.00");
  });

  it("day rounds each day's total once: 12 min → 15 min and 4 min → 15 min = $75.00; the day's last call carries the rounding", async () => {
    const who = await newAccount(t);
    const client = await buildClient(who.c, { roundingIncrementMinutes: 15, roundingScope: "day" });
    expect(client).toMatchObject({ roundingScope: "day", effectiveRoundingScope: "day" });
    await fourShortCalls(who, client.id);
    const { invoice, items } = await invoiceMarch(who, client.id);
    expect(invoice.total).toBe("75.00");
    expect(invoice.totalDuration).toBe(960);
    expect(items.map((item: { billedDuration: number }) => item.billedDuration)).toEqual([240, 240, 420, 900]);
    expect(items.map((item: { amount: string }) => item.amount)).toEqual(["10.00", "10.00", "17.50", "37.50"]);
  });

  it("invoice rounds the whole invoice once, from the account's setting when the client has none: 16 min → 30 min = $75.00", async () => {
    const who = await newAccount(t);
    expect((await who.c.put("/api/settings", { roundingScope: "invoice", roundingIncrementMinutes: 15 })).status).toBe(200);
    const client = await buildClient(who.c);
    expect(client).toMatchObject({ roundingScope: null, effectiveRoundingScope: "invoice" });
    await fourShortCalls(who, client.id);
    const { invoice } = await invoiceMarch(who, client.id);
    expect(invoice.total).toBe("75.00");
  });

  it("a client's own scope wins over the account's, and clearing it returns to the account's", async () => {
    const who = await newAccount(t);
    await who.c.put("/api/settings", { roundingScope: "day" });
    const client = await buildClient(who.c, { roundingScope: "entry" });
    expect(client.effectiveRoundingScope).toBe("entry");
    const cleared = await who.c.put(`/api/clients/${client.id}`, { roundingScope: "" });
    expect(cleared.body).toMatchObject({ roundingScope: null, effectiveRoundingScope: "day" });
    const settings = await who.c.get("/api/settings");
    expect(settings.body.roundingScope).toBe("day");
  });

  it("refuses an unknown scope with the message, changing nothing", async () => {
    const who = await newAccount(t);
    const client = await buildClient(who.c);
    for (const [path, method, body] of [
      ["/api/settings", "PUT", { roundingScope: "week" }],
      [`/api/clients/${client.id}`, "PUT", { roundingScope: "week" }],
      ["/api/clients", "POST", { name: "X", roundingScope: 3 }],
      ["/api/settings", "PUT", { weeklyWorkingHours: 169 }],
    ] as const) {
      const response = await expectNothingChanged(t.app.db, () => who.c.request(method, path, { json: body }));
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const response = await who.c.put("/api/settings", { roundingScope: "week" });
    expect(response.body.message).toBe("Rounding scope must be entry, day or invoice");
    const hours = await who.c.put("/api/settings", { weeklyWorkingHours: 0 });
    expect(hours.body.message).toBe("Working hours a week must be a whole number from 1 to 168");
  });
});
