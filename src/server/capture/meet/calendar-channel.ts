import { randomBytes, randomUUID } from "node:crypto";
import type { calendar_v3 } from "@googleapis/calendar";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { calendarApi, googleFailure } from "./google-clients.js";
import { type MeetChannel, meetConfig, updateMeetRow } from "./meet-integration.js";

/** Renew a channel this long before Google stops it (the renewal job runs hourly). */
export const CHANNEL_RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;
/** The lifetime asked for (Google's default and usual maximum for Calendar events: 7 days). */
const CHANNEL_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * Opens a Calendar push channel on the primary calendar (events.watch) to `address`, with a fresh
 * random token Google echoes in X-Goog-Channel-Token, then stops the channel it replaces. Stores the
 * channel (id, resource id, expiry, address) and its token (encrypted). Throws with Google's words.
 */
export async function openCalendarChannel(
  db: Db,
  box: SecretBox,
  config: Config,
  options: { row: IntegrationRow; accessToken: string; address: string; now: Date },
): Promise<IntegrationRow> {
  const api = calendarApi(config, options.accessToken);
  const token = randomBytes(24).toString("base64url");
  let data: calendar_v3.Schema$Channel;
  try {
    const answer = await api.events.watch({
      calendarId: "primary",
      requestBody: {
        id: randomUUID(),
        type: "web_hook",
        address: options.address,
        token,
        params: { ttl: String(CHANNEL_TTL_SECONDS) },
      },
    });
    data = answer.data;
  } catch (error) {
    const message = `Google refused the Calendar push channel: ${googleFailure(error).message}`;
    await updateMeetRow(db, box, options.row, { lastError: message }, options.now);
    throw new Error(message);
  }
  const channel: MeetChannel = {
    id: data.id ?? "",
    resourceId: data.resourceId ?? "",
    expiresAt: Number(data.expiration ?? options.now.getTime() + CHANNEL_TTL_SECONDS * 1000),
    address: options.address,
  };
  const previous = meetConfig(options.row).channel;
  const row = await updateMeetRow(
    db,
    box,
    options.row,
    { config: { channel }, secret: { channelToken: token }, lastError: null },
    options.now,
  );
  if (previous) await stopCalendarChannel(config, options.accessToken, previous);
  return row;
}

/** channels.stop; best effort (an expired or unknown channel is already stopped). */
export async function stopCalendarChannel(config: Config, accessToken: string, channel: MeetChannel): Promise<void> {
  try {
    await calendarApi(config, accessToken).channels.stop({ requestBody: { id: channel.id, resourceId: channel.resourceId } });
  } catch {
    // Google stops it at its expiry anyway; a failure here must not undo what succeeded.
  }
}

/** Whether the row's channel must be (re)opened now. */
export function channelNeedsRenewal(row: IntegrationRow, now: Date): boolean {
  const channel = meetConfig(row).channel;
  return !channel || channel.expiresAt - CHANNEL_RENEW_BEFORE_MS <= now.getTime();
}
