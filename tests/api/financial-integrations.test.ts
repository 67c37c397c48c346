import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTING_PROVIDER_IDS } from "../../src/core/accounting/providers.js";
import { FINANCIAL_CLIENT_REQUIRED } from "../../src/core/contracts/financial-config.js";
import { syncSummaryMessage } from "../../src/core/contracts/financial-integrations.js";
import { accountingRecords, integrations } from "../../src/server/db/schema/index.js";
import { readIntegrationSecret } from "../../src/server/integrations/integration-store.js";
import { secretBoxFor } from "../../src/server/http/secrets.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Financial Integrations over HTTP (issue 16 §1, §4; docs/accounting.md): the records, the
 * configure form's rules per provider, secrets that never come back, CSV and Timberline, Sync Now
 * and Sync Revenue Data, disconnect, and another account's ids. The OAuth flow is in
 * financial-integrations-oauth.test.ts, the CSV files in financial-exports.test.ts.
 */
const QBO_SECRET = "qbo-secret-Zx81-never-shown";
const TIMBERLINE_PASSWORD = "timberline-pw-Q7-never-shown";
const SAGE_KEY = "sage-api-key-N4-never-shown";
const SAGE_SUBSCRIPTION = "sage-subscription-K2-never-shown";
const SECRETS = [QBO_SECRET, TIMBERLINE_PASSWORD, SAGE_KEY, SAGE_SUBSCRIPTION];

let t: TestApp;
let a: TestAccount;
let b: TestAccount;
const lines: string[] = [];
const responses: string[] = [];

beforeAll(async () => {
  t = await startTestApp({
    logLevel: "info",
    logDestination: { write: (line) => void lines.push(line) },
    // Sage is pointed at a closed port: its check must fail with the reason, never pretend.
    accounting: { endpoints: { sage: { baseUrl: "http://127.0.0.1:9" } }, timeoutMs: 2000 },
  });
  a = await newAccount(t);
  b = await newAccount(t);
});
afterAll(async () => {
  // Secrets never left the server: no answer and no log line holds one.
  for (const secret of SECRETS) {
    expect(responses.join("\n")).not.toContain(secret);
    expect(lines.join("")).not.toContain(secret);
  }
  await t?.close();
});

async function call(who: TestAccount, method: string, path: string, json?: unknown) {
  const response = await who.c.request(method, path, json === undefined ? {} : { json });
  responses.push(response.text);
  return response;
}

async function rowOf(who: TestAccount, provider: string) {
  const [row] = await t.app.db
    .select()
    .from(integrations)
    .where(
      and(eq(integrations.accountId, who.accountId), eq(integrations.kind, "accounting"), eq(integrations.provider, provider)),
    );
  return row;
}

describe("GET /api/financial-integrations and /supported", () => {
  it("need a session", async () => {
    const visitor = t.client();
    for (const path of ["/api/financial-integrations", "/api/financial-integrations/supported"])
      expect((await visitor.get(path)).status, path).toBe(401);
    const post = await expectNothingChanged(t.app.db, () =>
      visitor.post("/api/financial-integrations", { integrationId: "csv", config: {} }),
    );
    expect(post.status).toBe(401);
  });

  it("lists nothing before anything is connected, and the catalogue with every provider available", async () => {
    expect((await call(a, "GET", "/api/financial-integrations")).body).toEqual([]);
    const supported = await call(a, "GET", "/api/financial-integrations/supported");
    expect(supported.status).toBe(200);
    expect(supported.body.map((p: { id: string }) => p.id)).toEqual([...ACCOUNTING_PROVIDER_IDS]);
    expect(supported.body.every((p: { available: boolean }) => p.available)).toBe(true);
    const methods = Object.fromEntries(supported.body.map((p: { id: string; method: string }) => [p.id, p.method]));
    expect(methods).toEqual({
      quickbooks: "oauth",
      xero: "oauth",
      freshbooks: "oauth",
      csv: "none",
      sage: "api",
      wave: "oauth",
      timberline: "database",
      netsuite: "token",
    });
    const timberline = supported.body.find((p: { id: string }) => p.id === "timberline");
    expect(timberline.note).toContain("no public API");
  });
});

describe("POST /api/financial-integrations: the configure form's rules", () => {
  it("refuses an OAuth provider without Client ID and Client Secret, naming both fields, and stores nothing", async () => {
    for (const config of [{}, { clientId: "abc" }, { clientSecret: QBO_SECRET }, { clientId: "  ", clientSecret: QBO_SECRET }]) {
      for (const integrationId of ["quickbooks", "xero", "freshbooks", "wave"]) {
        const response = await expectNothingChanged(t.app.db, () =>
          call(a, "POST", "/api/financial-integrations", { integrationId, config }),
        );
        expect(response.status, `${integrationId} ${JSON.stringify(config)}`).toBe(400);
        expect(response.body.message).toBe(FINANCIAL_CLIENT_REQUIRED);
      }
    }
  });

  it("names the missing field for the other providers", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["sage", { apiKey: SAGE_KEY }, "Subscription Key is required"],
      ["timberline", { serverName: "SQL01", databaseName: "CRE", username: "ar" }, "Password is required"],
      ["timberline", {}, "Server Name is required"],
      [
        "netsuite",
        { accountId: "1234567_SB1", consumerKey: "ck", consumerSecret: "cs", tokenId: "ti" },
        "Token Secret is required",
      ],
    ];
    for (const [integrationId, config, message] of cases) {
      const response = await expectNothingChanged(t.app.db, () =>
        call(a, "POST", "/api/financial-integrations", { integrationId, config }),
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
  });

  it("refuses unknown providers, unknown fields, bad types and a bad Redirect URI with a message", async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ integrationId: "myob", config: {} }, /integrationId must be one of quickbooks/],
      [{ integrationId: "csv", config: { colour: "red" } }, /colour|Unrecognized/i],
      [{ integrationId: "csv", enabled: "yes" }, "enabled must be true or false"],
      [
        { integrationId: "quickbooks", config: { clientId: "abc", clientSecret: "x", redirectUri: "javascript:alert(1)" } },
        "Redirect URI must be a web address starting with https:// or http://",
      ],
      [{ integrationId: "quickbooks", config: { clientId: "x".repeat(501), clientSecret: "y" } }, /Client ID is too long/],
    ];
    for (const [body, message] of cases) {
      const response = await expectNothingChanged(t.app.db, () => call(a, "POST", "/api/financial-integrations", body));
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
  });
});

describe("an OAuth provider's record (QuickBooks)", () => {
  let id: number;

  it("is created enabled and disconnected, answers its consent page, and never the secret", async () => {
    const response = await call(a, "POST", "/api/financial-integrations", {
      integrationId: "quickbooks",
      integrationName: "QuickBooks",
      enabled: true,
      config: { clientId: "ABqbo-client", clientSecret: QBO_SECRET, accountsReceivableId: "84", revenueAccountId: "79" },
    });
    expect(response.status).toBe(201);
    expect(response.body.created).toBe(true);
    expect(response.body.message).toContain("Now connect");
    const integration = response.body.integration;
    id = integration.id;
    expect(integration).toMatchObject({
      integrationId: "quickbooks",
      integrationName: "QuickBooks",
      enabled: true,
      status: "disconnected",
      lastSync: null,
      storedSecrets: ["clientSecret"],
      authorized: false,
      organisationName: null,
      lastError: null,
      latestRun: null,
    });
    expect(integration.config).toMatchObject({
      clientId: "ABqbo-client",
      clientSecret: null,
      accountsReceivableId: "84",
      revenueAccountId: "79",
      redirectUri: `${t.baseUrl}/api/financial-integrations/oauth/callback`,
    });
    const consent = new URL(response.body.authorizationUrl);
    expect(consent.origin).toBe("https://appcenter.intuit.com");
    expect(consent.searchParams.get("client_id")).toBe("ABqbo-client");
    expect(consent.searchParams.get("redirect_uri")).toBe(`${t.baseUrl}/api/financial-integrations/oauth/callback`);
    expect(consent.searchParams.get("state")).toBeTruthy();
    expect(a.c.cookie("minutely_accounting_oauth")).toBeTruthy();

    // Stored encrypted: neither the row's config nor its ciphertext holds the secret.
    const row = await rowOf(a, "quickbooks");
    expect(JSON.stringify(row)).not.toContain(QBO_SECRET);
    expect(readIntegrationSecret(secretBoxFor(t.app.config), row!)).toMatchObject({ clientSecret: QBO_SECRET });
  });

  it("saving again updates it (200); an empty secret keeps the stored one; an emptied field is cleared", async () => {
    const response = await call(a, "POST", "/api/financial-integrations", {
      integrationId: "quickbooks",
      config: { clientId: "ABqbo-client", clientSecret: "", revenueAccountId: "80" },
    });
    expect(response.status).toBe(200);
    expect(response.body.created).toBe(false);
    expect(response.body.integration.id).toBe(id);
    expect(response.body.integration.storedSecrets).toEqual(["clientSecret"]);
    expect(response.body.integration.config).toMatchObject({ revenueAccountId: "80", accountsReceivableId: null });
    expect(readIntegrationSecret(secretBoxFor(t.app.config), (await rowOf(a, "quickbooks"))!)).toMatchObject({
      clientSecret: QBO_SECRET,
    });
    // Settings → Financial's setup is the same service.
    const setup = await call(a, "POST", "/api/financial-integrations/setup", {
      integrationId: "quickbooks",
      config: { clientId: "ABqbo-client", accountsReceivableId: "84", revenueAccountId: "80" },
    });
    expect(setup.status).toBe(200);
    expect(setup.body).toEqual({ success: true, message: expect.stringContaining("QuickBooks settings saved") });
    expect((await rowOf(a, "quickbooks"))!.config).toMatchObject({ accountsReceivableId: "84" });
  });

  it("PUT changes only what is sent: Disable and Enable keep the settings", async () => {
    const off = await call(a, "PUT", `/api/financial-integrations/${id}`, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe("QuickBooks disabled.");
    expect(off.body.integration).toMatchObject({ enabled: false, storedSecrets: ["clientSecret"] });
    expect(off.body.integration.config).toMatchObject({ clientId: "ABqbo-client", accountsReceivableId: "84" });
    const config = await call(a, "PUT", `/api/financial-integrations/${id}`, { config: { revenueAccountId: "81" } });
    expect(config.body.integration).toMatchObject({ enabled: false });
    expect(config.body.integration.config).toMatchObject({ revenueAccountId: "81", accountsReceivableId: "84" });
    const on = await call(a, "PUT", `/api/financial-integrations/${id}`, { enabled: true });
    expect(on.body.integration.enabled).toBe(true);
    const bad = await expectNothingChanged(t.app.db, () => call(a, "PUT", `/api/financial-integrations/${id}`, { enabled: 1 }));
    expect(bad.status).toBe(400);
  });

  it("POST /{id}/connect answers the consent page again", async () => {
    const response = await call(a, "POST", `/api/financial-integrations/${id}/connect`);
    expect(response.status).toBe(200);
    expect(new URL(response.body.authorizationUrl).searchParams.get("client_id")).toBe("ABqbo-client");
  });

  it("Sync Now before the consent is a 409 that says to connect first, and starts nothing", async () => {
    const response = await expectNothingChanged(t.app.db, () => call(a, "POST", `/api/financial-integrations/${id}/sync`, {}));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("QuickBooks is not connected: connect it before syncing.");
  });

  it("another account's id is a 404 on every route, and changes nothing", async () => {
    const routes: [string, string, unknown][] = [
      ["PUT", `/api/financial-integrations/${id}`, { enabled: false }],
      ["DELETE", `/api/financial-integrations/${id}`, undefined],
      ["POST", `/api/financial-integrations/${id}/connect`, {}],
      ["POST", `/api/financial-integrations/${id}/sync`, {}],
      ["GET", `/api/financial-integrations/${id}/records`, undefined],
    ];
    for (const [method, path, json] of routes) {
      const response = await expectNothingChanged(t.app.db, () => call(b, method, path, json));
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.message).toBe("Financial integration not found");
    }
    expect((await call(b, "GET", "/api/financial-integrations")).body).toEqual([]);
  });
});

describe("CSV, Timberline and an API provider (Sage)", () => {
  it("csv: enabling makes it connected (nothing remote), its Sync Now points at Export, disabling turns it off", async () => {
    const response = await call(a, "POST", "/api/financial-integrations", { integrationId: "csv", enabled: true, config: {} });
    expect(response.status).toBe(201);
    expect(response.body.integration).toMatchObject({ status: "connected", enabled: true, storedSecrets: [] });
    expect(response.body.authorizationUrl).toBeNull();
    const sync = await call(a, "POST", `/api/financial-integrations/${response.body.integration.id}/sync`, {});
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({ success: true, run: null });
    expect(sync.body.message).toContain("Export CSV");
    const off = await call(a, "PUT", `/api/financial-integrations/${response.body.integration.id}`, { enabled: false });
    expect(off.body.integration).toMatchObject({ status: "disconnected", enabled: false });
    const disabledSync = await call(a, "POST", `/api/financial-integrations/${response.body.integration.id}/sync`, {});
    expect(disabledSync.status).toBe(409);
    expect(disabledSync.body.message).toBe("CSV Export is disabled: enable it before syncing.");
  });

  it("timberline: settings stored (password encrypted), never shown as connected, the card's note in the message", async () => {
    const response = await call(a, "POST", "/api/financial-integrations", {
      integrationId: "timberline",
      config: { serverName: "SQL01", databaseName: "CRE_AR", username: "ar_import", password: TIMBERLINE_PASSWORD },
    });
    expect(response.status).toBe(201);
    expect(response.body.integration).toMatchObject({
      status: "disconnected",
      lastError: null,
      storedSecrets: ["password"],
      config: { serverName: "SQL01", databaseName: "CRE_AR", username: "ar_import", password: null },
    });
    expect(response.body.message).toContain("Timberline has no public API");
    const sync = await call(a, "POST", `/api/financial-integrations/${response.body.integration.id}/sync`, {});
    expect(sync.body).toMatchObject({ success: true, run: null });
    expect(sync.body.message).toContain("import file");
  });

  it("sage: the check is a real call; an unreachable Sage is status error with the reason, never connected", async () => {
    const response = await call(a, "POST", "/api/financial-integrations", {
      integrationId: "sage",
      config: { apiKey: SAGE_KEY, subscriptionKey: SAGE_SUBSCRIPTION },
    });
    expect(response.status).toBe(201);
    expect(response.body.integration.status).toBe("error");
    expect(response.body.integration.lastError).toBeTruthy();
    expect(response.body.integration.storedSecrets).toEqual(["apiKey", "subscriptionKey"]);
    expect(response.body.message).toContain("Sage settings saved, but the connection check failed");
    const sync = await expectNothingChanged(t.app.db, () =>
      call(a, "POST", `/api/financial-integrations/${response.body.integration.id}/sync`, {}),
    );
    expect(sync.status).toBe(409);
    expect(sync.body.message).toMatch(/^Sage is not connected/);
  });

  it("the list holds the account's records, each provider once, with no secret", async () => {
    const list = await call(a, "GET", "/api/financial-integrations");
    expect(list.body.map((record: { integrationId: string }) => record.integrationId)).toEqual([
      "quickbooks",
      "csv",
      "timberline",
      "sage",
    ]);
  });
});

describe("POST /api/financial-integrations/sync", () => {
  it("with no integration enabled is a 409 that says what to do", async () => {
    const response = await expectNothingChanged(t.app.db, () =>
      call(b, "POST", "/api/financial-integrations/sync", { dateRange: { from: "2026-01-01", to: "2026-01-31" } }),
    );
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("No accounting integration is enabled: connect one under Financial Integrations first.");
  });

  it("answers one result per enabled integration and a summary over those that sync over an API", async () => {
    const response = await call(a, "POST", "/api/financial-integrations/sync", { dateRange: { from: "2026-01-01" } });
    expect(response.status).toBe(200);
    const byProvider = Object.fromEntries(
      response.body.results.map((result: { integrationId: string; success: boolean }) => [result.integrationId, result.success]),
    );
    // quickbooks: not consented; sage: its check failed; timberline: nothing to send; csv is disabled.
    expect(byProvider).toEqual({ quickbooks: false, timberline: true, sage: false });
    expect(response.body.message).toBe(syncSummaryMessage(0, 2));
    expect(response.body.success).toBe(false);
  });

  it("refuses a range that ends before it starts, and an impossible date", async () => {
    for (const dateRange of [{ from: "2026-02-01", to: "2026-01-01" }, { from: "2026-02-30" }]) {
      const response = await expectNothingChanged(t.app.db, () =>
        call(a, "POST", "/api/financial-integrations/sync", { dateRange }),
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/From must be on or before To|real date/);
    }
  });
});

describe("records and disconnect", () => {
  it("GET /{id}/records lists the per-invoice results, filtered by entity", async () => {
    const row = (await rowOf(a, "quickbooks"))!;
    await t.app.db.insert(accountingRecords).values([
      {
        accountId: a.accountId,
        integrationId: row.id,
        entity: "customer",
        localId: 999001,
        remoteId: "58",
        state: "synced",
        idempotencyKey: "k1",
      },
      {
        accountId: a.accountId,
        integrationId: row.id,
        entity: "invoice",
        localId: 999002,
        state: "failed",
        lastError: "Closed period",
        idempotencyKey: "k2",
      },
    ]);
    const all = await call(a, "GET", `/api/financial-integrations/${row.id}/records`);
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(2);
    const invoices = await call(a, "GET", `/api/financial-integrations/${row.id}/records?entity=invoice`);
    expect(invoices.body).toEqual([
      expect.objectContaining({ entity: "invoice", state: "failed", lastError: "Closed period", remoteId: null }),
    ]);
    const bad = await call(a, "GET", `/api/financial-integrations/${row.id}/records?entity=bill`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("entity must be customer, invoice, payment or email");
  });

  it("DELETE forgets the secrets, turns it disconnected, and keeps the record links", async () => {
    const row = (await rowOf(a, "quickbooks"))!;
    const response = await call(a, "DELETE", `/api/financial-integrations/${row.id}`);
    expect(response.status).toBe(200);
    expect(response.body.message).toContain("QuickBooks disconnected");
    expect(response.body.message).toContain("instead of creating duplicates");
    expect(response.body.integration).toMatchObject({ status: "disconnected", storedSecrets: [], authorized: false });
    const after = (await rowOf(a, "quickbooks"))!;
    expect(after.secretCiphertext).toBeNull();
    const kept = await t.app.db.execute(sql`select count(*)::int as n from accounting_records where integration_id = ${row.id}`);
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    // Connecting again needs the secret again.
    const again = await expectNothingChanged(t.app.db, () =>
      call(a, "POST", "/api/financial-integrations", { integrationId: "quickbooks", config: { clientId: "ABqbo-client" } }),
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(FINANCIAL_CLIENT_REQUIRED);
  });

  it("bad ids are a 400 with a message", async () => {
    for (const path of ["/api/financial-integrations/abc/records", "/api/financial-integrations/01/records"]) {
      const response = await call(a, "GET", path);
      expect(response.status).toBe(400);
      expect(response.body.message).toBeTruthy();
    }
  });
});
