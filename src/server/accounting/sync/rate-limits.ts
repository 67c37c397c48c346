import type { AccountingProviderId } from "../../../core/accounting/providers.js";

/**
 * The providers' published rate limits (docs/accounting.md), per remote organisation.
 * The sync engine spaces requests by `60 000 / perMinute` ms (and at most `perSecond` a second), shared
 * by every instance through `outbound_rate_limits`; `perDay` stops a sync for the day (Xero).
 * Tests and benches may override them (config.accounting.rateLimits); the app never does.
 */
export type ProviderRateLimit = { perMinute: number; perSecond?: number; perDay?: number };

export const PUBLISHED_RATE_LIMITS: Record<AccountingProviderId, ProviderRateLimit | null> = {
  quickbooks: { perMinute: 500, perSecond: 10 },
  xero: { perMinute: 60, perDay: 5000 },
  freshbooks: { perMinute: 300 },
  wave: { perMinute: 120 },
  sage: { perMinute: 100 },
  netsuite: { perMinute: 300 },
  csv: null,
  timberline: null,
};
