import { can } from "./permissions.js";

/**
 * Issue 26 §2, work belongs to a person: which work a signed-in person sees, and whether they see what it is
 * worth. The ONE rule: the server's scoping helper (server/work/work-scope.ts) and presenters ask here, the web
 * asks here to hide columns and cards. docs/team.md.
 */

/** The person asking, as far as these rules care. */
export type Viewer = { userId: number; role: string };

/** The practice's choice "Members may see rates and amounts" (Settings → Team). */
export type RatePolicy = { membersSeeRates: boolean };

/** Owner, admin and billing see the whole practice's work; a member only their own. */
export function seesAllWork(role: string): boolean {
  return can(role, "work:read-all");
}

/**
 * Whose work a query may return: null for the whole practice, else this user's id only. Every read and write
 * of calls, emails, timers and proposals filters by it, so another member's id is a 404 like another account's.
 */
export function workOwnerFilter(viewer: Viewer): number | null {
  return seesAllWork(viewer.role) ? null : viewer.userId;
}

/**
 * May this person see rates and amounts in answers every role shares (dashboard, clients, calls, emails, the
 * session user's default rate)? A role with rates:read always; a member only when the practice allows it.
 */
export function seesRates(role: string, policy: RatePolicy): boolean {
  return can(role, "rates:read") || (role === "member" && policy.membersSeeRates);
}
