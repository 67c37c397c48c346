import { and, eq, gte, lt, sql } from "drizzle-orm";
import {
  CALL_SOURCES_OF,
  CAPTURE_SOURCE_IDS,
  CAPTURE_SOURCE_LABELS,
  CAPTURE_STATUS_LABELS,
  type CaptureHealth,
  captureStatusOf,
  type SourceFacts,
} from "../../core/capture/source-status.js";
import type { CaptureHealthJson, CaptureSourceHealthJson } from "../../core/contracts/capture-health.js";
import { periodRange } from "../../core/period.js";
import type { Db } from "../db/client.js";
import { calls } from "../db/schema/index.js";
import type { SecretBox } from "../http/secrets.js";
import { findSourceFacts, type SourcesOwner } from "./source-facts.js";
import { TEST_EVENT_SOURCES } from "./test-events/test-event-sources.js";

export type SourceHealth = { facts: SourceFacts; health: CaptureHealth };

/** Every set-up source of the owner with its health now, quickest first ("off" ones left out). */
export async function findSourceHealth(db: Db, box: SecretBox, owner: SourcesOwner, now: Date): Promise<SourceHealth[]> {
  const facts = await findSourceFacts(db, box, owner);
  return facts
    .map((fact) => ({ facts: fact, health: captureStatusOf(fact, now) }))
    .filter((entry) => entry.health.status !== "off")
    .sort((a, b) => CAPTURE_SOURCE_IDS.indexOf(a.facts.source) - CAPTURE_SOURCE_IDS.indexOf(b.facts.source));
}

/** Captured calls this week (Sunday start, the account's zone) per `calls.source`; test calls left out. */
async function countCallsThisWeek(db: Db, accountId: number, timezone: string, now: Date): Promise<Map<string, number>> {
  const { start, end } = periodRange({ kind: "week", timezone, now });
  const rows = await db
    .select({ source: calls.source, n: sql<number>`count(*)`.mapWith(Number) })
    .from(calls)
    .where(and(eq(calls.accountId, accountId), gte(calls.startedAt, start), lt(calls.startedAt, end), eq(calls.isTest, false)))
    .groupBy(calls.source);
  return new Map(rows.map((row) => [row.source, row.n]));
}

/** GET /api/capture/health: the dashboard's Capture card, for the signed-in member's own sources. */
export async function getCaptureHealth(
  db: Db,
  box: SecretBox,
  options: { accountId: number; userId: number; timezone: string; now: Date },
): Promise<CaptureHealthJson> {
  const { accountId, timezone, now } = options;
  const [entries, counts] = await Promise.all([
    findSourceHealth(db, box, { accountId, userId: options.userId }, now),
    countCallsThisWeek(db, accountId, timezone, now),
  ]);
  const sources = entries.map(({ facts, health }): CaptureSourceHealthJson => ({
    source: facts.source,
    label: CAPTURE_SOURCE_LABELS[facts.source],
    status: health.status,
    statusLabel: CAPTURE_STATUS_LABELS[health.status],
    nativeStatus: facts.nativeStatus,
    lastEventAt: facts.lastEventAt ? facts.lastEventAt.toISOString() : null,
    callsThisWeek: CALL_SOURCES_OF[facts.source].reduce((sum, source) => sum + (counts.get(source) ?? 0), 0),
    problem: health.problem,
    action: health.action,
    canSendTestEvent: TEST_EVENT_SOURCES.includes(facts.source),
  }));
  return { sources };
}
