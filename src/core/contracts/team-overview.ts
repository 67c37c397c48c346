import { z } from "zod";
import { text } from "./common.js";
import { count, day, instant } from "./response-fields.js";
import { teamInvitation, teamMember } from "./team.js";

/**
 * GET /api/team/overview: the Team plan's admin dashboard (issue 26 §5, docs/team.md "Team overview"),
 * owner and admin only. Hours are whole seconds (the page formats them); periods are the account's
 * week (Sunday) and month in its time zone (core/period.ts).
 */
const hours = z.object({
  /** Ended, non-test calls the member captured that started in the period. */
  capturedSeconds: count,
  /** The billed time (after rounding and minimums) of those calls that are on an invoice. */
  billedSeconds: count,
});

export const memberIntegration = z.object({
  kind: text(),
  provider: text(),
  enabled: z.boolean(),
  status: text(),
  /** When a verified event last arrived from it. */
  lastEventAt: instant.nullable(),
  /** The last error it reported; null when healthy. */
  lastError: text().nullable(),
});
export type MemberIntegration = z.infer<typeof memberIntegration>;

export const overviewMember = teamMember.extend({
  week: hours,
  month: hours,
  integrations: z.array(memberIntegration),
});
export type OverviewMember = z.infer<typeof overviewMember>;

export const teamOverviewResponse = z.object({
  timezone: text(),
  week: z.object({ startDate: day, endDate: day }),
  month: z.object({ startDate: day, endDate: day }),
  seats: z.object({
    /** Members (what Stripe bills on the Team plan). */
    used: count,
    /** The plan's limit (5 in the Team trial, 1 on Individual); null for none. */
    limit: count.nullable(),
    /** Open invitations that can still be accepted. */
    invited: count,
  }),
  members: z.array(overviewMember),
  /** Calls attributed to nobody (captured before the Team plan, or by a connection without a member). */
  unattributed: z.object({ week: hours, month: hours }),
  invitations: z.array(teamInvitation),
});
export type TeamOverviewResponse = z.infer<typeof teamOverviewResponse>;
