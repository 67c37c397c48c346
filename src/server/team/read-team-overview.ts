import type { TeamOverviewResponse } from "../../core/contracts/team-overview.js";
import { periodRange } from "../../core/period.js";
import { seatLimit } from "../../core/team-seats.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { findMemberHours, findMemberIntegrations } from "./overview-queries.js";
import { presentInvitation, presentMember } from "./team-presenter.js";
import { findMembers, findOpenInvitations } from "./team-queries.js";

const noHours = { capturedSeconds: 0, billedSeconds: 0 };

/**
 * The admin dashboard (issue 26 §5): members with their hours this week and month and their
 * connections' health, seats, and pending invitations. One query per widget, all scoped to the
 * account; the week (Sunday) and the month are the account's, in its time zone (core/period.ts).
 */
export async function readTeamOverview(
  db: Db,
  options: { account: AccountRow; youId: number; now: Date },
): Promise<TeamOverviewResponse> {
  const { account, youId, now } = options;
  const week = periodRange({ kind: "week", timezone: account.timezone, now });
  const month = periodRange({ kind: "month", timezone: account.timezone, now });
  const [members, hours, connections, invitations] = await Promise.all([
    findMembers(db, account.id),
    findMemberHours(db, { accountId: account.id, week, month }),
    findMemberIntegrations(db, account.id),
    findOpenInvitations(db, account.id),
  ]);
  const hoursOf = (userId: number | null) => {
    const row = hours.find((h) => h.userId === userId);
    return row
      ? {
          week: { capturedSeconds: row.weekCaptured, billedSeconds: row.weekBilled },
          month: { capturedSeconds: row.monthCaptured, billedSeconds: row.monthBilled },
        }
      : { week: noHours, month: noHours };
  };
  const open = invitations.map((row) => presentInvitation(row.invitation, row, now));
  return {
    timezone: account.timezone,
    week: { startDate: week.startDate, endDate: week.endDate },
    month: { startDate: month.startDate, endDate: month.endDate },
    seats: { used: members.length, limit: seatLimit(account), invited: open.filter((i) => !i.expired).length },
    members: members.map((member) => ({
      ...presentMember(member, youId),
      ...hoursOf(member.id),
      integrations: connections
        .filter((c) => c.userId === member.id)
        .map(({ userId: _userId, lastEventAt, ...rest }) => ({ ...rest, lastEventAt: lastEventAt?.toISOString() ?? null })),
    })),
    unattributed: hoursOf(null),
    invitations: open,
  };
}
