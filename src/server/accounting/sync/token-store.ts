import { eq } from "drizzle-orm";
import { type AccountingProviderId, accountingProvider, isAccountingProviderId } from "../../../core/accounting/providers.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { integrations } from "../../db/schema/index.js";
import { readIntegrationSecret, sealIntegrationSecret } from "../../integrations/integration-store.js";
import { isFresh, refreshUnderLock } from "../../integrations/token-refresher.js";
import type { SecretBox } from "../../http/secrets.js";
import { AccountingUnauthorized } from "../accounting-errors.js";
import type { OAuthTokens } from "../provider.js";
import { apiProviderFor } from "../providers/index.js";

/** An access token with less than this left is refreshed first, so no call starts with a dying token. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;

/** The decrypted secret of an accounting row: the form's secret fields, and `tokens` once consent is granted. */
export type AccountingSecret = Record<string, unknown> & { tokens?: OAuthTokens };

export function readAccountingSecret(box: SecretBox, row: typeof integrations.$inferSelect): AccountingSecret {
  return readIntegrationSecret<AccountingSecret>(box, row) ?? {};
}

/** The provider's words when a refresh token is refused: the user must connect again. */
export function reconnectMessage(providerName: string, detail: string): string {
  return `Reconnect ${providerName}: ${detail}`;
}

/** A provider without token renewal: the user must reconnect, but nothing was refused, so the row is left as it is. */
class CannotRenew extends AccountingUnauthorized {}

/**
 * The connection's OAuth access token: the stored one while it is fresh (and not the one the
 * provider just refused), else a refresh. This is the ONE place an accounting refresh happens,
 * through the integrations kit's refresher (integrations/token-refresher.ts: under the integration
 * row's `FOR UPDATE`, the new pair written before the lock is released), so two jobs or two instances
 * never spend the same refresh token (Xero's are single-use: a second spend loses the connection).
 *
 * A refused refresh token (AccountingUnauthorized, invalid_grant) turns the row to "error" with
 * "Reconnect {Provider}: …" and is rethrown; other failures (time-out, 5xx) keep the stored pair,
 * which was not spent, and are rethrown for the job to retry.
 */
export async function accountingAccessToken(
  db: Db,
  box: SecretBox,
  config: Config,
  options: { integrationId: number; accountId: number; now: Date; rejected?: string },
): Promise<string> {
  type Row = typeof integrations.$inferSelect;
  const tokensOf = (row: Row) => readAccountingSecret(box, row).tokens!;
  // Only called on a row `lock` found to be an accounting provider's.
  const nameOf = (row: Row) => accountingProvider(row.provider as AccountingProviderId).name;
  return refreshUnderLock<Row, OAuthTokens, string>(db, {
    lock: async (tx) => {
      const [row] = await tx.select().from(integrations).where(eq(integrations.id, options.integrationId)).for("update");
      if (!row || row.accountId !== options.accountId || !isAccountingProviderId(row.provider))
        throw new AccountingUnauthorized("This accounting connection no longer exists");
      if (!readAccountingSecret(box, row).tokens?.refreshToken)
        throw new AccountingUnauthorized(`Connect ${nameOf(row)} first: its consent was not granted`);
      return row;
    },
    usable: (row) => {
      const tokens = tokensOf(row);
      const good = tokens.accessToken && isFresh(tokens.accessTokenExpiresAt, options.now, REFRESH_MARGIN_MS);
      return good && tokens.accessToken !== options.rejected ? tokens.accessToken : null;
    },
    refresh: async (row) => {
      const providerId = row.provider as AccountingProviderId; // checked by lock
      const provider = apiProviderFor(providerId);
      if (!provider?.refreshTokens) throw new CannotRenew(`${nameOf(row)} does not renew access tokens`);
      const secret = readAccountingSecret(box, row);
      return provider.refreshTokens({
        clientId: typeof row.config.clientId === "string" ? row.config.clientId : "",
        clientSecret: typeof secret.clientSecret === "string" ? secret.clientSecret : "",
        refreshToken: tokensOf(row).refreshToken!,
        endpoints: config.accounting?.endpoints[providerId] ?? {},
        timeoutMs: config.accounting?.timeoutMs ?? 15_000,
      });
    },
    save: async (tx, row, renewed) => {
      const secret = readAccountingSecret(box, row);
      await tx
        .update(integrations)
        .set({
          ...sealIntegrationSecret(box, row, { ...secret, tokens: renewed }),
          updatedAt: options.now,
        })
        .where(eq(integrations.id, row.id));
      return renewed.accessToken;
    },
    isRefused: (error) => error instanceof AccountingUnauthorized && !(error instanceof CannotRenew),
    reconnect: async (tx, row, error) => {
      const refused = error as AccountingUnauthorized;
      await tx
        .update(integrations)
        .set({ status: "error", lastError: reconnectMessage(nameOf(row), refused.message), updatedAt: options.now })
        .where(eq(integrations.id, row.id));
      return refused;
    },
  });
}
