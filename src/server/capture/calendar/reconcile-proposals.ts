import { and, count, eq, gt, inArray, or } from "drizzle-orm";
import { MAX_NEW_PROPOSALS_PER_POLL, MAX_OPEN_PROPOSALS_PER_FEED } from "../../../core/capture/calendar/feed-bounds.js";
import type { FeedWindow } from "../../../core/capture/calendar/feed-window.js";
import type { Db } from "../../db/client.js";
import { type CallParticipant, callProposals } from "../../db/schema/index.js";
import { PROPOSAL_SOURCE } from "./feed-integration.js";
import type { MatchedOccurrence } from "./match-occurrences.js";

/**
 * The feed's meetings → the account's proposals (docs/calendar-capture.md), in one transaction, keyed by
 * (account, "ics", occurrence key). Only a "proposed" (or "cancelled") proposal follows the feed: a
 * moved meeting moves it, a cancelled one (STATUS:CANCELLED, EXDATE, gone from the feed, or no client
 * among its attendees any more) cancels it, one that comes back reopens it. "confirmed" and
 * "dismissed" are the user's decisions and the feed never changes them.
 *
 * Bounded (core/capture/calendar/feed-bounds.ts): a poll opens at most MAX_NEW_PROPOSALS_PER_POLL
 * proposals (new or reopened, the most recent meetings first), and never more than
 * MAX_OPEN_PROPOSALS_PER_FEED wait at once; what is held back is counted (`heldBack`) for the screen
 * and follows on later polls. When the read was cut (`complete` false), a proposal whose meeting was
 * not read is left alone: only what was read is judged "gone".
 */
export type ReconcileCounts = { newProposals: number; updatedProposals: number; cancelledProposals: number };
export type HeldBack = { perPoll: number; open: number };

type ProposalRow = typeof callProposals.$inferSelect;
const FOLLOWS_FEED = new Set(["proposed", "cancelled"]);

export async function reconcileProposals(
  db: Db,
  options: {
    accountId: number;
    userId: number | null;
    occurrences: readonly MatchedOccurrence[];
    window: FeedWindow;
    now: Date;
    /** False when the read was cut by a bound: only the meetings read can be judged gone. */
    complete?: boolean;
  },
): Promise<ReconcileCounts & { heldBack: HeldBack }> {
  const { accountId, now } = options;
  const live = options.occurrences
    .filter((occurrence) => !occurrence.cancelled && occurrence.clientId !== null)
    .sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime());
  const readKeys = new Set(options.occurrences.map((occurrence) => occurrence.key));
  // Rows are looked up by key only for meetings that can change one (a client, a cancellation, a move);
  // the rest of the window's rows are found by their end. A feed of thousands of meetings with no
  // client asks for none of them by key (PGlite runs on the server's thread).
  const keys = options.occurrences
    .filter((o) => o.clientId !== null || o.cancelled || !o.key.endsWith(`@${o.startsAt.toISOString()}`))
    .map((occurrence) => occurrence.key);
  const counts: ReconcileCounts = { newProposals: 0, updatedProposals: 0, cancelledProposals: 0 };
  const heldBack: HeldBack = { perPoll: 0, open: 0 };
  await db.transaction(async (tx) => {
    const mine = and(eq(callProposals.accountId, accountId), eq(callProposals.source, PROPOSAL_SOURCE));
    // Everything the feed could touch: its current keys, and every proposal of the window (for "vanished").
    const inWindow = gt(callProposals.endsAt, options.window.from);
    const existing = await tx
      .select()
      .from(callProposals)
      .where(and(mine, keys.length ? or(inWindow, inArray(callProposals.externalId, keys)) : inWindow))
      .for("update");
    const byKey = new Map(existing.map((row) => [row.externalId, row]));
    const liveKeys = new Set<string>();
    const [open] = await tx
      .select({ n: count() })
      .from(callProposals)
      .where(and(mine, eq(callProposals.status, "proposed")));
    let pollRoom = MAX_NEW_PROPOSALS_PER_POLL;
    let openRoom = MAX_OPEN_PROPOSALS_PER_FEED - (open?.n ?? 0);
    /** May one more proposal open? Counts what is held back, and by which bound. */
    const mayOpen = () => {
      if (pollRoom > 0 && openRoom > 0) {
        pollRoom -= 1;
        openRoom -= 1;
        return true;
      }
      if (openRoom <= 0) heldBack.open += 1;
      else heldBack.perPoll += 1;
      return false;
    };

    for (const occurrence of live) {
      liveKeys.add(occurrence.key);
      const values = {
        clientId: occurrence.clientId,
        title: occurrence.title,
        startsAt: occurrence.startsAt,
        endsAt: occurrence.endsAt,
        attendees: occurrence.attendees,
        platform: occurrence.platform,
      };
      const row = byKey.get(occurrence.key);
      if (!row) {
        if (!mayOpen()) continue;
        await tx
          .insert(callProposals)
          .values({
            accountId,
            userId: options.userId,
            source: PROPOSAL_SOURCE,
            externalId: occurrence.key,
            ...values,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing();
        counts.newProposals += 1;
      } else if (FOLLOWS_FEED.has(row.status) && (row.status === "cancelled" || differs(row, values))) {
        if (row.status === "cancelled" && !mayOpen()) continue;
        await tx
          .update(callProposals)
          .set({ ...values, status: "proposed", updatedAt: now })
          .where(and(eq(callProposals.id, row.id), inArray(callProposals.status, [...FOLLOWS_FEED])));
        counts.updatedProposals += 1;
      }
    }
    const judged = (key: string) => options.complete !== false || readKeys.has(key);
    const gone = existing
      .filter((row) => row.status === "proposed" && !liveKeys.has(row.externalId) && judged(row.externalId))
      .map((row) => row.id);
    if (gone.length) {
      await tx
        .update(callProposals)
        .set({ status: "cancelled", updatedAt: now })
        .where(and(mine, inArray(callProposals.id, gone), eq(callProposals.status, "proposed")));
      counts.cancelledProposals += gone.length;
    }
  });
  return { ...counts, heldBack };
}

function differs(
  row: ProposalRow,
  values: {
    clientId: number | null;
    title: string | null;
    startsAt: Date;
    endsAt: Date;
    attendees: CallParticipant[];
    platform: string | null;
  },
): boolean {
  return (
    row.clientId !== values.clientId ||
    row.platform !== values.platform ||
    row.title !== values.title ||
    row.startsAt.getTime() !== values.startsAt.getTime() ||
    row.endsAt.getTime() !== values.endsAt.getTime() ||
    attendeesText(row.attendees) !== attendeesText(values.attendees)
  );
}

/** Attendees compared by content: jsonb gives keys back in its own order. */
function attendeesText(attendees: readonly CallParticipant[]): string {
  return JSON.stringify(attendees.map((person) => [person.name ?? null, person.email ?? null, person.self === true]));
}
