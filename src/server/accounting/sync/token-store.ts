import { eq } from "drizzle-orm";
import { accountingProvider, isAccountingProviderId } from "../../../core/accounting/providers.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { integrations } from "../../db/schema/index.js";
import { integrationSecretContext, readIntegrationSecret } from "../../integrations/integration-store.js";
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

/**
 * The connection's OAuth access token: the stored one while it is fresh (and not the one the
 * provider just refused), else a refresh. This is the ONE place an accounting refresh happens. It
 * runs in a transaction holding the integration row `FOR UPDATE`, so two jobs or two instances never
 * spend the same refresh token (Xero's are single-use: a second spend loses the connection); the
 * second caller waits for the lock, then finds the first one's new token and returns it. On PGlite
 * (one connection) transactions already run one at a time.
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
  let refused: AccountingUnauthorized | null = null;
  const token = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(integrations).where(eq(integrations.id, options.integrationId)).for("update");
    if (!row || row.accountId !== options.accountId || !isAccountingProviderId(row.provider))
      throw new AccountingUnauthorized("This accounting connection no longer exists");
    const name = accountingProvider(row.provider).name;
    const secret = readAccountingSecret(box, row);
    const tokens = secret.tokens;
    if (!tokens?.refreshToken) throw new AccountingUnauthorized(`Connect ${name} first: its consent was not granted`);
    const fresh = tokens.accessTokenExpiresAt - REFRESH_MARGIN_MS > options.now.getTime();
    if (tokens.accessToken && fresh && tokens.accessToken !== options.rejected) return tokens.accessToken;

    const provider = apiProviderFor(row.provider);
    if (!provider?.refreshTokens) throw new AccountingUnauthorized(`${name} does not renew access tokens`);
    const clientId = typeof row.config.clientId === "string" ? row.config.clientId : "";
    const clientSecret = typeof secret.clientSecret === "string" ? secret.clientSecret : "";
    try {
      const renewed = await provider.refreshTokens({
        clientId,
        clientSecret,
        refreshToken: tokens.refreshToken,
        endpoints: config.accounting?.endpoints[row.provider] ?? {},
        timeoutMs: config.accounting?.timeoutMs ?? 15_000,
      });
      // Written before the lock is released: the next caller sees the new pair, never the spent one.
      await tx
        .update(integrations)
        .set({
          secretCiphertext: box.encryptJson({ ...secret, tokens: renewed }, integrationSecretContext(row)),
          updatedAt: options.now,
        })
        .where(eq(integrations.id, row.id));
      return renewed.accessToken;
    } catch (error) {
      if (!(error instanceof AccountingUnauthorized)) throw error;
      await tx
        .update(integrations)
        .set({ status: "error", lastError: reconnectMessage(name, error.message), updatedAt: options.now })
        .where(eq(integrations.id, row.id));
      // Thrown after the commit, so the "error" status is kept.
      refused = error;
      return null;
    }
  });
  if (token === null) throw refused ?? new AccountingUnauthorized("The access token could not be renewed");
  return token;
}
