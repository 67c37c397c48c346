import type { PlatformTrackingJson } from "../../../core/contracts/platform-detection.js";
import type { Db } from "../../db/client.js";
import { integrations } from "../../db/schema/index.js";
import { AppError } from "../../../core/errors.js";
import { type ConnectionOwner, findIntegration, rowOf, saveIntegration } from "../../integrations/integration-store.js";
import { isUniqueViolation } from "../../http/database-errors.js";
import type { SecretBox } from "../../http/secrets.js";
import { type DesktopTrackingConfig, desktopKey, readTrackingConfig } from "./desktop-tracking.js";
import { thisComputer } from "./observe-computer.js";
import { endOpenDesktopCalls } from "./watch-meetings.js";

/** Why switching on was refused: another account already tracks this computer (docs/security.md). */
export const trackedElsewhere = (hostname: string) =>
  `Another account already tracks meetings on ${hostname}: only one account at a time can, so a meeting is never recorded (and billed) twice. It must switch tracking off first.`;

/** GET /api/platform/tracking's answer. */
export function presentTracking(config: DesktopTrackingConfig | null, watcherRunning: boolean): PlatformTrackingJson {
  return {
    enabled: config?.trackMeetings ?? false,
    computer: { hostname: config?.hostname ?? thisComputer().hostname },
    inMeeting: config ? (Object.keys(config.inMeeting) as PlatformTrackingJson["inMeeting"]) : [],
    lastCheckedAt: config?.lastCheckedAt ?? null,
    watcherRunning,
  };
}

export async function readTracking(db: Db, owner: ConnectionOwner): Promise<DesktopTrackingConfig | null> {
  const row = await findIntegration(db, desktopKey(owner));
  return row ? readTrackingConfig(row, thisComputer().hostname) : null;
}

/**
 * Switches tracking on (for this computer, the one serving the request) or off. Switching off ends
 * the calls the watcher holds open, at this moment, through the pipeline; the row is locked while
 * it changes, so a look running meanwhile stores nothing (desktop-tracking.ts storeObservation).
 * Switching on again keeps nothing of an older observation: the next look starts afresh.
 */
export async function setTracking(
  db: Db,
  box: SecretBox,
  options: { accountId: number; userId: number; enabled: boolean; now: Date },
): Promise<DesktopTrackingConfig> {
  const key = desktopKey({ accountId: options.accountId, userId: options.userId });
  const hostname = thisComputer().hostname;
  const { previous, next, owner } = await db
    .transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(integrations)
        .where(rowOf(key))
        .for("update");
      const previous = locked ? readTrackingConfig(locked, hostname) : null;
      const keepOpen = options.enabled && previous?.trackMeetings && previous.hostname === hostname;
      const next: DesktopTrackingConfig = {
        trackMeetings: options.enabled,
        hostname,
        inMeeting: keepOpen ? previous.inMeeting : {},
        lastCheckedAt: keepOpen ? previous.lastCheckedAt : null,
      };
      const row = await saveIntegration(
        tx,
        box,
        key,
        {
          enabled: options.enabled,
          status: options.enabled ? "awaiting_events" : "not_connected",
          config: next,
          lastError: null,
        },
        options.now,
      );
      return {
        previous: keepOpen ? null : previous,
        next,
        owner: { accountId: row.accountId, userId: locked?.userId ?? row.userId },
      };
    })
    .catch((error: unknown) => {
      // The database allows one switched-on row per computer (integrations_desktop_hostname_key).
      if (options.enabled && isUniqueViolation(error)) throw new AppError("conflict", trackedElsewhere(hostname));
      throw error;
    });
  if (previous) await endOpenDesktopCalls(db, owner, previous, options.now);
  return next;
}
