import { z } from "zod";
import { EMPTY_PAYLOAD, type JobContext, type JobDefinition } from "../../jobs/job-types.js";
import { secretBoxFor } from "../../http/secrets.js";
import { channelNeedsRenewal, openCalendarChannel } from "./calendar-channel.js";
import { fetchMeetConference } from "./fetch-conference.js";
import { connectedMeetRows, type MeetOwner, meetConfig } from "./meet-integration.js";
import { MeetReconnectNeeded, meetAccessToken } from "./meet-tokens.js";
import { type FetchConferenceJob, syncMeetCalendar } from "./sync-calendar.js";

/** The sync job's key: at most one waiting and one running per member's row (a burst of pushes makes one sync). */
export const meetSyncKey = (owner: { accountId: number; userId?: number | null }) =>
  owner.userId === undefined ? `meet:${owner.accountId}` : `meet:${owner.accountId}:${owner.userId}`;

/** Whose row a Meet job is for; `userId` is absent in jobs queued before members had their own connections. */
const meetOwnerPayload = { accountId: z.number().int(), userId: z.number().int().nullable().optional() };

/**
 * `meet.renew-channel`, hourly: every connected account whose Calendar push channel expires within
 * a day (or has none) gets a new one. A refused refresh token turns that row to "reconnect" and the
 * others go on.
 */
async function renewChannels(_data: Record<string, never>, context: JobContext): Promise<void> {
  const now = context.now();
  const box = secretBoxFor(context.config);
  const failures: string[] = [];
  for (const row of await connectedMeetRows(context.db)) {
    if (!channelNeedsRenewal(row, now)) continue;
    const address = meetConfig(row).channel?.address;
    if (!address) continue;
    try {
      const { accessToken, row: current } = await meetAccessToken(context.db, box, context.config, {
        accountId: row.accountId,
        userId: row.userId,
        now,
      });
      await openCalendarChannel(context.db, box, context.config, { row: current, accessToken, address, now });
    } catch (error) {
      if (error instanceof MeetReconnectNeeded) continue;
      failures.push(`account ${row.accountId}: ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(`Calendar channel renewal failed for ${failures.join("; ")}`);
}

/** Google Meet's jobs (docs/meet.md), registered in jobs/registry.ts. */
export const meetJobs = {
  "meet.renew-channel": {
    rules: { policy: "stately", retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 600 },
    payload: EMPTY_PAYLOAD,
    schedule: { cron: "17 * * * *", data: {} },
    run: renewChannels,
  } satisfies JobDefinition<Record<string, never>>,
  "meet.sync-calendar": {
    rules: { policy: "stately", retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 },
    payload: z.object(meetOwnerPayload),
    run: async (data: MeetOwner, context: JobContext) => {
      try {
        await syncMeetCalendar(data, context);
      } catch (error) {
        if (error instanceof MeetReconnectNeeded) return;
        throw error;
      }
    },
  } satisfies JobDefinition<MeetOwner>,
  "meet.fetch-conference": {
    rules: { policy: "standard", retryLimit: 8, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 300 },
    payload: z.object({
      ...meetOwnerPayload,
      meeting: z.object({
        calendarEventId: z.string(),
        meetingCode: z.string(),
        start: z.string(),
        end: z.string(),
        topic: z.string().nullable(),
        attendees: z.array(z.object({ email: z.string(), name: z.string().nullable(), self: z.boolean() })),
      }),
    }),
    run: async (data: FetchConferenceJob, context: JobContext) => {
      try {
        await fetchMeetConference(data, context);
      } catch (error) {
        if (error instanceof MeetReconnectNeeded) return;
        throw error;
      }
    },
  } satisfies JobDefinition<FetchConferenceJob>,
};
