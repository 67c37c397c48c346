import { eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { seesRates, workOwnerFilter } from "../../core/work-visibility.js";
import type { AuthContext } from "../auth/sessions.js";

/**
 * Issue 26 §2: whose work a request may read or change. `ownerId` null is the whole practice (owner, admin,
 * billing); a member's own id otherwise. The rule is core/work-visibility.ts; every query of calls, emails,
 * timers and proposals adds `ownedBy(its user_id, scope.ownerId)` beside its account filter, so another
 * member's record answers like another account's: 404, absent from lists, totals, CSV and the live stream.
 */
export type WorkScope = { accountId: number; ownerId: number | null };

export function workScope(auth: AuthContext): WorkScope {
  return { accountId: auth.accountId, ownerId: workOwnerFilter({ userId: auth.userId, role: auth.user.role }) };
}

/** The condition a query adds for its owner column: nothing for the whole practice. */
export function ownedBy(column: AnyPgColumn, ownerId: number | null | undefined): SQL | undefined {
  return ownerId === null || ownerId === undefined ? undefined : eq(column, ownerId);
}

/** Whether the session's answers carry rates and amounts (presenters drop them otherwise). */
export function showsRates(auth: AuthContext): boolean {
  return seesRates(auth.user.role, auth.account);
}

/** A cache key part for answers that differ by scope (the read caches are per account). */
export function scopeKey(scope: WorkScope, rates: boolean): string {
  return `${scope.ownerId ?? "all"}${rates ? "" : " norates"}`;
}
