import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { CALL_SOURCES_OF } from "../../core/capture/source-status.js";
import type { SetupGuideJson } from "../../core/contracts/capture-health.js";
import type { Db } from "../db/client.js";
import { calls, clients, setupGuides } from "../db/schema/index.js";
import type { SecretBox } from "../http/secrets.js";
import { findSourceHealth } from "./capture-health.js";

/** Every `calls.source` a capture source writes: a call from one of them is "captured", not timed. */
const CAPTURED_CALL_SOURCES = [...new Set([...Object.values(CALL_SOURCES_OF).flat(), "desktop"])];

/**
 * GET /api/setup-guide (docs/first-run.md): the three steps, each read from the data it is about (clients
 * that can be matched, a source set up, a captured call), so the guide is never out of date; only
 * "dismissed" is stored (setup_guides).
 */
export async function getSetupGuide(db: Db, box: SecretBox, options: { accountId: number; now: Date }): Promise<SetupGuideJson> {
  const { accountId, now } = options;
  const [counts] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      matchable: sql<number>`count(*) filter (where ${clients.email} is not null or ${clients.phone} is not null)`.mapWith(Number),
    })
    .from(clients)
    .where(and(eq(clients.accountId, accountId), isNull(clients.archivedAt)));
  const [firstCall] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.accountId, accountId), inArray(calls.source, CAPTURED_CALL_SOURCES)))
    .orderBy(asc(calls.id))
    .limit(1);
  const [guide] = await db.select().from(setupGuides).where(eq(setupGuides.accountId, accountId));
  const connected = (await findSourceHealth(db, box, { accountId }, now)).map((entry) => entry.facts.source);

  const steps = {
    clients: { done: (counts?.matchable ?? 0) > 0, matchable: counts?.matchable ?? 0, total: counts?.total ?? 0 },
    source: { done: connected.length > 0, connected },
    // A test call the user saw counts even once removed: they have seen capture work.
    firstCall: { done: firstCall !== undefined || Boolean(guide?.testCallSeenAt), callId: firstCall?.id ?? null },
  };
  const doneCount = [steps.clients.done, steps.source.done, steps.firstCall.done].filter(Boolean).length;
  return { dismissed: Boolean(guide?.dismissedAt), complete: doneCount === 3, doneCount, steps };
}

/** PUT /api/setup-guide: dismiss (remembered for the account) or show it again. */
export async function updateSetupGuide(db: Db, options: { accountId: number; dismissed: boolean; now: Date }): Promise<void> {
  const dismissedAt = options.dismissed ? options.now : null;
  await db
    .insert(setupGuides)
    .values({ accountId: options.accountId, dismissedAt, updatedAt: options.now })
    .onConflictDoUpdate({ target: setupGuides.accountId, set: { dismissedAt, updatedAt: options.now } });
}

/** "Send a test event" made a call: step 3 is done for good, even after the test call is removed. */
export async function markTestCallSeen(db: Db, options: { accountId: number; now: Date }): Promise<void> {
  await db
    .insert(setupGuides)
    .values({ accountId: options.accountId, testCallSeenAt: options.now, updatedAt: options.now })
    .onConflictDoUpdate({
      target: setupGuides.accountId,
      set: { testCallSeenAt: sql`coalesce(${setupGuides.testCallSeenAt}, excluded.test_call_seen_at)`, updatedAt: options.now },
    });
}
