import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncSummaryMessage } from "../../src/core/contracts/financial-integrations.js";
import type { OAuthTokens } from "../../src/server/accounting/provider.js";
import { accountingRecords, accountingSyncRuns, integrations } from "../../src/server/db/schema/index.js";
import { readIntegrationSecret } from "../../src/server/integrations/integration-store.js";
import { secretBoxFor } from "../../src/server/http/secrets.js";
import type { ApiClient } from "../helpers/api-client.js";
import { ACCOUNTING_STATE_COOKIE } from "../../src/server/accounting/oauth-consent.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { type QuickBooksStandIn, startQuickBooksStandIn } from "../stand-ins/quickbooks/index.js";
import { startXeroStandIn, type XeroStandIn } from "../stand-ins/xero/index.js";

/**
 * Connecting QuickBooks through Intuit's OAuth authorisation-code flow, against the QuickBooks
 * stand-in (issue 16 §3): consent URL → the provider's redirect → our callback → tokens stored
 * encrypted, the company named by a real call, status connected. A forged, expired, other
 * browser's or other account's state, a denied consent and a refused code all end on the page
 * with the reason, and store nothing.
 */
const CALLBACK = "/api/financial-integrations/oauth/callback";
const MINUTE = 60_000;

let qbo: QuickBooksStandIn;
let xero: XeroStandIn;
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
let clock = Date.parse("2026-03-02T09:00:00Z");
const lines: string[] = [];
const answers: string[] = [];

beforeAll(async () => {
  qbo = await startQuickBooksStandIn();
  xero = await startXeroStandIn();
  t = await startTestApp({
    now: () => new Date(clock),
    logLevel: "info",
    logDestination: { write: (line) => void lines.push(line) },
    accounting: { endpoints: { quickbooks: { baseUrl: qbo.url }, xero: { baseUrl: xero.url } }, timeoutMs: 5000 },
    // Sync Now runs on the job queue.
    jobs: {},
  });
  a = await newAccount(t);
  b = await newAccount(t);
});
afterAll(async () => {
  await t?.close();
  await qbo?.close();
  await xero?.close();
});

async function configure(who: TestAccount) {
  const response = await who.c.post("/api/financial-integrations", {
    integrationId: "quickbooks",
    config: { clientId: qbo.clientId, clientSecret: qbo.clientSecret },
  });
  answers.push(response.text);
  expect(response.status).toBeLessThan(300);
  return response.body as { authorizationUrl: string; integration: { id: number } };
}

/** The browser at the consent page: QuickBooks' stand-in consents at once and redirects to our callback. */
async function consent(authorizationUrl: string): Promise<URL> {
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

async function callback(client: ApiClient, query: URLSearchParams | string) {
  const response = await client.get(`${CALLBACK}?${query.toString()}`);
  answers.push(response.text, response.headers.get("location") ?? "");
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!, t.baseUrl);
  expect(location.pathname).toBe("/financial-integrations");
  return location.searchParams;
}

async function rowOf(who: TestAccount) {
  const [row] = await t.app.db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.accountId, who.accountId),
        eq(integrations.kind, "accounting"),
        eq(integrations.provider, "quickbooks"),
      ),
    );
  return row!;
}

describe("connecting QuickBooks", () => {
  it("a forged state ends on the page with the reason, and stores nothing", async () => {
    const { authorizationUrl } = await configure(a);
    const answer = await consent(authorizationUrl);
    const state = answer.searchParams.get("state")!;
    const [payload, signature] = state.split(".");
    const forged = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"));
    forged.a = b.accountId;
    for (const bad of [
      `${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`,
      `${payload}.${signature!.slice(0, -2)}xx`,
      "not-a-state",
    ]) {
      const query = new URLSearchParams(answer.searchParams);
      query.set("state", bad);
      const outcome = await expectNothingChanged(t.app.db, () => callback(a.c, query));
      expect(outcome.get("error")).toBe("invalid_state");
      expect(outcome.get("connected")).toBeNull();
    }
  });

  it("an expired state, another browser, and another account are refused the same way", async () => {
    const { authorizationUrl } = await configure(a);
    const answer = await consent(authorizationUrl);

    // Another browser signed in to the same account: no state cookie.
    const otherBrowser = t.client();
    const login = await otherBrowser.post("/api/auth/login", { email: a.account.email, password: a.account.password });
    expect(login.status).toBe(200);
    expect((await expectNothingChanged(t.app.db, () => callback(otherBrowser, answer.searchParams))).get("error")).toBe(
      "invalid_state",
    );
    // Another account, even with the state in hand.
    expect((await expectNothingChanged(t.app.db, () => callback(b.c, answer.searchParams))).get("error")).toBe(
      "invalid_state",
    );
    // Eleven minutes later: expired.
    clock += 11 * MINUTE;
    expect((await expectNothingChanged(t.app.db, () => callback(a.c, answer.searchParams))).get("error")).toBe(
      "invalid_state",
    );
    expect((await rowOf(a)).status).toBe("not_connected");
  });

  it("a denied consent says so and connects nothing", async () => {
    const { authorizationUrl } = await configure(a);
    const state = new URL(authorizationUrl).searchParams.get("state")!;
    const outcome = await expectNothingChanged(t.app.db, () =>
      callback(a.c, new URLSearchParams({ error: "access_denied", state })),
    );
    expect(Object.fromEntries(outcome)).toEqual({ error: "denied", provider: "quickbooks" });
  });

  it("a code QuickBooks refuses ends with a code; QuickBooks' reason is stored on the record, nothing else", async () => {
    const { authorizationUrl } = await configure(a);
    const answer = await consent(authorizationUrl);
    const query = new URLSearchParams(answer.searchParams);
    query.set("code", "a-code-quickbooks-never-issued");
    const before = await rowOf(a);
    const outcome = await callback(a.c, query);
    expect(Object.fromEntries(outcome)).toEqual({ error: "refused", provider: "quickbooks" });
    const after = await rowOf(a);
    expect(after.lastError).toMatch(/^QuickBooks refused the connection: .*invalid_grant/);
    expect({ ...after, lastError: null, updatedAt: null }).toEqual({ ...before, lastError: null, updatedAt: null });
  });

  it("the full flow: consent → callback → connected, company named, realmId stored, tokens encrypted and never answered", async () => {
    const { authorizationUrl, integration } = await configure(a);
    const consentPage = new URL(authorizationUrl);
    expect(consentPage.origin).toBe(new URL(qbo.url).origin);
    expect(consentPage.pathname).toBe("/connect/oauth2");
    expect(consentPage.searchParams.get("scope")).toContain("com.intuit.quickbooks.accounting");

    const answer = await consent(authorizationUrl);
    expect(`${answer.origin}${answer.pathname}`).toBe(`${t.baseUrl}${CALLBACK}`);
    expect(answer.searchParams.get("realmId")).toBe(qbo.realmId);
    const outcome = await callback(a.c, answer.searchParams);
    expect(Object.fromEntries(outcome)).toEqual({ connected: "quickbooks" });
    // The state is spent with its cookie: the same answer again is refused.
    expect((await callback(a.c, answer.searchParams)).get("error")).toBe("invalid_state");

    const list = await a.c.get("/api/financial-integrations");
    answers.push(list.text);
    const record = list.body.find((r: { integrationId: string }) => r.integrationId === "quickbooks");
    expect(record).toMatchObject({
      id: integration.id,
      status: "connected",
      authorized: true,
      organisationName: qbo.companyName,
      lastError: null,
      storedSecrets: ["clientSecret"],
    });
    expect(record.config.realmId).toBe(qbo.realmId);

    const row = await rowOf(a);
    const secret = readIntegrationSecret<{ tokens: OAuthTokens; clientSecret: string }>(secretBoxFor(t.app.config), row)!;
    expect(secret.tokens.accessToken).toMatch(/^qbo-at/);
    expect(secret.tokens.refreshToken).toMatch(/^qbo-rt/);
    expect(JSON.stringify(row)).not.toContain(secret.tokens.refreshToken);
    for (const text of [...answers, lines.join("")]) {
      expect(text).not.toContain(secret.tokens.accessToken);
      expect(text).not.toContain(secret.tokens.refreshToken);
      expect(text).not.toContain(qbo.clientSecret);
    }

    // Saving the settings again keeps the consent: no new consent page, still connected.
    const resaved = await a.c.post("/api/financial-integrations", {
      integrationId: "quickbooks",
      config: { clientId: qbo.clientId, revenueAccountId: "79" },
    });
    expect(resaved.status).toBe(200);
    expect(resaved.body.authorizationUrl).toBeNull();
    expect(resaved.body.integration).toMatchObject({ status: "connected", authorized: true });
    expect(resaved.body.message).toContain(`still connected to ${qbo.companyName}`);
  });

  it("a spent state re-sent by hand with its nonce cookie completes nothing (issue 23 defect 11)", async () => {
    const c = await newAccount(t);
    const { authorizationUrl } = await configure(c);
    const nonce = c.c.cookie(ACCOUNTING_STATE_COOKIE)!;
    expect(nonce).toBeTruthy();
    const answer = await consent(authorizationUrl);
    expect((await callback(c.c, answer.searchParams)).get("connected")).toBe("quickbooks");
    // The browser dropped the cookie; the attacker writes it back by hand.
    const replay = await expectNothingChanged(t.app.db, () =>
      t.client().request("GET", `${CALLBACK}?${answer.searchParams}`, {
        headers: { cookie: `minutely_session=${c.c.cookie("minutely_session")}; ${ACCOUNTING_STATE_COOKIE}=${nonce}` },
      }),
    );
    expect(replay.status).toBe(302);
    expect(new URL(replay.headers.get("location")!, t.baseUrl).searchParams.get("error")).toBe("invalid_state");
  });

  it("disconnect revokes at QuickBooks and forgets the tokens; reconnecting to the same company keeps the record links", async () => {
    const row = await rowOf(a);
    const { tokens } = readIntegrationSecret<{ tokens: OAuthTokens }>(secretBoxFor(t.app.config), row)!;
    await t.app.db.insert(accountingRecords).values({
      accountId: a.accountId,
      integrationId: row.id,
      entity: "customer",
      localId: 4242,
      remoteId: "58",
      state: "synced",
      idempotencyKey: "k-4242",
    });
    const before = qbo.requests().length;
    const response = await a.c.delete(`/api/financial-integrations/${row.id}`);
    expect(response.status).toBe(200);
    expect(response.body.message).toContain("Minutely's access was revoked at QuickBooks");
    expect(
      qbo
        .requests()
        .slice(before)
        .some((r) => r.path.includes("/v2/oauth2/tokens/revoke")),
    ).toBe(true);
    expect(response.body.integration).toMatchObject({ status: "disconnected", authorized: false, storedSecrets: [] });
    // The revoked token no longer opens the company.
    const revoked = await fetch(`${qbo.url}/v3/company/${qbo.realmId}/companyinfo/${qbo.realmId}`, {
      headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" },
    });
    expect(revoked.status).toBe(401);

    const { authorizationUrl } = await configure(a);
    expect((await callback(a.c, (await consent(authorizationUrl)).searchParams)).get("connected")).toBe("quickbooks");
    const links = await t.app.db.select().from(accountingRecords).where(eq(accountingRecords.integrationId, row.id));
    expect(links.map((link) => link.remoteId)).toEqual(["58"]);
  });
});

describe("Sync Now and Sync Revenue Data against the connected company", () => {
  type Listed = {
    integrationId: string;
    lastSync: string | null;
    latestRun: { state: string; synced: number; total: number } | null;
  };
  // Waits for the run to end, not for a number of looks: 200 looks 100 ms apart (20 s) was a deadline under load.
  async function settledRun(): Promise<Listed> {
    return until(
      "the sync run to finish",
      async () =>
        ((await a.c.get("/api/financial-integrations")).body as Listed[]).find((r) => r.integrationId === "quickbooks")!,
      (record) => Boolean(record.latestRun && ["succeeded", "failed"].includes(record.latestRun.state)),
    );
  }

  it("pushes the month's sent invoice once, shows its remote id and Last sync, and a second sync creates nothing", async () => {
    const client = await buildClient(a.c, { name: "Acme Holdings", email: "ap@acme.example" });
    const logged = await a.c.post("/api/calls", {
      clientId: client.id,
      startTime: "2026-03-01T15:00:00Z",
      duration: 1800,
      callType: "consultation",
    });
    expect(logged.status).toBe(201);
    const created = await a.c.post("/api/invoices", { dateFrom: "2026-03-01", dateTo: "2026-03-02", clientId: client.id });
    expect(created.status, created.text).toBe(201);
    const invoiceId = (Array.isArray(created.body) ? created.body[0] : (created.body.invoices?.[0] ?? created.body)).id as number;
    await t.app.db.execute(sql`update invoices set status = 'sent', sent_at = now() where id = ${invoiceId}`);
    const row = await rowOf(a);

    const response = await a.c.post(`/api/financial-integrations/${row.id}/sync`, {
      dateRange: { from: "2026-03-01", to: "2026-03-31" },
    });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.run).toMatchObject({ from: "2026-03-01", to: "2026-03-31" });
    const record = await settledRun();
    expect(record.latestRun).toMatchObject({ state: "succeeded", synced: 1, total: 1 });
    expect(record.lastSync).not.toBeNull();
    expect(qbo.counts()).toMatchObject({ customers: 1, invoices: 1 });

    const invoices = await a.c.get(`/api/financial-integrations/${row.id}/records?entity=invoice`);
    expect(invoices.body).toEqual([
      expect.objectContaining({ entity: "invoice", localId: invoiceId, state: "synced", remoteId: qbo.invoices()[0]!.id }),
    ]);

    const all = await a.c.post("/api/financial-integrations/sync", { dateRange: { from: "2026-03-01", to: "2026-03-31" } });
    expect(all.status).toBe(200);
    expect(all.body.message).toBe(syncSummaryMessage(1, 1));
    expect(all.body.results).toEqual([expect.objectContaining({ integrationId: "quickbooks", success: true })]);
    await settledRun();
    expect(qbo.counts()).toMatchObject({ customers: 1, invoices: 1 });
  });
});

describe("reconnecting to another company", () => {
  it("drops the record links of the previous company's books, since their ids mean nothing in the new one", async () => {
    const row = await rowOf(a);
    expect(
      (await t.app.db.select().from(accountingRecords).where(eq(accountingRecords.integrationId, row.id))).length,
    ).toBeGreaterThan(0);
    // The row was connected to another QuickBooks company before (another realmId).
    await t.app.db.execute(
      sql`update integrations set config = config || '{"realmId": "4620816365999999999"}'::jsonb where id = ${row.id}`,
    );
    const { authorizationUrl } = await configure(a);
    expect(authorizationUrl).toBeNull();
    await a.c.delete(`/api/financial-integrations/${row.id}`);
    const again = await configure(a);
    expect((await callback(a.c, (await consent(again.authorizationUrl)).searchParams)).get("connected")).toBe("quickbooks");
    expect((await rowOf(a)).config.realmId).toBe(qbo.realmId);
    expect(await t.app.db.select().from(accountingRecords).where(eq(accountingRecords.integrationId, row.id))).toEqual([]);
  });
});

describe("connecting Xero", () => {
  it("the same callback serves Xero: tenant and organisation stored from its connections, status connected", async () => {
    const saved = await b.c.post("/api/financial-integrations", {
      integrationId: "xero",
      config: { clientId: xero.clientId, clientSecret: xero.clientSecret },
    });
    expect(saved.status).toBe(201);
    const outcome = await callback(b.c, (await consent(saved.body.authorizationUrl)).searchParams);
    expect(Object.fromEntries(outcome)).toEqual({ connected: "xero" });
    const record = (await b.c.get("/api/financial-integrations")).body.find((r: { integrationId: string }) => r.integrationId === "xero");
    expect(record).toMatchObject({ status: "connected", authorized: true, organisationName: "Demo Company (US)" });
    expect(record.config.tenantId).toBe(xero.tenantId);
  });
});

describe("Sync Now while a sync is under way (issue 23 defect 14)", () => {
  it("20 parallel clicks answer the run under way and start no other", async () => {
    const row = await rowOf(a);
    expect(row.status).toBe("connected");
    const [running] = await t.app.db
      .insert(accountingSyncRuns)
      .values({ accountId: a.accountId, integrationId: row.id, state: "running", total: 3, synced: 1 })
      .returning();
    const runsBefore = await t.app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.integrationId, row.id));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        a.c.post(`/api/financial-integrations/${row.id}/sync`, { dateRange: { from: "2026-03-01", to: "2026-03-31" } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true, message: "A sync to QuickBooks is already under way: this is its progress." });
      expect(answer.body.run).toMatchObject({ id: running!.id, state: "running" });
    }
    const runsAfter = await t.app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.integrationId, row.id));
    expect(runsAfter).toHaveLength(runsBefore.length);
    await t.app.db.update(accountingSyncRuns).set({ state: "failed", finishedAt: new Date() }).where(eq(accountingSyncRuns.id, running!.id));
  });
});
