import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { ConnectionOwner } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { stopCalendarChannel } from "./calendar-channel.js";
import { googleOAuthClient } from "./google-clients.js";
import { deleteMeetIntegration, findMeetIntegration, meetConfig, ROW_STATUS, readMeetSecret } from "./meet-integration.js";
import { meetAccessToken } from "./meet-tokens.js";

/**
 * Disconnect: best effort, the push channel is stopped at Google (with a fresh token if need be);
 * then the row goes (its push URL answers 404 at once) and the refresh token is revoked, so nothing
 * is left granted. Captured calls stay. False when there was nothing to disconnect.
 */
export async function disconnectMeet(
  db: Db,
  box: SecretBox,
  config: Config,
  options: ConnectionOwner & { now: Date },
): Promise<boolean> {
  const row = await findMeetIntegration(db, options);
  if (!row) return false;
  const settings = meetConfig(row);
  if (settings.channel && row.status === ROW_STATUS.connected) {
    try {
      const { accessToken } = await meetAccessToken(db, box, config, options);
      await stopCalendarChannel(config, accessToken, settings.channel);
    } catch {
      // Google stops the channel at its expiry; its pushes then meet a 404.
    }
  }
  const secret = readMeetSecret(box, (await findMeetIntegration(db, options)) ?? row);
  if (!(await deleteMeetIntegration(db, options))) return false;
  if (secret?.refreshToken && settings.clientId) {
    try {
      await googleOAuthClient(config, { clientId: settings.clientId, clientSecret: secret.clientSecret }).revokeToken(
        secret.refreshToken,
      );
    } catch {
      // Already revoked or expired; the user can also remove access in their Google account.
    }
  }
  return true;
}
