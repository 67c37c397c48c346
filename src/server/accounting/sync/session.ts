import { setTimeout as sleep } from "node:timers/promises";
import { isAccountingProviderId } from "../../../core/accounting/providers.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { AccountingSession } from "../provider.js";
import type { AccountingContext } from "./accounting-context.js";
import { holdRequests, rateLimitFor, rateLimitKey, reserveRequestSlot } from "./rate-limiter.js";
import { accountingAccessToken, readAccountingSecret } from "./token-store.js";

/** Secret fields of the form; everything else in the secret JSON (tokens) stays with the token store. */
const SECRET_FIELDS = ["clientSecret", "apiKey", "subscriptionKey", "password", "consumerSecret", "tokenSecret"] as const;

/**
 * Everything a provider call needs about one accounting connection, built from its integration row:
 * public settings, decrypted secrets (never logged), endpoints, the per-request deadline, tokens from
 * the one token store, and the organisation's shared rate limit. Request slots are reserved and slept
 * on the wall clock (not the app's clock, which tests may pin), since the sleep is real time.
 */
export function openAccountingSession(context: AccountingContext, row: IntegrationRow): AccountingSession {
  if (!isAccountingProviderId(row.provider)) throw new Error(`Not an accounting provider: ${row.provider}`);
  const provider = row.provider;
  const { db, box, config } = context;
  const publicConfig: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(row.config ?? {}))
    if (typeof value === "string" || typeof value === "number") publicConfig[name] = String(value);
  const stored = readAccountingSecret(box, row);
  const secrets: Record<string, string | undefined> = {};
  for (const name of SECRET_FIELDS) if (typeof stored[name] === "string") secrets[name] = stored[name] as string;

  const limit = rateLimitFor(config, provider);
  const key = rateLimitKey(provider, publicConfig, row.id);
  const token = (rejected?: string) =>
    accountingAccessToken(db, box, config, { integrationId: row.id, accountId: row.accountId, now: context.now(), rejected });

  return {
    integrationId: row.id,
    provider,
    config: publicConfig,
    secrets,
    endpoints: config.accounting?.endpoints[provider] ?? {},
    timeoutMs: config.accounting?.timeoutMs ?? 15_000,
    accessToken: () => token(),
    renewAccessToken: (rejected) => token(rejected),
    beforeRequest: async () => {
      if (!limit) return;
      const wait = await reserveRequestSlot(db, { key, limit, now: new Date() });
      if (wait > 0) await sleep(wait);
    },
    rateLimited: async (seconds) => {
      await holdRequests(db, { key, seconds, now: new Date() });
    },
  };
}
