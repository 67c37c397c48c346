import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_PAGE_SIZE } from "../../src/core/contracts/audit.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildCall, buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** Issue 27 §2: who changed what, when and from where; append-only; shown per record and as a log. */
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
  a = await newAccount(t, { email: "owner@audit.test" });
  b = await newAccount(t, { email: "other@audit.test" });
});
afterAll(async () => t?.close());

/** A path with its query string (the API client's get takes headers, not a query). */
function withQuery(path: string, query: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== null && value !== undefined) params.set(key, String(value));
  return `${path}?${params}`;
}

const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe("a client's history", () => {
  it("records the creation and each change with who, when, from where, before and after", async () => {
    const client = await buildClient(a.c, { name: "Hale & Co", billingRate: "150.00" });
    const update = await a.c.put(`/api/clients/${client.id}`, { billingRate: "175.00", roundingScope: "day" });
    expect(update.status).toBe(200);

    const history = await a.c.get(`/api/clients/${client.id}/history`);
    expect(history.status).toBe(200);
    const [created, updated] = history.body.events;
    expect(history.body.events).toHaveLength(2);
    expect(created).toMatchObject({ entity: "client", entityId: client.id, action: "created" });
    expect(created.changes).toContainEqual({ field: "name", label: "Name", before: null, after: "Hale & Co" });
    expect(updated).toMatchObject({
      action: "updated",
      summary: `Client ${client.id} updated: Rate, Rounding scope`,
      actor: { kind: "user", userId: a.userId, label: "owner@audit.test", ip: "127.0.0.1", via: "PUT /api/clients/:id" },
    });
    expect(updated.changes).toEqual([
      { field: "billing_rate_cents", label: "Rate", before: "150.00", after: "175.00" },
      { field: "rounding_scope", label: "Rounding scope", before: null, after: "day" },
    ]);
    expect(Date.parse(updated.at)).toBeGreaterThan(0);
  });

  it("is a 404 for another account's client and for one that never existed, and shows nothing of it", async () => {
    const client = await buildClient(a.c, { name: "Private Client" });
    for (const path of [
      `/api/clients/${client.id}/history`,
      "/api/clients/999999/history",
      "/api/calls/999999/history",
      "/api/invoices/999999/history",
    ]) {
      const response = await b.c.get(path);
      expect(response.status, path).toBe(404);
    }
    expect((await b.c.get(`/api/clients/${client.id}/history`)).body.message).toBe("Client not found");
    const log = await b.c.get(withQuery("/api/audit", { q: "Private Client" }));
    expect(log.body.events).toEqual([]);
  });

  it("refuses a bad id with a 400", async () => {
    const response = await a.c.get("/api/clients/01/history");
    expect(response.status).toBe(400);
  });
});

describe("a call's history", () => {
  it("shows raw and billed time side by side across edits", async () => {
    const client = await buildClient(a.c, { name: "Quarter Hour Ltd", roundingIncrementMinutes: 15 });
    const call = await buildCall(a, { clientId: client.id, durationSeconds: 600 });
    expect((await a.c.patch(`/api/calls/${call.id}`, { duration: 1000 })).status).toBe(200);
    expect((await a.c.patch(`/api/calls/${call.id}`, { notes: "Follow-up on the lease" })).status).toBe(200);

    const history = await a.c.get(`/api/calls/${call.id}/history`);
    expect(history.status).toBe(200);
    const events = history.body.events;
    expect(events.map((event: { action: string }) => event.action)).toEqual(["created", "updated", "updated"]);
    expect(events.map((event: { callTimes: unknown }) => event.callTimes)).toEqual([
      { rawSeconds: 600, billedSeconds: 900 },
      { rawSeconds: 1000, billedSeconds: 1800 },
      { rawSeconds: 1000, billedSeconds: 1800 },
    ]);
    expect(events[1].changes).toEqual(
      expect.arrayContaining([
        { field: "duration_seconds", label: "Raw time", before: "10m 0s", after: "16m 40s" },
        { field: "billed_seconds", label: "Billed time", before: "15m 0s", after: "30m 0s" },
        { field: "amount_cents", label: "Amount", before: "37.50", after: "75.00" },
      ]),
    );
    expect(events[2].summary).toBe(`Call ${call.id} updated: Notes`);
  });

  it("is kept after the call is deleted", async () => {
    const call = await buildCall(a, { durationSeconds: 60 });
    expect((await a.c.delete(`/api/calls/${call.id}`)).status).toBe(200);
    const history = await a.c.get(`/api/calls/${call.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.events.at(-1)).toMatchObject({ action: "deleted", callTimes: { rawSeconds: 60, billedSeconds: 60 } });
  });
});

describe("an invoice's history", () => {
  it("records the invoice, its lines and the calls it billed, and their release when the draft is deleted", async () => {
    const client = await buildClient(a.c, { name: "Invoice History plc" });
    const call = await buildCall(a, { clientId: client.id, startedAt: "2026-01-07T10:00:00Z", durationSeconds: 1800 });
    const created = await a.c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId: client.id,
      template: "minimal",
    });
    expect(created.status).toBe(201);
    const invoice = created.body.invoices[0];
    expect((await a.c.delete(`/api/invoices/${invoice.id}`)).status).toBe(200);

    const history = await a.c.get(`/api/invoices/${invoice.id}/history`);
    expect(history.status).toBe(200);
    const summaries = history.body.events.map((event: { summary: string }) => event.summary);
    expect(summaries[0]).toBe(`Invoice ${invoice.id} created`);
    expect(summaries).toContain(`Invoice ${invoice.id} line added`);
    expect(summaries).toContain(`Invoice ${invoice.id} deleted`);
    expect(summaries).toContain(`Invoice ${invoice.id} line removed`);

    const callHistory = (await a.c.get(`/api/calls/${call.id}/history`)).body.events;
    const updates = callHistory.filter((event: { action: string }) => event.action === "updated");
    const invoiceChanges = updates.flatMap((event: { changes: { field: string; after: string | null }[] }) =>
      event.changes.filter((change) => change.field === "invoice_id").map((change) => change.after),
    );
    expect(invoiceChanges).toEqual([String(invoice.id), null]);
  });
});

describe("settings, sign-ins and secrets", () => {
  it("records price settings and sign-ins with the address they came from", async () => {
    const who = await newAccount(t, { email: "settings@audit.test" });
    expect((await who.c.put("/api/settings", { defaultBillingRate: "220.00", roundingScope: "invoice" })).status).toBe(200);
    const signIn = await t
      .client({ localAddress: "127.0.0.7" })
      .post("/api/auth/login", { email: "settings@audit.test", password: who.account.password });
    expect(signIn.status).toBe(200);

    const settings = await who.c.get(withQuery("/api/audit", { entity: "settings", action: "updated" }));
    expect(settings.body.events[0].changes).toEqual(
      expect.arrayContaining([
        { field: "default_rate_cents", label: "Default rate", before: "150.00", after: "220.00" },
        { field: "rounding_scope", label: "Rounding scope", before: "entry", after: "invoice" },
      ]),
    );
    const signIns = await who.c.get(withQuery("/api/audit", { action: "signed_in" }));
    expect(signIns.body.events[0]).toMatchObject({
      summary: "Signed in",
      actor: { label: "settings@audit.test", ip: "127.0.0.7" },
    });
  });

  it("says a secret was set or replaced, and never shows it", async () => {
    const who = await newAccount(t);
    const setup = { apiKey: "zoomClientId1", apiSecret: "zoom-secret-NEVER-SHOWN-1", webhookSecretToken: "token-NEVER-SHOWN-1" };
    expect((await who.c.post("/api/integrations/setup-zoom", setup)).status).toBe(200);
    expect((await who.c.post("/api/integrations/setup-zoom", { ...setup, apiSecret: "zoom-secret-NEVER-SHOWN-2" })).status).toBe(
      200,
    );
    const log = await who.c.get(withQuery("/api/audit", { entity: "integration" }));
    const [replaced, set] = log.body.events;
    expect(set.changes).toContainEqual({ field: "secret_ciphertext", label: "Secret", before: null, after: "(set)" });
    expect(replaced.changes).toContainEqual({
      field: "secret_ciphertext",
      label: "Secret",
      before: "(hidden)",
      after: "(replaced)",
    });
    const exported = await who.c.get("/api/audit/export");
    const stored = await rows(
      sql`select before::text || after::text as text from audit_events where account_id = ${who.accountId}`,
    );
    for (const text of [JSON.stringify(log.body), exported.text, ...stored.map((row) => String(row.text))]) {
      expect(text).not.toContain("NEVER-SHOWN");
    }
    expect(stored.map((row) => String(row.text)).join("")).not.toMatch(/password_hash":"[^(]/);
  });
});

describe("the Settings log", () => {
  it("pages newest first with a cursor, filters by record, action and text, and never mixes accounts", async () => {
    const who = await newAccount(t);
    for (let i = 1; i <= AUDIT_PAGE_SIZE + 5; i++) await buildClient(who.c, { name: `Paged Client ${i}` });
    const first = await who.c.get(withQuery("/api/audit", { entity: "client" }));
    expect(first.status).toBe(200);
    expect(first.body.events).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.body.events[0].changes).toContainEqual(
      expect.objectContaining({ field: "name", after: `Paged Client ${AUDIT_PAGE_SIZE + 5}` }),
    );
    const second = await who.c.get(withQuery("/api/audit", { entity: "client", cursor: first.body.nextCursor }));
    expect(second.body.events).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.events, ...second.body.events].map((event: { id: number }) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    const search = await who.c.get(withQuery("/api/audit", { q: "Paged Client 17" }));
    expect(search.body.events).toHaveLength(1);
    const literal = await who.c.get(withQuery("/api/audit", { q: "Paged_Client" }));
    expect(literal.body.events).toHaveLength(0);
    const other = await b.c.get(withQuery("/api/audit", { q: "Paged Client" }));
    expect(other.body.events).toHaveLength(0);
  });

  it("refuses bad filters with a 400 and a message", async () => {
    for (const [query, message] of [
      [{ entity: "nope" }, "entity must be one of"],
      [{ cursor: "abc" }, "cursor must be the nextCursor of a previous page"],
      [{ from: "2026-02-30" }, "Use a real date like 2026-01-31"],
      [{ q: "x".repeat(201) }, "Search must be at most 200 characters"],
    ] as const) {
      const response = await a.c.get(withQuery("/api/audit", query));
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.message).toContain(message);
    }
  });

  it("needs a session", async () => {
    for (const path of ["/api/audit", "/api/audit/export", "/api/clients/1/history"]) {
      expect((await t.client().get(path)).status, path).toBe(401);
    }
  });

  it("exports the filtered log as formula-safe CSV", async () => {
    const who = await newAccount(t);
    await buildClient(who.c, { name: '=HYPERLINK("http://x")' });
    const response = await who.c.get(withQuery("/api/audit/export", { entity: "client" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = parse(response.text.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ Record: "client", Action: "created", Who: who.account.email, "IP address": "127.0.0.1" });
    expect(records[0]?.Changes).toContain("Name: — → =HYPERLINK");
    expect(records[0]?.Summary?.startsWith("Client ")).toBe(true);
    expect(response.text).not.toMatch(/,=HYPERLINK/);
  });
});

describe("append-only", () => {
  it("the table refuses UPDATE, DELETE and TRUNCATE, even from the database's own owner", async () => {
    const [before] = await rows(sql`select count(*)::int as n from audit_events`);
    for (const statement of [
      sql`update audit_events set action = 'deleted'`,
      sql`delete from audit_events`,
      sql`truncate audit_events`,
    ]) {
      await expect(t.app.db.execute(statement)).rejects.toThrow();
    }
    const [after] = await rows(sql`select count(*)::int as n from audit_events`);
    expect(after?.n).toBe(before?.n);
  });

  it("a refused change writes no audit row", async () => {
    const client = await buildClient(a.c, { name: "Refused Ltd" });
    const response = await expectNothingChanged(t.app.db, () => a.c.put(`/api/clients/${client.id}`, { billingRate: "abc" }));
    expect(response.status).toBe(400);
  });

  it("no route updates or deletes audit rows", async () => {
    const writes = t.app.routeTable.filter((route) => route.url.startsWith("/api/audit") && route.method !== "GET");
    expect(writes).toEqual([]);
  });
});
