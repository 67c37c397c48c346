import { and, eq, inArray, isNotNull } from "drizzle-orm";
import {
  MEMBER_CONNECTION_LABELS,
  type MemberConnection,
  type MemberConnectionSource,
} from "../../../core/contracts/connections.js";
import { notFound } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { integrations, users } from "../../db/schema/index.js";
import { MAILBOX_KIND } from "../../emails/mailbox-store.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import { FEED_KIND } from "../calendar/feed-integration.js";
import { DESKTOP_KIND } from "../desktop/desktop-tracking.js";
import { MEET_PROVIDER } from "../meet/meet-integration.js";
import { LANDLINE_KIND, MOBILE_KIND } from "../phone/phone-context.js";
import { TEAMS_PROVIDER } from "../teams/teams-integration.js";
import { ZOOM_KIND, ZOOM_PROVIDER } from "../zoom/zoom-integration.js";

/** The kinds a member owns (docs/team.md "Connections per member"); accounting is the practice's. */
const MEMBER_KINDS = [ZOOM_KIND, FEED_KIND, LANDLINE_KIND, MOBILE_KIND, DESKTOP_KIND, MAILBOX_KIND];

/** Which settings tab a row belongs to. */
export function sourceOf(row: Pick<IntegrationRow, "kind" | "provider">): MemberConnectionSource | null {
  if (row.kind === ZOOM_KIND)
    return row.provider === ZOOM_PROVIDER ? "zoom" : row.provider === TEAMS_PROVIDER ? "teams" : row.provider === MEET_PROVIDER ? "meet" : null;
  if (row.kind === FEED_KIND) return "calendar";
  if (row.kind === LANDLINE_KIND) return "phone";
  if (row.kind === MOBILE_KIND) return "mobile";
  if (row.kind === DESKTOP_KIND) return "desktop";
  if (row.kind === MAILBOX_KIND) return "mailbox";
  return null;
}

type Viewer = { accountId: number; userId: number; seesEveryMember: boolean };

/**
 * The capture connections a viewer may see: their own, or (owner/admin) every member's. Status
 * words and times only; the presenter has no field that could carry a secret or a webhook URL.
 */
export async function findMemberConnections(db: Db, viewer: Viewer, only?: { id: number }): Promise<MemberConnection[]> {
  const rows = await db
    .select({
      row: integrations,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(integrations)
    .innerJoin(users, eq(users.id, integrations.userId))
    .where(
      and(
        eq(integrations.accountId, viewer.accountId),
        isNotNull(integrations.userId),
        inArray(integrations.kind, MEMBER_KINDS),
        viewer.seesEveryMember ? undefined : eq(integrations.userId, viewer.userId),
        only ? eq(integrations.id, only.id) : undefined,
      ),
    )
    .orderBy(users.id, integrations.id);
  return rows.flatMap(({ row, email, firstName, lastName }) => {
    const source = sourceOf(row);
    if (!source) return [];
    const name = [firstName, lastName].filter(Boolean).join(" ") || email;
    return [
      {
        id: row.id,
        source,
        label: MEMBER_CONNECTION_LABELS[source],
        provider: row.provider,
        enabled: row.enabled,
        status: row.status,
        lastEventAt: row.lastEventAt ? row.lastEventAt.toISOString() : null,
        lastError: row.lastError,
        connectedAt: row.createdAt.toISOString(),
        member: { id: row.userId!, name, email, isYou: row.userId === viewer.userId },
      },
    ];
  });
}

/** One connection the viewer may see, or a 404 (another member's, to a member, is simply not there). */
export async function getMemberConnection(db: Db, viewer: Viewer, id: number): Promise<MemberConnection> {
  const [found] = await findMemberConnections(db, viewer, { id });
  if (!found) throw notFound("Connection");
  return found;
}

/** The caller's OWN row with this id (disconnect acts only on one's own), or a 404. */
export async function getOwnConnectionRow(db: Db, owner: { accountId: number; userId: number }, id: number): Promise<IntegrationRow> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.accountId, owner.accountId), eq(integrations.userId, owner.userId)))
    .limit(1);
  if (!row || !sourceOf(row)) throw notFound("Connection");
  return row;
}
