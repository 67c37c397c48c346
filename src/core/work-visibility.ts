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

/**
 * Every rate or amount field of the answers every role shares (contracts mark each with `rateField`): calls,
 * tracked emails, clients and their totals, the client log's period totals, the dashboard, the session user's
 * default rate.
 */
export const RATE_FIELDS: ReadonlySet<string> = new Set([
  "amount",
  "billableAmount",
  "rate",
  "billingRate",
  "effectiveBillingRate",
  "callRevenue",
  "emailRevenue",
  "totalRevenue",
  "defaultBillingRate",
  "callAmount",
  "unbilledCallAmount",
  "emailAmount",
  "revenue",
]);

/** A copy of an answer without any RATE_FIELDS, at any depth (arrays and pages included). */
export function withoutRates<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutRates) as T;
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (!RATE_FIELDS.has(key)) kept[key] = withoutRates(field);
  return kept as T;
}
