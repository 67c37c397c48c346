import http from "node:http";
import { describe, expect, it } from "vitest";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 23 defect 10: without PUBLIC_URL, `Host: evil.test` made the OAuth redirect_uri and the
 * webhook URLs `http://evil.test/...`. URLs handed to providers come from PUBLIC_URL, else a trusted
 * proxy's forwarded host, else the address the connection reached (http/public-origin.ts).
 */
type Answer = { status: number; location: string | null; body: Record<string, unknown> };

/** A request with headers a browser's fetch would not let us set (Host), signed in as `who`. */
function send(t: TestApp, who: TestAccount, method: string, path: string, headers: Record<string, string>, json?: unknown) {
  return new Promise<Answer>((resolve, reject) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const request = http.request(`${t.baseUrl}${path}`, {
      method,
      headers: {
        cookie: `minutely_session=${who.c.cookie("minutely_session")}`,
        "x-requested-with": "XMLHttpRequest",
        ...(body ? { "content-type": "application/json" } : {}),
        ...headers,
      },
    });
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location ?? null,
          body: text && response.headers["content-type"]?.includes("json") ? JSON.parse(text) : {},
        }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** The URLs the server hands to Google and QuickBooks for this request's headers. */
async function urlsHandedOut(t: TestApp, who: TestAccount, headers: Record<string, string>) {
  const meet = await send(t, who, "GET", "/api/integrations/meet/connect", headers);
  expect(meet.status).toBe(302);
  const consent = await send(t, who, "POST", "/api/financial-integrations", headers, {
    integrationId: "quickbooks",
    config: { clientId: "qb-client", clientSecret: "qb-secret" },
  });
  expect(consent.status).toBeLessThan(300);
  const meetRow = await send(t, who, "GET", "/api/integrations/meet", headers);
  return [
    new URL(meet.location!).searchParams.get("redirect_uri"),
    new URL(String(consent.body.authorizationUrl)).searchParams.get("redirect_uri"),
    String(meetRow.body.redirectUri),
  ];
}

async function withApp(overrides: Parameters<typeof startTestApp>[0], run: (t: TestApp, a: TestAccount) => Promise<void>) {
  const t = await startTestApp({ ...overrides, accounting: { endpoints: { quickbooks: { baseUrl: "http://127.0.0.1:9" } } } });
  try {
    const a = await newAccount(t);
    expect(
      (
        await a.c.post("/api/integrations/meet", {
          clientId: "meet-client.apps.googleusercontent.com",
          clientSecret: "meet-secret",
        })
      ).status,
    ).toBe(200);
    await run(t, a);
  } finally {
    await t.close();
  }
}

describe("the origin of URLs handed to providers", () => {
  it("without PUBLIC_URL, ignores the Host header and uses the address the connection reached", async () => {
    await withApp({}, async (t, a) => {
      const urls = await urlsHandedOut(t, a, { host: "evil.test" });
      for (const url of urls) expect(url).toMatch(new RegExp(`^${t.baseUrl}/api/`));
    });
  });

  it("behind a trusted proxy, uses its forwarded host and protocol; an untrusted peer's are ignored", async () => {
    const forwarded = { host: "evil.test", "x-forwarded-host": "app.example.test", "x-forwarded-proto": "https" };
    await withApp({ trustProxy: ["127.0.0.1"] }, async (t, a) => {
      for (const url of await urlsHandedOut(t, a, forwarded)) expect(url).toMatch(/^https:\/\/app\.example\.test\/api\//);
    });
    await withApp({ trustProxy: ["10.0.0.0/8"] }, async (t, a) => {
      for (const url of await urlsHandedOut(t, a, forwarded)) expect(url).toMatch(new RegExp(`^${t.baseUrl}/api/`));
    });
  });

  it("PUBLIC_URL wins over every header", async () => {
    const forwarded = { host: "evil.test", "x-forwarded-host": "other.example.test" };
    await withApp({ publicUrl: "https://minutely.example.test/", trustProxy: 1 }, async (t, a) => {
      for (const url of await urlsHandedOut(t, a, forwarded)) expect(url).toMatch(/^https:\/\/minutely\.example\.test\/api\//);
    });
  });
});
