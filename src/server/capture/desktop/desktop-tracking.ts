import { and, eq, sql } from "drizzle-orm";
import { MEETING_PLATFORMS, type MeetingPlatform, PLATFORM_LABELS } from "../../../core/contracts/platform-detection.js";
import type { CaptureEvent } from "../capture-event.js";
import type { Db } from "../../db/client.js";
import { integrations } from "../../db/schema/index.js";
import type { ConnectionOwner, IntegrationKey, IntegrationRow } from "../../integrations/integration-store.js";

/**
 * "Track meetings on this computer" (docs/desktop-capture.md): one `integrations` row per member, kind
 * "desktop", provider "this-computer". Its config holds the switch, the computer it watches and the
 * watcher's last observation (which platforms were in a call, since when), so each look compares
 * with the previous one whichever instance ran it.
 */
export const DESKTOP_KIND = "desktop";
export const DESKTOP_PROVIDER = "this-computer";
export const desktopKey = (owner: ConnectionOwner): IntegrationKey => ({ ...owner, kind: DESKTOP_KIND, provider: DESKTOP_PROVIDER });

export type DesktopTrackingConfig = {
  trackMeetings: boolean;
  /** The computer whose meetings are tracked: the one that served the request turning it on. */
  hostname: string;
  /** Platforms in a call at the last look, with when that call started (ISO). */
  inMeeting: Partial<Record<MeetingPlatform, string>>;
  /** When the watcher last looked (ISO), null before its first look. */
  lastCheckedAt: string | null;
};

const isPlatform = (value: string): value is MeetingPlatform => (MEETING_PLATFORMS as readonly string[]).includes(value);

/** The row's config read defensively (it is jsonb: an older or hand-edited shape must not crash the watcher). */
export function readTrackingConfig(
  row: Pick<IntegrationRow, "config" | "enabled">,
  fallbackHostname: string,
): DesktopTrackingConfig {
  const config = row.config ?? {};
  const inMeeting: DesktopTrackingConfig["inMeeting"] = {};
  const stored = config.inMeeting;
  if (stored && typeof stored === "object")
    for (const [platform, startedAt] of Object.entries(stored as Record<string, unknown>))
      if (isPlatform(platform) && typeof startedAt === "string" && !Number.isNaN(Date.parse(startedAt)))
        inMeeting[platform] = startedAt;
  return {
    trackMeetings: row.enabled && config.trackMeetings === true,
    hostname: typeof config.hostname === "string" && config.hostname ? config.hostname : fallbackHostname,
    inMeeting,
    lastCheckedAt: typeof config.lastCheckedAt === "string" ? config.lastCheckedAt : null,
  };
}

/** The conversation id of one call on one computer: a new call each time a meeting starts. */
export function desktopCallId(hostname: string, platform: MeetingPlatform, startedAt: string): string {
  return `${hostname}:${platform}:${startedAt}`;
}

/** The capture event of a desktop call starting or ending (source "desktop", the one pipeline). */
export function desktopEvent(
  row: Pick<IntegrationRow, "accountId" | "userId">,
  options: { hostname: string; platform: MeetingPlatform; startedAt: string; kind: "started" | "ended"; at: Date },
): CaptureEvent {
  const externalCallId = desktopCallId(options.hostname, options.platform, options.startedAt);
  return {
    accountId: row.accountId,
    userId: row.userId,
    source: "desktop",
    eventId: `${externalCallId}:${options.kind}`,
    externalCallId,
    kind: options.kind,
    at: options.at,
    startedAt: options.kind === "ended" ? new Date(options.startedAt) : null,
    platform: options.platform,
    topic: `${PLATFORM_LABELS[options.platform]} meeting on ${options.hostname}`,
    participants: [],
  };
}

/** Every account's switched-on row (the watcher's work list). */
export async function trackingRows(db: Db): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(integrations)
    .where(and(eq(integrations.kind, DESKTOP_KIND), eq(integrations.provider, DESKTOP_PROVIDER), eq(integrations.enabled, true)));
}

/**
 * Stores a new observation only if the row still holds the one this look started from and is still
 * switched on: a look racing a switch-off (or another look) writes nothing and records nothing.
 */
export async function storeObservation(db: Db, row: IntegrationRow, next: DesktopTrackingConfig, at: Date): Promise<boolean> {
  const updated = await db
    .update(integrations)
    .set({ config: next, updatedAt: at })
    .where(
      and(
        eq(integrations.id, row.id),
        eq(integrations.enabled, true),
        sql`${integrations.config} = ${JSON.stringify(row.config)}::jsonb`,
      ),
    )
    .returning({ id: integrations.id });
  return updated.length > 0;
}
