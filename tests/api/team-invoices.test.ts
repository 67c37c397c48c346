import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceDetailJson, InvoiceListItemJson } from "../../src/core/contracts/invoices.js";
import type { WorkPeopleResponse } from "../../src/core/contracts/team.js";
import { invoiceItems, users } from "../../src/server/db/schema/index.js";
import { loadLedesInvoice } from "../../src/server/legal-billing/load-ledes-invoice.js";
import type { ApiClient } from "../helpers/api-client.js";
import { buildCall, buildClient, buildEmail, newAccount, type TestAccount } from "../helpers/factories.js";
import { joinAs } from "../helpers/team.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 26 §2, invoices by member: each line records its timekeeper (the billed call's or email's member) when
 * the invoice is made; the screen (GET /api/invoices/{id}), the PDF and the LEDES file name the same one; the
 * invoice lists filter by member (`userId`, the same 404/400 as the dashboard's filter). docs/team.md.
 */
let t: TestApp;
let owner: TestAccount;
type Person = { c: ApiClient; userId: number; ref: { c: ApiClient; accountId: number; db: TestApp["app"]["db"] } };
let ada: Person;
let bo: Person;
let billing: ApiClient;
let other: TestAccount;
let shared: InvoiceDetailJson;
let bosOnly: InvoiceListItemJson;
let sharedClientId: number;

type Page<T> = { items: T[]; nextCursor: string | null };

async function member(name: string): Promise<Person> {
  const joined = await joinAs(t, owner.c, "member");
  await t.app.db.update(users).set({ firstName: name, lastName: "Member" }).where(eq(users.id, joined.user.id));
  return { c: joined.c, userId: joined.user.id, ref: { c: joined.c, accountId: owner.accountId, db: t.app.db } };
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await newAccount(t, { plan: "team", firstName: "Olive", lastName: "Owner" });
  ada = await member("Ada");
  bo = await member("Bo");
  billing = (await joinAs(t, owner.c, "billing")).c;
  other = await newAccount(t, { plan: "team" });

  const client = await buildClient(owner.c, { name: "Shared Client" });
  sharedClientId = client.id;
  // Two members' calls and one member's email on one invoice.
  await buildCall(ada.ref, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z", durationSeconds: 1800 });
  await buildCall(bo.ref, { clientId: client.id, startedAt: "2026-01-06T10:00:00Z", durationSeconds: 900 });
  await buildEmail(ada.ref, { clientId: client.id, createdAt: "2026-01-07T10:00:00Z", userId: ada.userId });
  const created = await owner.c.post("/api/invoices", { dateFrom: "2026-01-01", dateTo: "2026-01-31", clientId: client.id });
  expect(created.status, created.text).toBe(201);
  shared = (await owner.c.get<InvoiceDetailJson>(`/api/invoices/${created.body.invoices[0].id}`)).body;

  // A second client's invoice holds only Bo's work.
  const second = await buildClient(owner.c, { name: "Bo's Client" });
  await buildCall(bo.ref, { clientId: second.id, startedAt: "2026-02-03T10:00:00Z", durationSeconds: 600 });
  const made = await owner.c.post("/api/invoices", { dateFrom: "2026-02-01", dateTo: "2026-02-28", clientId: second.id });
  expect(made.status, made.text).toBe(201);
  bosOnly = made.body.invoices[0];
});
afterAll(async () => t?.close());

describe("each line names its timekeeper", () => {
  it("records the member of each call and email on the line, and names them on the invoice", () => {
    expect(shared.showsTimekeepers).toBe(true);
    expect(shared.items.map((item) => [item.kind, item.userId, item.timekeeper])).toEqual([
      ["call", ada.userId, "Ada Member"],
      ["call", bo.userId, "Bo Member"],
      ["email", ada.userId, "Ada Member"],
    ]);
  });

  it("lists the invoice with the members it names", async () => {
    const listed = await owner.c.get<InvoiceListItemJson[]>("/api/invoices");
    expect(listed.body.find((invoice) => invoice.id === shared.id)?.timekeepers).toEqual(["Ada Member", "Bo Member"]);
    const page = await owner.c.get<Page<InvoiceListItemJson>>("/api/invoices/page");
    expect(page.body.items.find((invoice) => invoice.id === shared.id)?.timekeepers).toEqual(["Ada Member", "Bo Member"]);
  });

  it("gives the LEDES file the same member per line", async () => {
    const loaded = await loadLedesInvoice(t.app.db, { accountId: owner.accountId, invoiceId: shared.id });
    expect(loaded.ledes.lines.map((line) => line.timekeeperName)).toEqual(["Ada Member", "Bo Member", "Ada Member"]);
  });

  it("names nobody on a solo practitioner's invoice", async () => {
    const solo = await newAccount(t, { plan: "individual" });
    const client = await buildClient(solo.c, { name: "Solo Client" });
    await buildCall(solo, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z" });
    const made = await solo.c.post("/api/invoices", { dateFrom: "2026-01-01", dateTo: "2026-01-31", clientId: client.id });
    expect(made.status).toBe(201);
    const detail = await solo.c.get<InvoiceDetailJson>(`/api/invoices/${made.body.invoices[0].id}`);
    expect(detail.body.showsTimekeepers).toBe(false);
    expect(detail.body.items[0]?.userId).toBe(solo.userId);
    expect((await solo.c.get<InvoiceListItemJson[]>("/api/invoices")).body[0]?.timekeepers).toEqual([]);
  });
});

describe("the invoice lists filter by member", () => {
  it("keeps the invoices with at least one line by that member", async () => {
    const adas = await owner.c.get<Page<InvoiceListItemJson>>(`/api/invoices/page?userId=${ada.userId}`);
    expect(adas.status).toBe(200);
    expect(adas.body.items.map((invoice) => invoice.id)).toEqual([shared.id]);
    const bos = await owner.c.get<InvoiceListItemJson[]>(`/api/invoices?userId=${bo.userId}`);
    expect(bos.body.map((invoice) => invoice.id)).toEqual([bosOnly.id, shared.id]);
    const everyone = await owner.c.get<InvoiceListItemJson[]>("/api/invoices");
    expect(everyone.body).toHaveLength(2);
  });

  it("lets billing filter too; the owner's own filter holds none of their work", async () => {
    const bos = await billing.get<Page<InvoiceListItemJson>>(`/api/invoices/page?userId=${bo.userId}`);
    expect(bos.body.items.map((invoice) => invoice.id)).toEqual([bosOnly.id, shared.id]);
    const owners = await owner.c.get<Page<InvoiceListItemJson>>(`/api/invoices/page?userId=${owner.userId}`);
    expect(owners.body.items).toEqual([]);
  });

  it("answers another practice's user with 404 'Member not found', and a malformed id with 400", async () => {
    for (const path of ["/api/invoices", "/api/invoices/page"]) {
      const foreign = await owner.c.get(`${path}?userId=${other.userId}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe("Member not found");
      const bad = await owner.c.get(`${path}?userId=abc`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("userId must be a whole number such as 12");
    }
  });
});

describe("the client log's cards follow its member filter", () => {
  it("sums one member's calls and emails of the period when userId is given", async () => {
    const period = `startDate=2026-01-01&endDate=2026-01-31`;
    const all = await owner.c.get(`/api/clients/${sharedClientId}/period-totals?${period}`);
    expect(all.body).toMatchObject({ calls: 2, emails: 1 });
    const adas = await owner.c.get(`/api/clients/${sharedClientId}/period-totals?${period}&userId=${ada.userId}`);
    expect(adas.body).toMatchObject({ calls: 1, emails: 1, callSeconds: 1800 });
    const bos = await billing.get(`/api/clients/${sharedClientId}/period-totals?${period}&userId=${bo.userId}`);
    expect(bos.body).toMatchObject({ calls: 1, emails: 0, callSeconds: 900 });
    const foreign = await owner.c.get(`/api/clients/${sharedClientId}/period-totals?${period}&userId=${other.userId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Member not found");
  });
});

describe("the line keeps its member", () => {
  it("still names a member after they are removed from the practice", async () => {
    const cal = await member("Cal");
    const client = await buildClient(owner.c, { name: "Cal's Client" });
    await buildCall(cal.ref, { clientId: client.id, startedAt: "2026-03-03T10:00:00Z" });
    const made = await owner.c.post("/api/invoices", { dateFrom: "2026-03-01", dateTo: "2026-03-31", clientId: client.id });
    expect(made.status).toBe(201);
    expect((await owner.c.delete(`/api/team/members/${cal.userId}`)).status).toBe(200);
    const detail = await owner.c.get<InvoiceDetailJson>(`/api/invoices/${made.body.invoices[0].id}`);
    expect(detail.body.items.map((item) => [item.userId, item.timekeeper])).toEqual([[cal.userId, "Cal Member"]]);
    const filtered = await owner.c.get<InvoiceListItemJson[]>(`/api/invoices?userId=${cal.userId}`);
    expect(filtered.body.map((invoice) => invoice.id)).toEqual([made.body.invoices[0].id]);
  });
});

describe("the member pickers' list (GET /api/team/people)", () => {
  it("names the practice's people for those who see everyone's work, and refuses a member", async () => {
    const people = await billing.get<WorkPeopleResponse>("/api/team/people");
    expect(people.status).toBe(200);
    expect(people.body.people.slice(0, 3)).toEqual([
      { id: owner.userId, name: "Olive Owner", removed: false, isYou: false },
      { id: ada.userId, name: "Ada Member", removed: false, isYou: false },
      { id: bo.userId, name: "Bo Member", removed: false, isYou: false },
    ]);
    expect(JSON.stringify(people.body)).not.toContain("@");
    const refused = await ada.c.get("/api/team/people");
    expect(refused.status).toBe(403);
    const others = await other.c.get<WorkPeopleResponse>("/api/team/people");
    expect(others.body.people.map((person) => person.id)).toEqual([other.userId]);
  });
});

describe("migration 0027's backfill", () => {
  it("gives lines invoiced before it the member of their call or email, the audit trail untouched", async () => {
    await t.app.db.update(invoiceItems).set({ userId: null }).where(eq(invoiceItems.invoiceId, shared.id));
    const cleared = await owner.c.get<InvoiceDetailJson>(`/api/invoices/${shared.id}`);
    expect(cleared.body.items.map((item) => item.userId)).toEqual([null, null, null]);
    // The migration's own hand-written statements (after the generated ones), run as written.
    const file = fs.readFileSync("drizzle/0027_invoice_line_timekeepers.sql", "utf8");
    const backfill = file
      .split("--> statement-breakpoint")
      .filter((statement) => /^(UPDATE|ALTER TABLE "invoice_items" (DISABLE|ENABLE) TRIGGER)/m.test(statement));
    expect(backfill).toHaveLength(4);
    const auditRows = async () =>
      Number(
        ((await t.app.db.execute(sql`select count(*)::int as n from audit_events`)) as unknown as { rows: { n: number }[] })
          .rows[0]?.n,
      );
    const before = await auditRows();
    for (const statement of backfill) await t.app.db.execute(sql.raw(statement));
    expect(await auditRows()).toBe(before);
    const filled = await owner.c.get<InvoiceDetailJson>(`/api/invoices/${shared.id}`);
    expect(filled.body.items.map((item) => [item.userId, item.timekeeper])).toEqual([
      [ada.userId, "Ada Member"],
      [bo.userId, "Bo Member"],
      [ada.userId, "Ada Member"],
    ]);
  });
});
