import { and, eq } from "drizzle-orm";
import { MEET_RECONNECT_MESSAGE } from "../../../core/contracts/meet.js";
import { AppError } from "../../../core/errors.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { integrations } from "../../db/schema/index.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { googleFailure, googleOAuthClient } from "./google-clients.js";
import { MEET_KIND, MEET_PROVIDER, meetConfig, ROW_STATUS, readMeetSecret, updateMeetRow } from "./meet-integration.js";

/** An access token with less than this left is refreshed first, so no call starts with a dying token. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;

/** Google refused the refresh token (invalid_grant): the row now says "reconnect"; retrying cannot help. */
export class MeetReconnectNeeded extends AppError {
  constructor() {
    super("conflict", MEET_RECONNECT_MESSAGE);
  }
}

type Outcome =
  | { kind: "token"; accessToken: string; row: IntegrationRow }
  | { kind: "reconnect" }
  | { kind: "failed"; message: string };

/**
 * The account's Google access token: the stored one while it is fresh, else a refresh. This is the
 * ONE place a refresh happens. It runs in a transaction holding the integration row `FOR UPDATE`, so
 * two jobs or two instances never refresh at once: the second waits, then finds the first one's
 * fresh token (Google may rotate or limit refresh tokens; two refreshes at once can lose the
 * connection). On the embedded database the row lock costs nothing extra: PGlite has one
 * connection, so its transactions already run one at a time.
 *
 * Google's `invalid_grant` (revoked, expired, password changed) turns the row to "reconnect"; other
 * failures (429, 5xx, timeout) keep the token and record Google's words as the last error, and the
 * caller (a job) retries later.
 */
export async function meetAccessToken(
  db: Db,
  box: SecretBox,
  config: Config,
  options: { accountId: number; now: Date; rejected?: string },
): Promise<{ accessToken: string; row: IntegrationRow }> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(integrations)
      .where(
        and(
          eq(integrations.accountId, options.accountId),
          eq(integrations.kind, MEET_KIND),
          eq(integrations.provider, MEET_PROVIDER),
        ),
      )
      .for("update");
    if (!row)
      throw new AppError("not_found", "Google Meet is not set up: save your Client ID and Client Secret in Settings → Meet");
    if (row.status === ROW_STATUS.reconnect) return { kind: "reconnect" };
    const secret = readMeetSecret(box, row);
    const clientId = meetConfig(row).clientId;
    if (!secret?.refreshToken || !clientId)
      throw new AppError(
        "conflict",
        "Connect your Google account first (Settings → Integrations → Meet → Connect Google account)",
      );
    const fresh = (secret.accessTokenExpiresAt ?? 0) - REFRESH_MARGIN_MS > options.now.getTime();
    if (secret.accessToken && fresh && secret.accessToken !== options.rejected)
      return { kind: "token", accessToken: secret.accessToken, row };

    const client = googleOAuthClient(config, { clientId, clientSecret: secret.clientSecret });
    client.setCredentials({ refresh_token: secret.refreshToken });
    try {
      const { token } = await client.getAccessToken();
      if (!token) throw new Error("Google answered without an access token");
      const credentials = client.credentials;
      const updated = await updateMeetRow(
        tx,
        box,
        row,
        {
          secret: {
            accessToken: token,
            accessTokenExpiresAt: credentials.expiry_date ?? options.now.getTime() + 3600_000,
            refreshToken: credentials.refresh_token || secret.refreshToken,
          },
        },
        options.now,
      );
      return { kind: "token", accessToken: token, row: updated };
    } catch (error) {
      const failure = googleFailure(error);
      if (failure.error === "invalid_grant") {
        await updateMeetRow(
          tx,
          box,
          row,
          {
            status: ROW_STATUS.reconnect,
            secret: { accessToken: null, accessTokenExpiresAt: null },
            lastError: `${MEET_RECONNECT_MESSAGE} (Google: ${failure.message})`,
          },
          options.now,
        );
        return { kind: "reconnect" };
      }
      await updateMeetRow(tx, box, row, { lastError: `Google token refresh failed: ${failure.message}` }, options.now);
      return { kind: "failed", message: failure.message };
    }
  });
  if (outcome.kind === "reconnect") throw new MeetReconnectNeeded();
  if (outcome.kind === "failed") throw new AppError("bad_gateway", `Google did not refresh the access token: ${outcome.message}`);
  return { accessToken: outcome.accessToken, row: outcome.row };
}

/**
 * Runs `use` with the account's access token; if Google answers 401 (the token was revoked before its
 * expiry), refreshes once (meetAccessToken, under its lock) and runs it again. `use` must let
 * Google's errors through unchanged for this to see the 401.
 */
export async function withMeetAccess<T>(
  db: Db,
  box: SecretBox,
  config: Config,
  options: { accountId: number; now: Date },
  use: (accessToken: string, row: IntegrationRow) => Promise<T>,
): Promise<T> {
  const first = await meetAccessToken(db, box, config, options);
  try {
    return await use(first.accessToken, first.row);
  } catch (error) {
    if (googleFailure(error).status !== 401) throw error;
    const second = await meetAccessToken(db, box, config, { ...options, rejected: first.accessToken });
    return use(second.accessToken, second.row);
  }
}
