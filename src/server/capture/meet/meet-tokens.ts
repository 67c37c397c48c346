import { MEET_RECONNECT_MESSAGE } from "../../../core/contracts/meet.js";
import { AppError } from "../../../core/errors.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { integrations } from "../../db/schema/index.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import { isFresh, refreshUnderLock } from "../../integrations/token-refresher.js";
import type { SecretBox } from "../../http/secrets.js";
import { googleFailure, googleOAuthClient } from "./google-clients.js";
import { type MeetOwner, meetConfig, meetRowWhere, ROW_STATUS, readMeetSecret, updateMeetRow } from "./meet-integration.js";

/** An access token with less than this left is refreshed first, so no call starts with a dying token. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;

/** Google refused the refresh token (invalid_grant): the row now says "reconnect"; retrying cannot help. */
export class MeetReconnectNeeded extends AppError {
  constructor() {
    super("conflict", MEET_RECONNECT_MESSAGE);
  }
}

/**
 * The account's Google access token: the stored one while it is fresh, else a refresh. This is the
 * ONE place a Meet refresh happens, through the integrations kit's refresher
 * (integrations/token-refresher.ts: under the integration row's `FOR UPDATE`, new tokens written
 * before the lock is released). Google may rotate or limit refresh tokens; two refreshes at once
 * could lose the connection.
 *
 * Google's `invalid_grant` (revoked, expired, password changed) turns the row to "reconnect"; other
 * failures (429, 5xx, timeout) keep the token and record Google's words as the last error, and the
 * caller (a job) retries later.
 */
export async function meetAccessToken(
  db: Db,
  box: SecretBox,
  config: Config,
  options: MeetOwner & { now: Date; rejected?: string },
): Promise<{ accessToken: string; row: IntegrationRow }> {
  type Renewed = { accessToken: string; expiresAt: number; refreshToken: string };
  return refreshUnderLock<IntegrationRow, Renewed, { accessToken: string; row: IntegrationRow }>(db, {
    lock: async (tx) => {
      const [row] = await tx
        .select()
        .from(integrations)
        .where(meetRowWhere(options))
        .for("update");
      if (!row)
        throw new AppError("not_found", "Google Meet is not set up: save your Client ID and Client Secret in Settings → Meet");
      // Already refused: retrying cannot help, and nothing is asked of Google.
      if (row.status === ROW_STATUS.reconnect) throw new MeetReconnectNeeded();
      const secret = readMeetSecret(box, row);
      if (!secret?.refreshToken || !meetConfig(row).clientId)
        throw new AppError(
          "conflict",
          "Connect your Google account first (Settings → Integrations → Meet → Connect Google account)",
        );
      return row;
    },
    usable: (row) => {
      const secret = readMeetSecret(box, row)!;
      const good =
        secret.accessToken &&
        isFresh(secret.accessTokenExpiresAt, options.now, REFRESH_MARGIN_MS) &&
        secret.accessToken !== options.rejected;
      return good ? { accessToken: secret.accessToken!, row } : null;
    },
    refresh: async (row) => {
      const secret = readMeetSecret(box, row)!;
      const client = googleOAuthClient(config, { clientId: meetConfig(row).clientId!, clientSecret: secret.clientSecret });
      client.setCredentials({ refresh_token: secret.refreshToken });
      const { token } = await client.getAccessToken();
      if (!token) throw new Error("Google answered without an access token");
      const credentials = client.credentials;
      return {
        accessToken: token,
        expiresAt: credentials.expiry_date ?? options.now.getTime() + 3600_000,
        refreshToken: credentials.refresh_token || secret.refreshToken!,
      };
    },
    save: async (tx, row, renewed) => {
      const secret = {
        accessToken: renewed.accessToken,
        accessTokenExpiresAt: renewed.expiresAt,
        refreshToken: renewed.refreshToken,
      };
      const updated = await updateMeetRow(tx, box, row, { secret }, options.now);
      return { accessToken: renewed.accessToken, row: updated };
    },
    isRefused: (error) => googleFailure(error).error === "invalid_grant",
    reconnect: async (tx, row, error) => {
      await updateMeetRow(
        tx,
        box,
        row,
        {
          status: ROW_STATUS.reconnect,
          secret: { accessToken: null, accessTokenExpiresAt: null },
          lastError: `${MEET_RECONNECT_MESSAGE} (Google: ${googleFailure(error).message})`,
        },
        options.now,
      );
      return new MeetReconnectNeeded();
    },
    failed: async (tx, row, error) => {
      const { message } = googleFailure(error);
      await updateMeetRow(tx, box, row, { lastError: `Google token refresh failed: ${message}` }, options.now);
      return new AppError("bad_gateway", `Google did not refresh the access token: ${message}`);
    },
  });
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
  options: MeetOwner & { now: Date },
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
