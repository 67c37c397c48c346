import { setTimeout as sleep } from "node:timers/promises";
import { accountingProvider, isAccountingProviderId } from "../../../core/accounting/providers.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { AccountingSession } from "../provider.js";
import { readStoredSettings } from "../provider-settings.js";
import { apiProviderFor } from "../providers/index.js";
import type { AccountingContext } from "./accounting-context.js";
import { holdRequests, rateLimitFor, rateLimitKey, reserveRequestSlot } from "./rate-limiter.js";
import { accountingAccessToken, readAccountingSecret } from "./token-store.js";
import { AccountingRejected } from "../accounting-errors.js";

/**
 * Everything a provider call needs about one accounting connection, built from its integration row:
 * public settings and decrypted secrets (never logged) read through the provider's own schemas
 * (provider-settings.ts: a row that does not fit is AccountingRejected with what to do, never a crash;
 * `tokens` stay with the token store), endpoints, the per-request deadline, tokens from the one token
 * store, and the organisation's shared rate limit. Request slots are reserved and slept on the wall
 * clock (not the app's clock, which tests may pin), since the sleep is real time.
 */
export function openAccountingSession(context: AccountingContext, row: IntegrationRow): AccountingSession {
  if (!isAccountingProviderId(row.provider)) throw new Error(`Not an accounting provider: ${row.provider}`);
  const provider = row.provider;
  const api = apiProviderFor(provider);
  const name = accountingProvider(provider).name;
  if (!api) throw new AccountingRejected(`${name} works through a file, not an API`);
  const { db, box, config } = context;
  const publicConfig = readStoredSettings(name, api.settings.config, row.config, "settings");
  const secrets = readStoredSettings(name, api.settings.secret, readAccountingSecret(box, row), "secret");

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
