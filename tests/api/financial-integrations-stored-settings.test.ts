import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrations } from "../../src/server/db/schema/index.js";
import { secretBoxFor } from "../../src/server/http/secrets.js";
import { readIntegrationSecret, saveIntegration } from "../../src/server/integrations/integration-store.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * A connection's stored settings and secrets (issue 24 §1, docs/accounting.md "Connecting" and "Settings
 * and secrets, typed per provider"). Clearing a stored secret without replacing it: PUT
 * /api/financial-integrations/{id} with `clearSecrets`; the secret is gone from the sealed row, a required
 * one leaves the connection not connected (an OAuth grant is dropped with it, the screen says
 * "disconnected"); bad names and another account's id change nothing. A stored row its provider's schema
 * refuses is a sentence on the card, not a crash.
 */
const QBO_SECRET = "qbo-secret-clear-Rk4-never-shown";
const SAGE_KEY = "sage-api-key-clear-W2";
const SAGE_SUBSCRIPTION = "sage-subscription-clear-J9";

let t: TestApp;
let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  // Sage is pointed at a closed port: its check fails, so the row holds status error and a last error.
  t = await startTestApp({ accounting: { endpoints: { sage: { baseUrl: "http://127.0.0.1:9" } }, timeoutMs: 2000 } });
  a = await newAccount(t);
  b = await newAccount(t);
});
afterAll(async () => {
  await t?.close();
});

async function rowOf(who: TestAccount, provider: string) {
  const [row] = await t.app.db
    .select()
    .from(integrations)
    .where(
      and(eq(integrations.accountId, who.accountId), eq(integrations.kind, "accounting"), eq(integrations.provider, provider)),
    );
  return row!;
}

const secretOf = async (who: TestAccount, provider: string) =>
  readIntegrationSecret<Record<string, unknown>>(secretBoxFor(t.app.config), await rowOf(who, provider));

describe("PUT /api/financial-integrations/{id} with clearSecrets", () => {
  let quickbooksId: number;
  let sageId: number;

  beforeAll(async () => {
    const quickbooks = await a.c.request("POST", "/api/financial-integrations", {
      json: { integrationId: "quickbooks", config: { clientId: "ABqbo-clear", clientSecret: QBO_SECRET } },
    });
    expect(quickbooks.status).toBe(201);
    quickbooksId = quickbooks.body.integration.id;
    // A granted consent: tokens in the sealed secret and the row connected (as the OAuth callback leaves it).
    const row = await rowOf(a, "quickbooks");
    await saveIntegration(
      t.app.db,
      secretBoxFor(t.app.config),
      { accountId: row.accountId, userId: null, kind: "accounting", provider: "quickbooks" },
      {
        status: "connected",
        secret: {
          clientSecret: QBO_SECRET,
          tokens: { accessToken: "at-1", refreshToken: "rt-1", accessTokenExpiresAt: Date.now() + 3_600_000 },
        },
      },
      new Date(),
    );
    const sage = await a.c.request("POST", "/api/financial-integrations", {
      json: { integrationId: "sage", config: { apiKey: SAGE_KEY, subscriptionKey: SAGE_SUBSCRIPTION } },
    });
    expect(sage.status).toBe(201);
    sageId = sage.body.integration.id;
  });

  it("another account's id is a 404 and changes nothing", async () => {
    const response = await expectNothingChanged(t.app.db, () =>
      b.c.request("PUT", `/api/financial-integrations/${quickbooksId}`, { json: { clearSecrets: ["clientSecret"] } }),
    );
    expect(response.status).toBe(404);
    expect(response.body.message).toBe("Financial integration not found");
    expect(await secretOf(a, "quickbooks")).toMatchObject({ clientSecret: QBO_SECRET });
  });

  it("refuses a field that is not one of the provider's secrets, a secret sent and cleared at once, and a bad shape", async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ clearSecrets: ["clientId"] }, "clientId is not a secret of QuickBooks"],
      [{ clearSecrets: ["apiKey"] }, "apiKey is not a secret of QuickBooks"],
      [
        { clearSecrets: ["clientSecret"], config: { clientSecret: "new-one" } },
        "Client Secret cannot be replaced and cleared at once",
      ],
      [{ clearSecrets: "clientSecret" }, "clearSecrets must list secret field names"],
      [{ clearSecrets: [42] }, "clearSecrets must list secret field names"],
    ];
    for (const [body, message] of cases) {
      const response = await expectNothingChanged(t.app.db, () =>
        a.c.request("PUT", `/api/financial-integrations/${quickbooksId}`, { json: body }),
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect(await secretOf(a, "quickbooks")).toMatchObject({ clientSecret: QBO_SECRET, tokens: { refreshToken: "rt-1" } });
  });

  it("clearing an OAuth provider's Client Secret erases it and its grant: not connected until set up again", async () => {
    const before = await a.c.request("GET", "/api/financial-integrations");
    expect(before.body.find((record: { id: number }) => record.id === quickbooksId)).toMatchObject({
      status: "connected",
      authorized: true,
      storedSecrets: ["clientSecret"],
    });
    const response = await a.c.request("PUT", `/api/financial-integrations/${quickbooksId}`, {
      json: { clearSecrets: ["clientSecret"] },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(
      "QuickBooks: Client Secret cleared. QuickBooks is not connected until a new one is saved.",
    );
    expect(response.body.authorizationUrl).toBeNull();
    expect(response.body.integration).toMatchObject({
      status: "disconnected",
      authorized: false,
      storedSecrets: [],
      lastError: null,
    });
    expect(response.body.integration.config).toMatchObject({ clientId: "ABqbo-clear", clientSecret: null });
    const row = await rowOf(a, "quickbooks");
    expect(row.status).toBe("not_connected");
    expect(await secretOf(a, "quickbooks")).toEqual({});
    // Saving a new one works as before: the consent is asked for again.
    const again = await a.c.request("PUT", `/api/financial-integrations/${quickbooksId}`, {
      json: { config: { clientSecret: "a-new-secret" } },
    });
    expect(again.status).toBe(200);
    expect(again.body.integration.storedSecrets).toEqual(["clientSecret"]);
    expect(again.body.authorizationUrl).toEqual(expect.stringContaining("client_id=ABqbo-clear"));
  });

  it("clearing an API provider's key turns its error into not connected; the other secret stays", async () => {
    const before = await rowOf(a, "sage");
    expect(before.status).toBe("error");
    expect(before.lastError).toBeTruthy();
    const response = await a.c.request("PUT", `/api/financial-integrations/${sageId}`, { json: { clearSecrets: ["apiKey"] } });
    expect(response.status).toBe(200);
    expect(response.body.integration).toMatchObject({
      status: "disconnected",
      lastError: null,
      storedSecrets: ["subscriptionKey"],
    });
    expect(await secretOf(a, "sage")).toEqual({ subscriptionKey: SAGE_SUBSCRIPTION });
  });

  it("needs a session", async () => {
    const response = await expectNothingChanged(t.app.db, () =>
      t.client().request("PUT", `/api/financial-integrations/${sageId}`, { json: { clearSecrets: ["subscriptionKey"] } }),
    );
    expect(response.status).toBe(401);
  });
});

describe("a stored row its provider's schema refuses", () => {
  it("the connection check says which setting and what to do: status error, never a 500", async () => {
    const c = await newAccount(t);
    const created = await c.c.request("POST", "/api/financial-integrations", {
      json: { integrationId: "sage", config: { apiKey: SAGE_KEY, subscriptionKey: SAGE_SUBSCRIPTION } },
    });
    expect(created.status).toBe(201);
    // Written by hand (or by an older version): a setting that is not text.
    await t.app.db
      .update(integrations)
      .set({ config: sql`${integrations.config} || '{"siteId": {"id": 1}}'::jsonb` })
      .where(eq(integrations.id, created.body.integration.id));
    const response = await c.c.request("PUT", `/api/financial-integrations/${created.body.integration.id}`, {
      json: { config: { revenueAccountId: "4000" } },
    });
    expect(response.status).toBe(200);
    const sentence =
      "The stored Sage settings cannot be read (siteId is not text): save Sage's settings again in Settings → Financial.";
    expect(response.body.message).toBe(`Sage settings saved, but the connection check failed: Sage: ${sentence}`);
    expect(response.body.integration).toMatchObject({ status: "error", lastError: `Sage: ${sentence}` });
  });
});
