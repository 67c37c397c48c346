import type { MemberIntegration, TeamOverviewResponse } from "../../core/contracts/team-overview.js";
import { periodRange } from "../../core/period.js";
import { seatLimit } from "../../core/team-seats.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Database } from "../db/client.js";
import { type OverviewRows, type OverviewTexts, teamOverviewStatement } from "./overview-queries.js";
import { presentInvitation, presentMember } from "./team-presenter.js";

const noHours = { capturedSeconds: 0, billedSeconds: 0 };
const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The admin dashboard (issue 26 §5): members with their hours this week and month and their
 * connections' health, seats, and pending invitations, all scoped to the account and read in one
 * prepared statement (overview-queries.ts); the week (Sunday) and the month are the account's, in its
 * time zone (core/period.ts).
 */
export async function readTeamOverview(
  database: Database,
  options: { account: AccountRow; youId: number; now: Date },
): Promise<TeamOverviewResponse> {
  const { account, youId, now } = options;
  const week = periodRange({ kind: "week", timezone: account.timezone, now });
  const month = periodRange({ kind: "month", timezone: account.timezone, now });
  const { statement, params } = teamOverviewStatement({ accountId: account.id, week, month });
  const [texts] = await database.queryRows<OverviewTexts>(statement, params);
  if (!texts) throw new Error("the Team overview's statement returned no row");
  const members = JSON.parse(texts.members) as OverviewRows["members"];
  const hours = new Map<number | null, OverviewRows["hours"][number]>();
  for (const row of JSON.parse(texts.hours) as OverviewRows["hours"]) hours.set(row[0], row);
  // A member's connections, in the statement's order (kind, provider).
  const connections = new Map<number, MemberIntegration[]>();
  for (const [userId, kind, provider, enabled, status, lastEventMs, lastError] of JSON.parse(
    texts.connections,
  ) as OverviewRows["connections"]) {
    const list = connections.get(userId) ?? [];
    list.push({ kind, provider, enabled, status, lastEventAt: isoOf(lastEventMs), lastError });
    connections.set(userId, list);
  }
  const hoursOf = (userId: number | null) => {
    const row = hours.get(userId);
    return row
      ? {
          week: { capturedSeconds: row[1], billedSeconds: row[2] },
          month: { capturedSeconds: row[3], billedSeconds: row[4] },
        }
      : { week: noHours, month: noHours };
  };
  const open = (JSON.parse(texts.invitations) as OverviewRows["invitations"]).map(
    ([id, email, role, createdMs, expiresMs, inviterFirstName, inviterLastName, inviterEmail]) =>
      presentInvitation(
        { id, email, role, createdAt: new Date(createdMs), expiresAt: new Date(expiresMs) },
        { inviterFirstName, inviterLastName, inviterEmail },
        now,
      ),
  );
  return {
    timezone: account.timezone,
    week: { startDate: week.startDate, endDate: week.endDate },
    month: { startDate: month.startDate, endDate: month.endDate },
    seats: { used: members.length, limit: seatLimit(account), invited: open.filter((i) => !i.expired).length },
    members: members.map(([id, email, firstName, lastName, role, lastActiveMs]) => ({
      ...presentMember({ id, email, firstName, lastName, role, lastActiveAt: lastActiveMs === null ? null : new Date(lastActiveMs) }, youId),
      ...hoursOf(id),
      integrations: connections.get(id) ?? [],
    })),
    unattributed: hoursOf(null),
    invitations: open,
  };
}
