import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, trackedEmails } from "../../src/server/db/schema/index.js";
import { buildCall, buildClient, buildEmail, buildInvoice, newAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("POST /api/clients", () => {
  it("creates a client with every field and answers it as the contract says", async () => {
    const { c } = await newAccount(t);
    const response = await c.post("/api/clients", {
      name: "  Jane Doe ",
      email: "Jane@Example.TEST",
      phone: "+1 555 0100",
      company: "Doe Holdings",
      caseType: "Contract Review",
      address: "1 Main St, Springfield",
      billingRate: "150",
      billingType: "hour",
      minimumBillingMinutes: 15,
      roundingIncrementMinutes: 6,
      notes: "Prefers mornings",
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name: "Jane Doe",
      email: "jane@example.test",
      phone: "+1 555 0100",
      company: "Doe Holdings",
      caseType: "Contract Review",
      address: "1 Main St, Springfield",
      notes: "Prefers mornings",
      billingRate: "150.00",
      billingType: "hour",
      minimumBillingMinutes: 15,
      roundingIncrementMinutes: 6,
      effectiveBillingRate: "150.00",
      effectiveBillingType: "hour",
      effectiveMinimumBillingMinutes: 15,
      effectiveRoundingIncrementMinutes: 6,
      roundingScope: null,
      effectiveRoundingScope: "entry",
      archived: false,
      archivedAt: null,
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(response.body.createdAt))).toBe(false);
  });

  it("needs only a name; everything else follows the account's defaults", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c, { name: "Bare Minimum" });
    expect(client).toMatchObject({
      email: null,
      phone: null,
      company: null,
      caseType: null,
      address: null,
      notes: null,
      billingRate: null,
      billingType: null,
      minimumBillingMinutes: null,
      roundingIncrementMinutes: null,
      effectiveBillingRate: "150.00",
      effectiveBillingType: "hour",
      effectiveMinimumBillingMinutes: 0,
      effectiveRoundingIncrementMinutes: 1,
      roundingScope: null,
      effectiveRoundingScope: "entry",
    });
  });

  it("bills by the hour when a rate comes without a type", async () => {
    const { c } = await newAccount(t);
    await c.put("/api/settings", { defaultBillingRate: "4.00", billingType: "minute" });
    const client = await buildClient(c, { billingRate: 200 });
    expect(client).toMatchObject({ billingRate: "200.00", billingType: "hour", effectiveBillingRate: "200.00", effectiveBillingType: "hour" });
  });

  it("keeps rate and unit together: without its own rate a client uses the account's rate in the account's unit", async () => {
    const { c } = await newAccount(t);
    await c.put("/api/settings", { defaultBillingRate: "4.00", billingType: "minute", minimumBillingMinutes: 15, roundingIncrementMinutes: 6 });
    const client = await buildClient(c, { billingRate: "", billingType: "hour" });
    expect(client).toMatchObject({
      billingRate: null,
      billingType: null,
      effectiveBillingRate: "4.00",
      effectiveBillingType: "minute",
      effectiveMinimumBillingMinutes: 15,
      effectiveRoundingIncrementMinutes: 6,
      roundingScope: null,
      effectiveRoundingScope: "entry",
    });
    // A later change of the defaults follows through to the client.
    await c.put("/api/settings", { defaultBillingRate: "5.00" });
    expect((await c.get(`/api/clients/${client.id}`)).body.effectiveBillingRate).toBe("5.00");
  });

  it("accepts phoneNumber as an alias of phone and treats empty strings as nothing", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c, { phoneNumber: "555-0199", email: "", company: "  ", notes: null });
    expect(client).toMatchObject({ phone: "555-0199", email: null, company: null, notes: null });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["missing name", { name: undefined }, "Name is required"],
    ["blank name", { name: "   " }, "Name is required"],
    ["name as number", { name: 12 }, "Name is required"],
    ["long name", { name: "x".repeat(201) }, "Name must be at most 200 characters"],
    ["bad email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["email as boolean", { email: false }, "Please enter a valid email address"],
    ["long phone", { phone: "1".repeat(51) }, "Phone must be at most 50 characters"],
    ["phone as number", { phone: 5550100 }, "Phone must be text"],
    ["long company", { company: "x".repeat(201) }, "Company must be at most 200 characters"],
    ["long case type", { caseType: "x".repeat(101) }, "Case type must be at most 100 characters"],
    ["long address", { address: "x".repeat(501) }, "Address must be at most 500 characters"],
    ["long notes", { notes: "x".repeat(5001) }, "Notes must be at most 5000 characters"],
    ["rate with letters", { billingRate: "abc" }, "Billing rate must be an amount such as 150.00"],
    ["negative rate", { billingRate: -1 }, "Billing rate must be an amount such as 150.00"],
    ["rate with 3 decimals", { billingRate: "1.005" }, "Billing rate must be an amount such as 150.00"],
    ["huge rate", { billingRate: "100000.01" }, "Billing rate must be 100,000.00 or less"],
    ["rate as object", { billingRate: {} }, "Billing rate must be an amount such as 150.00"],
    ["billing type", { billingType: "daily" }, "Billing type must be minute, hour or call"],
    ["minimum", { minimumBillingMinutes: -5 }, "Minimum billing minutes must be a whole number from 0 to 1440"],
    ["fractional minimum", { minimumBillingMinutes: 2.5 }, "Minimum billing minutes must be a whole number from 0 to 1440"],
    ["rounding", { roundingIncrementMinutes: 10 }, "Rounding increment must be 1, 6, 15 or 30 minutes"],
    ["rounding as boolean", { roundingIncrementMinutes: true }, "Rounding increment must be 1, 6, 15 or 30 minutes"],
  ];

  it.each(invalid)("refuses a %s with a 400 and its message, creating nothing", async (_label, body, message) => {
    const { c } = await newAccount(t);
    const response = await c.post("/api/clients", { name: "Valid Name", ...body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", message });
    expect((await c.get("/api/clients")).body).toEqual([]);
  });

  it.each([
    ["malformed JSON", '{"name": '],
    ["a JSON array", '[{"name":"x"}]'],
    ["a JSON string", '"Acme"'],
    ["null", "null"],
  ])("refuses %s with a 400 and creates nothing", async (_label, rawBody) => {
    const { c } = await newAccount(t);
    const response = await c.request("POST", "/api/clients", { rawBody, headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
    expect((await c.get("/api/clients")).body).toEqual([]);
  });

  it("needs a session", async () => {
    const response = await t.client().post("/api/clients", { name: "Nobody's" });
    expect(response.status).toBe(401);
  });
});

describe("GET /api/clients", () => {
  it("lists the account's own clients by name, and no one else's", async () => {
    const first = await newAccount(t);
    const second = await newAccount(t);
    await buildClient(first.c, { name: "Zeta" });
    await buildClient(first.c, { name: "alpha" });
    await buildClient(first.c, { name: "Mu" });
    await buildClient(second.c, { name: "Other Account Client" });
    const list = await first.c.get("/api/clients");
    expect(list.status).toBe(200);
    expect(list.body.map((client: { name: string }) => client.name)).toEqual(["Mu", "Zeta", "alpha"]);
    expect((await second.c.get("/api/clients")).body.map((client: { name: string }) => client.name)).toEqual(["Other Account Client"]);
  });

  it("refuses a bad includeArchived value", async () => {
    const { c } = await newAccount(t);
    const response = await c.get("/api/clients?includeArchived=maybe");
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("includeArchived must be true or false");
  });
});

describe("GET /api/clients/{id}", () => {
  it("answers one client with its totals: calls, time and revenue from calls plus emails", async () => {
    const owner = await newAccount(t);
    const { c } = owner;
    const client = await buildClient(c, { name: "Totals LLP", billingRate: "150.00" });
    const other = await buildClient(c, { name: "Someone Else" });
    await buildCall(owner, { clientId: client.id, durationSeconds: 1800 }); // 30 min at 150.00/h: 75.00
    await buildCall(owner, { clientId: client.id, durationSeconds: 3725 }); // 63 started minutes: 157.50
    await buildCall(owner, { clientId: other.id, durationSeconds: 999 });
    await buildEmail(owner, { clientId: client.id, seconds: 900 }); // 37.50
    const response = await c.get(`/api/clients/${client.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: client.id, name: "Totals LLP", billingRate: "150.00" });
    expect(response.body.summary).toEqual({
      totalCalls: 2,
      totalDurationSeconds: 5525,
      callRevenue: "232.50",
      emailRevenue: "37.50",
      totalRevenue: "270.00",
      totalEmails: 1,
      totalInvoices: 0,
    });
  });

  it("answers zero totals for a client with no activity", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c);
    const response = await c.get(`/api/clients/${client.id}`);
    expect(response.body.summary).toEqual({
      totalCalls: 0,
      totalDurationSeconds: 0,
      callRevenue: "0.00",
      emailRevenue: "0.00",
      totalRevenue: "0.00",
      totalEmails: 0,
      totalInvoices: 0,
    });
  });

  it("answers 404 for an id that does not exist", async () => {
    const { c } = await newAccount(t);
    const response = await c.get("/api/clients/999999");
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: "not_found", message: "Client not found" });
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999"])("refuses the id %s with a 400", async (id) => {
    const { c } = await newAccount(t);
    const response = await c.get(`/api/clients/${id}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
  });
});

describe("PUT /api/clients/{id}", () => {
  it("changes the fields it is sent and keeps the others", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c, { name: "Old Name", email: "old@example.test", company: "Old Co", billingRate: "100", billingType: "minute" });
    const response = await c.put(`/api/clients/${client.id}`, { name: "New Name", company: "", caseType: "Litigation" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: client.id,
      name: "New Name",
      email: "old@example.test",
      company: null,
      caseType: "Litigation",
      billingRate: "100.00",
      billingType: "minute",
    });
    expect((await c.get(`/api/clients/${client.id}`)).body).toMatchObject({ name: "New Name", caseType: "Litigation" });
  });

  it("takes the whole form as the edit dialog sends it", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c, { name: "Form Client" });
    const response = await c.put(`/api/clients/${client.id}`, {
      name: "Form Client",
      email: "form@example.test",
      phone: "",
      company: "",
      caseType: "",
      address: "",
      billingRate: "75.50",
      billingType: "call",
      minimumBillingMinutes: "",
      roundingIncrementMinutes: "15",
      notes: "",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      email: "form@example.test",
      billingRate: "75.50",
      billingType: "call",
      effectiveBillingType: "call",
      minimumBillingMinutes: null,
      roundingIncrementMinutes: 15,
    });
  });

  it("clearing the rate returns the client to the account's rate and unit", async () => {
    const { c } = await newAccount(t);
    await c.put("/api/settings", { defaultBillingRate: "3.00", billingType: "minute" });
    const client = await buildClient(c, { billingRate: "250", billingType: "hour", minimumBillingMinutes: 30 });
    const response = await c.put(`/api/clients/${client.id}`, { billingRate: null, minimumBillingMinutes: null });
    expect(response.body).toMatchObject({
      billingRate: null,
      billingType: null,
      minimumBillingMinutes: null,
      effectiveBillingRate: "3.00",
      effectiveBillingType: "minute",
      effectiveMinimumBillingMinutes: 0,
    });
  });

  it("changing only the type of a client with its own rate keeps the rate", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c, { billingRate: "50" });
    const response = await c.put(`/api/clients/${client.id}`, { billingType: "call" });
    expect(response.body).toMatchObject({ billingRate: "50.00", billingType: "call" });
  });

  it.each(invalidUpdates())("refuses a %s with a 400 and changes nothing", async (_label, body, message) => {
    const { c } = await newAccount(t);
    const client = await buildClient(c, { name: "Unchanged", email: "same@example.test", billingRate: "10" });
    const response = await c.put(`/api/clients/${client.id}`, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", message });
    const after = await c.get(`/api/clients/${client.id}`);
    const { summary: _summary, ...unchanged } = after.body;
    expect(unchanged).toEqual(client);
  });

  it("refuses malformed JSON with a 400 and changes nothing", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c, { name: "Still Here" });
    const response = await c.request("PUT", `/api/clients/${client.id}`, { rawBody: '{"name":', headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("The request body is not valid JSON");
    expect((await c.get(`/api/clients/${client.id}`)).body.name).toBe("Still Here");
  });

  it("answers 404 for a missing client", async () => {
    const { c } = await newAccount(t);
    const response = await c.put("/api/clients/987654", { name: "Ghost" });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe("Client not found");
  });
});

function invalidUpdates(): [string, Record<string, unknown>, string][] {
  return [
    ["blank name", { name: "" }, "Name is required"],
    ["null name", { name: null }, "Name is required"],
    ["bad email", { email: "x@" }, "Please enter a valid email address"],
    ["bad rate", { billingRate: "12,50" }, "Billing rate must be an amount such as 150.00"],
    ["bad type", { billingType: "minutes" }, "Billing type must be minute, hour or call"],
    ["bad minimum", { minimumBillingMinutes: 2000 }, "Minimum billing minutes must be a whole number from 0 to 1440"],
    ["bad rounding", { roundingIncrementMinutes: "7" }, "Rounding increment must be 1, 6, 15 or 30 minutes"],
    ["long notes", { notes: "n".repeat(5001) }, "Notes must be at most 5000 characters"],
  ];
}

describe("another account's clients", () => {
  it("are a 404 for every read and write, and nothing changes", async () => {
    const owner = await newAccount(t);
    const intruder = await newAccount(t);
    const client = await buildClient(owner.c, { name: "Private Client", email: "private@example.test" });
    const call = await buildCall(owner, { clientId: client.id });
    await buildEmail(owner, { clientId: client.id });
    await buildInvoice(owner, { clientId: client.id, callIds: [call.id] });

    const attempts = [
      intruder.c.get(`/api/clients/${client.id}`),
      intruder.c.put(`/api/clients/${client.id}`, { name: "Hijacked" }),
      intruder.c.delete(`/api/clients/${client.id}`),
      intruder.c.get(`/api/clients/${client.id}/calls`),
      intruder.c.get(`/api/clients/${client.id}/emails`),
      intruder.c.get(`/api/clients/${client.id}/invoices`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: "not_found", message: "Client not found", requestId: expect.any(String) });
      expect(response.text).not.toContain("Private Client");
    }
    const after = await owner.c.get(`/api/clients/${client.id}`);
    expect(after.body).toMatchObject({ name: "Private Client", archived: false });
    expect((await owner.c.get(`/api/clients/${client.id}/calls`)).body).toHaveLength(1);
    expect((await owner.c.get(`/api/clients/${client.id}/emails`)).body).toHaveLength(1);
    expect((await owner.c.get(`/api/clients/${client.id}/invoices`)).body).toHaveLength(1);
  });
});

describe("GET /api/clients/{id}/calls, /emails, /invoices", () => {
  it("lists the client's own calls newest first in the calls shape, money as decimal strings", async () => {
    const owner = await newAccount(t);
    const { c } = owner;
    const client = await buildClient(c, { name: "Caller" });
    const other = await buildClient(c, { name: "Not Me" });
    // Per-call prices, so the amounts show cents and a leading zero.
    const older = await buildCall(owner, {
      clientId: client.id,
      startedAt: "2026-01-05T10:00:00Z",
      notes: "first",
      rules: { rateCents: 1234, billingType: "call" },
    });
    const newer = await buildCall(owner, { clientId: client.id, startedAt: "2026-02-05T10:00:00Z", rules: { rateCents: 5, billingType: "call" } });
    await buildCall(owner, { clientId: other.id });
    const response = await c.get(`/api/clients/${client.id}/calls`);
    expect(response.status).toBe(200);
    expect(response.body.map((call: { id: number }) => call.id)).toEqual([newer.id, older.id]);
    expect(response.body[1]).toMatchObject({
      id: older.id,
      clientId: client.id,
      clientName: "Caller",
      platform: "zoom",
      callType: "consultation",
      startTime: "2026-01-05T10:00:00.000Z",
      duration: 1800,
      billedDuration: 1800,
      amount: "12.34",
      billableAmount: "12.34",
      notes: "first",
      invoiceId: null,
    });
    expect(response.body[0].amount).toBe("0.05");
  });

  it("lists the client's tracked emails with estimated hours, minutes and amount", async () => {
    const owner = await newAccount(t);
    const client = await buildClient(owner.c);
    const { c } = owner;
    await buildEmail(owner, { clientId: client.id, subject: "Quarterly review", seconds: 900, readSeconds: 120, writeSeconds: 780 });
    const response = await c.get(`/api/clients/${client.id}/emails`);
    expect(response.status).toBe(200);
    // The one tracked-email shape (issue 12 item 2), with the exact billed seconds.
    expect(response.body).toMatchObject([
      {
        id: expect.any(Number),
        emailType: "outbound",
        subject: "Quarterly review",
        estimatedHours: "0.25",
        billedSeconds: 900,
        clientName: client.name,
        amount: "37.50",
        createdAt: expect.any(String),
        totalTime: 15,
        invoiceId: null,
      },
    ]);
  });

  it("lists the client's invoices", async () => {
    const owner = await newAccount(t);
    const { c } = owner;
    const client = await buildClient(c, { name: "Billed Co", email: "billing@billed.test" });
    const call = await buildCall(owner, { clientId: client.id, startedAt: "2026-03-02T15:00:00Z", durationSeconds: 1800 });
    const invoice = await buildInvoice(owner, {
      clientId: client.id,
      callIds: [call.id],
      dateFrom: "2026-03-01",
      dateTo: "2026-03-31",
      subtotalCents: 7500,
      totalCents: 7500,
      totalCalls: 1,
      totalDurationSeconds: 1800,
    });
    const response = await c.get(`/api/clients/${client.id}/invoices`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      expect.objectContaining({
        id: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        clientId: client.id,
        clientName: "Billed Co",
        clientEmail: "billing@billed.test",
        dateFrom: "2026-03-01",
        dateTo: "2026-03-31",
        status: "draft",
        totalCalls: 1,
        totalDuration: 1800,
        subtotal: "75.00",
        total: "75.00",
      }),
    ]);
  });

  it("answers empty lists for a client with no activity", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c);
    for (const list of ["calls", "emails", "invoices"]) {
      const response = await c.get(`/api/clients/${client.id}/${list}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    }
  });

  it.each(["calls", "emails", "invoices"])("answers 404 for the %s of a missing client", async (list) => {
    const { c } = await newAccount(t);
    const response = await c.get(`/api/clients/424242/${list}`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe("Client not found");
  });
});

describe("DELETE /api/clients/{id} (docs/decisions.md D10)", () => {
  it("erases a client without invoices, keeps its calls without a client and removes its tracked emails, and says so", async () => {
    const owner = await newAccount(t);
    const { c, accountId } = owner;
    const client = await buildClient(c, { name: "Short Lived" });
    const keep = await buildClient(c, { name: "Keeper" });
    const callA = await buildCall(owner, { clientId: client.id });
    const callB = await buildCall(owner, { clientId: client.id });
    const keptCall = await buildCall(owner, { clientId: keep.id });
    await buildEmail(owner, { clientId: client.id });

    const response = await c.delete(`/api/clients/${client.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: client.id,
      outcome: "deleted",
      detachedCalls: 2,
      removedEmails: 1,
      message: "Short Lived was deleted. 2 calls were kept without a client. 1 tracked email was removed.",
    });
    expect((await c.get(`/api/clients/${client.id}`)).status).toBe(404);
    expect((await c.get("/api/clients")).body.map((x: { name: string }) => x.name)).toEqual(["Keeper"]);
    const detached = await t.app.db.select().from(calls).where(eq(calls.accountId, accountId));
    expect(detached.find((call) => call.id === callA.id)?.clientId).toBeNull();
    expect(detached.find((call) => call.id === callB.id)?.clientId).toBeNull();
    expect(detached.find((call) => call.id === keptCall.id)?.clientId).toBe(keep.id);
    expect(await t.app.db.select().from(trackedEmails).where(eq(trackedEmails.accountId, accountId))).toEqual([]);
    // A second delete finds nothing.
    expect((await c.delete(`/api/clients/${client.id}`)).status).toBe(404);
  });

  it("erases a client with no activity with a plain message", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c, { name: "Nothing Here" });
    const response = await c.delete(`/api/clients/${client.id}`);
    expect(response.body).toMatchObject({ outcome: "deleted", detachedCalls: 0, removedEmails: 0, message: "Nothing Here was deleted." });
  });

  it("archives a client with invoices: hidden from the list, still readable by id and on its invoices, its calls and emails kept", async () => {
    const owner = await newAccount(t);
    const { c } = owner;
    const client = await buildClient(c, { name: "Invoiced Inc" });
    const call = await buildCall(owner, { clientId: client.id });
    await buildEmail(owner, { clientId: client.id });
    const invoice = await buildInvoice(owner, { clientId: client.id, callIds: [call.id] });

    const response = await c.delete(`/api/clients/${client.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: client.id,
      outcome: "archived",
      detachedCalls: 0,
      removedEmails: 0,
      message: "Invoiced Inc has invoices, so the client was archived: hidden from your lists, with its invoices, calls and emails kept.",
    });
    expect((await c.get("/api/clients")).body).toEqual([]);
    const withArchived = await c.get("/api/clients?includeArchived=true");
    expect(withArchived.body).toEqual([expect.objectContaining({ id: client.id, archived: true, archivedAt: expect.any(String) })]);
    const one = await c.get(`/api/clients/${client.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ name: "Invoiced Inc", archived: true });
    expect(one.body.summary).toMatchObject({ totalCalls: 1, totalEmails: 1, totalInvoices: 1 });
    expect((await c.get(`/api/clients/${client.id}/invoices`)).body.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
    expect((await c.get(`/api/clients/${client.id}/calls`)).body.map((x: { id: number }) => x.id)).toEqual([call.id]);

    // Deleting again leaves it archived with the same answer.
    const again = await c.delete(`/api/clients/${client.id}`);
    expect(again.status).toBe(200);
    expect(again.body.outcome).toBe("archived");
    expect((await c.get(`/api/clients/${client.id}`)).body.archivedAt).toBe(one.body.archivedAt);
  });

  it("answers 404 for a missing client and bad ids with a 400", async () => {
    const { c } = await newAccount(t);
    expect((await c.delete("/api/clients/31337")).status).toBe(404);
    expect((await c.delete("/api/clients/abc")).status).toBe(400);
  });
});
