import { and, eq, inArray, sql } from "drizzle-orm";
import { CAPTURE_SOURCE_LABELS, CAPTURE_STATUS_LABELS, isBroken } from "../../core/capture/source-status.js";
import type { CaptureProblemData } from "../../core/contracts/capture-health.js";
import type { Db } from "../db/client.js";
import { integrations, notifications } from "../db/schema/index.js";
import type { SecretBox } from "../http/secrets.js";
import { FEED_KIND } from "../capture/calendar/feed-integration.js";
import { LANDLINE_KIND, MOBILE_KIND } from "../capture/phone/phone-context.js";
import { ZOOM_KIND } from "../capture/zoom/zoom-integration.js";
import { findSourceHealth } from "./capture-health.js";

export const CAPTURE_PROBLEM = "capture_problem";
export const CHECK_CAPTURE_HEALTH_JOB = "capture.check-health";

/**
 * Raises one "a source broke" notification per breakage (docs/first-run.md): the same status that the
 * Capture card shows, with its sentence and fixing action. A breakage is named by its key (source,
 * status and what anchors it: the last event, the error's words, the expiry), so it is notified
 * once, however often the check runs, and a source that recovers and breaks again is notified again.
 * The insert is conditional in one statement, so two checks at once cannot both notify.
 */
export async function notifyCaptureProblems(
  db: Db,
  box: SecretBox,
  options: { accountId: number; userId: number | null; now: Date },
): Promise<number> {
  const entries = await findSourceHealth(db, box, { accountId: options.accountId, userId: options.userId }, options.now);
  let raised = 0;
  for (const { facts, health } of entries) {
    if (!isBroken(health.status) || !health.breakageKey || !health.problem) continue;
    const data: CaptureProblemData = {
      source: facts.source,
      status: health.status,
      breakageKey: health.breakageKey,
      action: health.action,
    };
    const title = `${CAPTURE_SOURCE_LABELS[facts.source]}: ${CAPTURE_STATUS_LABELS[health.status].toLowerCase()}`;
    const inserted = await db.execute(sql`
      insert into ${notifications} (account_id, kind, title, message, data, created_at)
      select ${options.accountId}, ${CAPTURE_PROBLEM}, ${title}, ${health.problem}, ${JSON.stringify(data)}::jsonb, ${options.now.toISOString()}::timestamptz
      where not exists (
        select 1 from ${notifications}
        where account_id = ${options.accountId} and kind = ${CAPTURE_PROBLEM} and data->>'breakageKey' = ${health.breakageKey})
      returning id`);
    raised += rowCount(inserted);
  }
  return raised;
}

function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : 0;
}

/** The members with a capture source set up (each member's sources are their own): the only ones the check reads. */
export async function findOwnersWithSources(db: Db): Promise<{ accountId: number; userId: number | null }[]> {
  return db
    .selectDistinct({ accountId: integrations.accountId, userId: integrations.userId })
    .from(integrations)
    .where(and(inArray(integrations.kind, [ZOOM_KIND, LANDLINE_KIND, MOBILE_KIND, FEED_KIND]), eq(integrations.enabled, true)));
}
