import { expect } from "vitest";
import type { AccountingProviderId } from "../../../src/core/accounting/providers.js";
import type {
  AccountingProvider,
  AccountingSession,
  OAuthConnection,
  OAuthTokens,
} from "../../../src/server/accounting/provider.js";

/**
 * The per-request deadline of every ordinary provider call in tests: generous, so that a busy
 * machine never turns a slow answer into a failure. A lost answer is a dropped connection the test
 * injects (controls.ts); the one test per transport of a real deadline holds the reply instead.
 */
export const ORDINARY_DEADLINE_MS = 30_000;

/** The Redirect URI the provider tests register (the app's default callback on a local origin). */
export const TEST_REDIRECT_URI = "http://127.0.0.1:5000/api/financial-integrations/oauth/callback";

/**
 * The consent journey against a stand-in: its consent page answers at once with a redirect to our
 * callback carrying the code and our state, and the provider exchanges the code.
 */
export async function consentAndExchange(
  provider: AccountingProvider,
  standIn: { url: string; clientId: string; clientSecret: string },
): Promise<OAuthConnection> {
  const endpoints = { baseUrl: standIn.url };
  const consent = provider.authorizationUrl!({
    clientId: standIn.clientId,
    redirectUri: TEST_REDIRECT_URI,
    state: "signed-state",
    endpoints,
  });
  const redirect = await fetch(consent, { redirect: "manual" });
  expect(redirect.status).toBe(302);
  const callback = new URL(redirect.headers.get("location")!);
  expect(callback.origin + callback.pathname).toBe(TEST_REDIRECT_URI);
  expect(callback.searchParams.get("state")).toBe("signed-state");
  return provider.exchangeCode!({
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
    redirectUri: TEST_REDIRECT_URI,
    code: callback.searchParams.get("code")!,
    query: Object.fromEntries(callback.searchParams),
    endpoints,
    timeoutMs: ORDINARY_DEADLINE_MS,
  });
}

/**
 * A provider test's session: what the sync engine's session does, without a database. Tokens live
 * in memory and are renewed through the provider's own refreshTokens (each refresh token spent
 * once); the rate-limit hooks record what the provider asked for, so a test can assert that a 429
 * reached rateLimited() with the answer's Retry-After.
 */
export type TestSession = AccountingSession & {
  tokens: OAuthTokens | null;
  /** What the provider asked of the session: access tokens it reported rejected, 429 waits, request slots. */
  seen: { renewals: string[]; rateLimited: number[]; slots: number };
};

export function testSession(input: {
  provider: AccountingProvider;
  id: AccountingProviderId;
  baseUrl: string;
  config?: Record<string, string | undefined>;
  secrets?: Record<string, string | undefined>;
  tokens?: OAuthTokens | null;
  timeoutMs?: number;
}): TestSession {
  const session: TestSession = {
    integrationId: 1,
    provider: input.id,
    config: input.config ?? {},
    secrets: input.secrets ?? {},
    endpoints: { baseUrl: input.baseUrl },
    timeoutMs: input.timeoutMs ?? ORDINARY_DEADLINE_MS,
    tokens: input.tokens ?? null,
    seen: { renewals: [], rateLimited: [], slots: 0 },
    async accessToken() {
      if (!session.tokens) throw new Error("not connected");
      return session.tokens.accessToken;
    },
    async renewAccessToken(rejected) {
      session.seen.renewals.push(rejected);
      if (!session.tokens || !input.provider.refreshTokens) throw new Error("cannot refresh");
      if (session.tokens.accessToken !== rejected) return session.tokens.accessToken;
      session.tokens = await input.provider.refreshTokens({
        clientId: session.config.clientId ?? "",
        clientSecret: session.secrets.clientSecret ?? "",
        refreshToken: session.tokens.refreshToken,
        endpoints: session.endpoints,
        timeoutMs: session.timeoutMs,
      });
      return session.tokens.accessToken;
    },
    async beforeRequest() {
      session.seen.slots += 1;
    },
    async rateLimited(seconds) {
      session.seen.rateLimited.push(seconds);
    },
  };
  return session;
}
