import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callProposals,
  captureReconciliations,
  integrations,
  invoiceItems,
  invitations,
  notifications,
  users,
} from "../../src/server/db/schema/index.js";
import type { ApiClient } from "../helpers/api-client.js";
import { buildEmail, buildInvoice, newAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 4 item 7: walks EVERY registered route that takes an id (found at run time, so routes
 * added later are covered too) and proves that a second account gets a 404 for the first
 * account's records, for reads and for writes, and that nothing of the first account changes.
 */
type Kind =
  | "client"
  | "call"
  | "email"
  | "invoice"
  | "invoiceItem"
  | "matter"
  | "notification"
  | "callTest"
  | "proposal"
  | "financialIntegration"
  | "member"
  | "invitation"
  | "connection"
  | "apiToken";

/** Which record a route's id names, from its path. A route no rule matches fails the test until one is added. */
function kindOf(url: string): Kind | null {
  if (/^\/api\/(calls|emails)\/client\/:/.test(url) || url.startsWith("/api/clients/")) return "client";
  if (url.startsWith("/api/calls/test/")) return "callTest";
  if (url.startsWith("/api/capture/test-calls/")) return "call";
  if (url.startsWith("/api/calls/")) return "call";
  if (url.startsWith("/api/invoices/")) return "invoice";
  if (url.startsWith("/api/invoice-items/")) return "invoiceItem";
  if (url.startsWith("/api/matters/")) return "matter";
  if (url.startsWith("/api/emails/")) return "email";
  if (url.startsWith("/api/notifications/")) return "notification";
  if (url.startsWith("/api/call-proposals/")) return "proposal";
  if (url.startsWith("/api/financial-integrations/:")) return "financialIntegration";
  if (url.startsWith("/api/team/members/:")) return "member";
  if (url.startsWith("/api/team/invitations/:")) return "invitation";
  if (url.startsWith("/api/integrations/connections/:")) return "connection";
  if (url.startsWith("/api/api-tokens/:")) return "apiToken";
  return null;
}

/** Routes whose ids are not account records: administrators' views of public sign-ups (docs/decisions.md D11). */
// The waitlist is not account data; the OAuth routes take a provider name, not a record id.
const NOT_ACCOUNT_SCOPED = [
  /^\/api\/waitlist/,
  /^\/api\/integrations\/email\/oauth\/:provider/,
  /^\/api\/webhooks\/zoom\/:token/,
  /^\/api\/webhooks\/teams\/:token/,
  /^\/api\/webhooks\/google-calendar\/:token/,
  /^\/api\/webhooks\/(twilio|phone)\/:token/,
  // A capture source's name (zoom, landline, teams), not a record id.
  /^\/api\/integrations\/:source\//,
];

/** A valid body per route, so a 404 cannot hide behind a 400 for the body. Default: {}. */
const bodies = (): Record<string, unknown> => ({
  "PUT /api/clients/:id": { name: "Hijacked", billingRate: "1.00", billingType: "call" },
  "PATCH /api/calls/:id": { notes: "Hijacked", duration: 1 },
  "POST /api/calls/:id/assign-client": { clientId: ids.client },
  "POST /api/notifications/:id/send-invoice": { invoiceId: ids.invoice },
  "POST /api/notifications/:id/save-invoice": { invoiceId: ids.invoice },
  "PUT /api/financial-integrations/:id/choices": { choices: { business: "hijacked" } },
  "PUT /api/clients/:id/legal": {
    ledesClientId: "HIJACK",
    defaultMatterId: null,
    defaultTaskCode: null,
    defaultActivityCode: null,
  },
  "POST /api/clients/:id/matters": { lawFirmMatterId: "HIJACK-1", clientMatterId: "HIJACK-1" },
  "PUT /api/matters/:id": { lawFirmMatterId: "HIJACK-2", clientMatterId: "HIJACK-2" },
  "PUT /api/calls/:id/legal-codes": { matterId: null, taskCode: "L120", activityCode: null },
  "PUT /api/emails/:id/legal-codes": { matterId: null, taskCode: "L120", activityCode: null },
  "PUT /api/invoice-items/:id/legal-codes": { matterId: null, taskCode: "L120", activityCode: null },
  "PUT /api/team/members/:id/role": { role: "admin" },
});

/** A valid query string per route (the LEDES routes need their format). Default: a period for reads, none for writes. */
const QUERIES: Record<string, string> = {
  "GET /api/invoices/:id/ledes/check": "?format=ledes1998b",
  "GET /api/invoices/:id/ledes": "?format=ledes1998b",
  "POST /api/invoices/:id/ledes/checked": "?format=ledes1998b",
};

/**
 * What the owner's own read answers when it is not a 200 but still proves the id was found: the
 * owner's Timberline connection has nothing to choose after connecting (a 409 that names it).
 */
const OWNER_ANSWERS: Record<string, number> = { "GET /api/financial-integrations/:id/choices": 409 };

const QUERY = "?startDate=2026-01-01&endDate=2026-12-31";
const ACCOUNT_TABLES = [
  "accounts",
  "users",
  "clients",
  "calls",
  "invoices",
  "invoice_items",
  "tracked_emails",
  "notifications",
  "integrations",
  "call_proposals",
  "matters",
  "capture_reconciliations",
  "invitations",
  "api_tokens",
];

let t: TestApp;
let owner: ApiClient;
let stranger: ApiClient;
let ownerAccountId: number;
const ids = {} as Record<Kind, number>;
/** Ids that are not row numbers (a call test session's). */
const textIds: Partial<Record<Kind, string>> = {};

async function snapshot(accountId: number): Promise<string> {
  const parts: unknown[] = [];
  for (const table of ACCOUNT_TABLES) {
    const column = table === "accounts" ? "id" : "account_id";
    const result = await t.app.db.execute(sql.raw(`select * from ${table} where ${column} = ${Number(accountId)} order by 1`));
    parts.push((result as unknown as { rows: unknown[] }).rows);
  }
  return JSON.stringify(parts);
}

beforeAll(async () => {
  t = await startTestApp();
  const ownerAccount = await newAccount(t);
  owner = ownerAccount.c;
  ownerAccountId = ownerAccount.accountId;
  stranger = (await newAccount(t)).c;

  const client = await owner.post("/api/clients", { name: "Owner's client", email: "client@example.test" });
  ids.client = client.body.id;
  const call = await owner.post("/api/calls", {
    clientId: ids.client,
    startTime: "2026-01-10T10:00:00Z",
    duration: 600,
    notes: "private",
  });
  ids.call = call.body.id;
  await owner.post("/api/calls/start", { clientId: ids.client });
  const email = await buildEmail(ownerAccount, {
    clientId: ids.client,
    emailType: "inbound",
    subject: "Private",
    createdAt: "2026-01-10T10:00:00Z",
  });
  ids.email = email.id;
  // A draft invoice with one line (another call, so the call above stays editable).
  await owner.post("/api/calls", { clientId: ids.client, startTime: "2026-02-10T10:00:00Z", duration: 900 });
  const generated = await owner.post("/api/invoices", { dateFrom: "2026-02-01", dateTo: "2026-02-28", clientId: ids.client });
  if (generated.status !== 201) throw new Error(`invoice: ${generated.status} ${generated.text}`);
  const [line] = await t.app.db
    .select({ id: invoiceItems.id })
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, generated.body.invoices[0].id));
  ids.invoiceItem = line!.id;
  // Built after the generated one: the factory numbers from the highest invoice, the app from its own counter.
  ids.invoice = (await buildInvoice(ownerAccount, { clientId: ids.client })).id;
  // Legal e-billing on, so the owner's LEDES reads reach the invoice.
  await owner.put("/api/settings/legal-billing", {
    enabled: true,
    lawFirmId: "FIRM-1",
    timekeeperId: "TK1",
    timekeeperName: "Owner",
    timekeeperClassification: "PT",
  });
  ids.matter = (
    await owner.post(`/api/clients/${ids.client}/matters`, { lawFirmMatterId: "M-1", clientMatterId: "C-1" })
  ).body.id;
  const [notification] = await t.app.db
    .insert(notifications)
    .values({ accountId: ownerAccountId, userId: ownerAccount.userId, kind: "invoice", title: "Private", message: "Private" })
    .returning();
  ids.notification = notification!.id;
  // A meeting proposed by a calendar feed (the feed itself is tested in calendar-feed.test.ts).
  const [proposal] = await t.app.db
    .insert(callProposals)
    .values({
      accountId: ownerAccountId,
      source: "ics",
      externalId: "uid@2026-01-10T10:00:00.000Z",
      clientId: ids.client,
      startsAt: new Date("2026-01-10T10:00:00Z"),
      endsAt: new Date("2026-01-10T11:00:00Z"),
    })
    .returning();
  ids.proposal = proposal!.id;
  // An accounting connection (Timberline: stored settings, no remote call).
  const timberline = await owner.post("/api/financial-integrations", {
    integrationId: "timberline",
    config: { serverName: "SQL01", databaseName: "CRE", username: "ar", password: "owner-secret" },
  });
  ids.financialIntegration = timberline.body.integration.id;
  // A Zoom connection reconciled once (the run itself is tested in zoom-reconciliation.test.ts).
  const zoom = await owner.post("/api/integrations/setup-zoom", {
    apiKey: "ownerClientId",
    apiSecret: "owner client secret",
    webhookSecretToken: "owner secret token",
    accountId: "ownerZoomAccount",
  });
  if (zoom.status !== 200) throw new Error(`setup-zoom failed: ${zoom.status} ${zoom.text}`);
  const [zoomRow] = await t.app.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.accountId, ownerAccountId), eq(integrations.provider, "zoom")));
  ids.connection = zoomRow!.id;
  await t.app.db.insert(captureReconciliations).values({
    accountId: ownerAccountId,
    integrationId: zoomRow!.id,
    source: "zoom",
    trigger: "manual",
    status: "succeeded",
    recordsSeen: 3,
    callsRecovered: 2,
  });
  // A second person of the practice and an open invitation (Team plan; made here, the flow is tests/api/team.test.ts).
  const [member] = await t.app.db
    .insert(users)
    .values({ accountId: ownerAccountId, email: "member@example.test", passwordHash: "x", role: "member" })
    .returning();
  ids.member = member!.id;
  const [invitation] = await t.app.db
    .insert(invitations)
    .values({
      accountId: ownerAccountId,
      email: "invited@example.test",
      role: "member",
      tokenHash: "isolation-test",
      expiresAt: new Date("2099-01-01T00:00:00Z"),
    })
    .returning();
  ids.invitation = invitation!.id;
  // The owner's personal API token (the flow is tests/api/api-tokens.test.ts).
  ids.apiToken = (await owner.post("/api/api-tokens", { name: "Isolation", role: "member", expiresInDays: 30 })).body.token.id;
  // A call-detection test session: its id is random text, not a row number.
  await owner.put("/api/user/phone-integration", { phoneNumber: "+15551234567" });
  textIds.callTest = (await owner.post("/api/calls/test", {})).body.sessionId;
});
afterAll(async () => t?.close());

describe("another account's ids are a 404 on every route that takes an id", () => {
  const idRoutes = () =>
    t.app.routeTable.filter(
      (r) => r.url.startsWith("/api/") && /\/:[A-Za-z]+/.test(r.url) && !NOT_ACCOUNT_SCOPED.some((re) => re.test(r.url)),
    );

  it("knows which record every id route names", () => {
    const unknown = idRoutes()
      .filter((r) => kindOf(r.url) === null)
      .map((r) => `${r.method} ${r.url}`);
    expect(unknown).toEqual([]);
    const urls = idRoutes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      "GET /api/clients/:id",
      "PUT /api/clients/:id",
      "DELETE /api/clients/:id",
      "POST /api/calls/end/:id",
      "PATCH /api/calls/:id",
      "DELETE /api/calls/:id",
      "GET /api/calls/client/:id",
      "GET /api/emails/client/:id",
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it("answers 404 with a message to the stranger and changes nothing of the owner's", async () => {
    const before = await snapshot(ownerAccountId);
    const failures: string[] = [];
    const routes = idRoutes();
    // Reads first, then writes, deletes last so every write meets a live record.
    const order = (method: string) => (method === "GET" ? 0 : method === "DELETE" ? 2 : 1);
    for (const route of [...routes].sort((a, b) => order(a.method) - order(b.method))) {
      const kind = kindOf(route.url);
      if (!kind) continue;
      const key = `${route.method} ${route.url}`;
      const url =
        route.url.replace(/:[A-Za-z]+/g, String(textIds[kind] ?? ids[kind])) +
        (QUERIES[key] ?? (route.method === "GET" ? QUERY : ""));
      const body = bodies()[key] ?? {};
      const response = await stranger.request(route.method, url, route.method === "GET" ? {} : { json: body });
      if (response.status !== 404 || typeof response.body?.message !== "string") {
        failures.push(`${route.method} ${url}: ${response.status} ${response.text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(ownerAccountId)).toBe(before);
  });

  it("finds the same ids for their owner, so the 404s above are about the account and not the id", async () => {
    const failures: string[] = [];
    for (const route of idRoutes().filter((r) => r.method === "GET")) {
      const kind = kindOf(route.url);
      if (!kind) continue;
      const key = `${route.method} ${route.url}`;
      const url = route.url.replace(/:[A-Za-z]+/g, String(textIds[kind] ?? ids[kind])) + (QUERIES[key] ?? QUERY);
      const response = await owner.get(url);
      const expected = OWNER_ANSWERS[key];
      if (expected ? response.status !== expected : response.status >= 400)
        failures.push(`${url}: ${response.status} ${response.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });

  it("shows the stranger none of the owner's reconciliations, and Reconcile now never reaches the owner's connection", async () => {
    const before = await snapshot(ownerAccountId);
    // The owner sees the run: so the stranger's empty answers below are about the account.
    expect((await owner.get("/api/integrations/zoom/reconciliation")).body).toMatchObject({
      provider: "zoom",
      callsRecovered: 2,
    });
    for (const [source, label] of [
      ["zoom", "Zoom"],
      ["landline", "your phone provider"],
      ["teams", "Microsoft Teams"],
      ["meet", "Google Meet"],
    ]) {
      const shown = await stranger.get(`/api/integrations/${source}/reconciliation`);
      expect(shown.status, source).toBe(200);
      expect(shown.body, source).toMatchObject({
        provider: null,
        lastEventAt: null,
        lastRun: null,
        callsRecovered: 0,
        canReconcile: false,
      });
      const refused = await stranger.post(`/api/integrations/${source}/reconcile`, {});
      expect(refused.status, source).toBe(404);
      expect(refused.body.message, source).toBe(`Connect ${label} first.`);
    }
    expect(await snapshot(ownerAccountId)).toBe(before);
  });

  it("lists nothing of the owner's to the stranger", async () => {
    for (const url of ["/api/calls", "/api/calls/active", "/api/clients"]) {
      const response = await stranger.get(url);
      expect(response.status, url).toBe(200);
      expect(response.body, url).toEqual([]);
    }
    expect((await stranger.get("/api/dashboard/stats")).body).toEqual({
      todayCalls: 0,
      totalDuration: 0,
      billableAmount: "0.00",
      pendingInvoices: 0,
    });
  });
});
