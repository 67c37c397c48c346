import { and, eq, inArray } from "drizzle-orm";
import type { CaptureSourceId, SourceFacts } from "../../core/capture/source-status.js";
import { feedStatusOf, presentFeed, FEED_KIND, FEED_PROVIDER } from "../capture/calendar/feed-integration.js";
import { meetStatusOf, presentMeet, MEET_PROVIDER, readMeetSecret } from "../capture/meet/meet-integration.js";
import { landlineStatus, presentLandline } from "../capture/phone/landline-settings.js";
import { findIntegrationMethods, mobileStatus, presentMobile } from "../capture/phone/mobile-settings.js";
import { LANDLINE_KIND, MOBILE_KIND } from "../capture/phone/phone-context.js";
import { presentTeams, TEAMS_PROVIDER, teamsStatusOf } from "../capture/teams/teams-integration.js";
import { presentZoom, ZOOM_KIND, ZOOM_PROVIDER, zoomStatusOf } from "../capture/zoom/zoom-integration.js";
import { landlineSecretOf } from "../capture/phone/phone-secrets.js";
import type { Db } from "../db/client.js";
import { integrations } from "../db/schema/index.js";
import { type IntegrationRow, ownedBy } from "../integrations/integration-store.js";
import type { SecretBox } from "../http/secrets.js";

const instantOrNull = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

/**
 * Whose sources: a member's own (`userId` a number), or, for the practice's first-run guide, any
 * member's (`userId` undefined: the first row of each source in the account).
 */
export type SourcesOwner = { accountId: number; userId?: number | null };

/**
 * The facts of every source the owner has set up, each read through that source's own status
 * rule and presenter (the same status its settings tab shows, in the integrations' vocabulary and in
 * the tab's word), so capture health maps exactly what the user sees there. One query for the rows;
 * the mobile's methods need a second. Nothing secret leaves: the presenters never return secrets.
 */
export async function findSourceFacts(db: Db, box: SecretBox, owner: SourcesOwner): Promise<SourceFacts[]> {
  const { accountId } = owner;
  const rows = await db
    .select()
    .from(integrations)
    .where(
      and(
        owner.userId === undefined
          ? eq(integrations.accountId, accountId)
          : ownedBy({ accountId, userId: owner.userId }),
        inArray(integrations.kind, [ZOOM_KIND, LANDLINE_KIND, MOBILE_KIND, FEED_KIND]),
      ),
    )
    .orderBy(integrations.id);
  const of = (kind: string, provider?: string) => rows.find((r) => r.kind === kind && (!provider || r.provider === provider));
  const facts: SourceFacts[] = [];
  const add = (source: CaptureSourceId, row: IntegrationRow, fact: Omit<SourceFacts, "source" | "connectedAt" | "enabled">) =>
    facts.push({ source, connectedAt: row.createdAt, enabled: row.enabled, ...fact });

  const feed = of(FEED_KIND, FEED_PROVIDER);
  if (feed) {
    const json = presentFeed(feed, 0);
    add("calendar", feed, {
      status: feedStatusOf(feed),
      nativeStatus: json.status,
      lastEventAt: feed.lastSyncAt,
      lastError: json.lastError,
      expiresAt: null,
    });
  }
  const zoom = of(ZOOM_KIND, ZOOM_PROVIDER);
  if (zoom) {
    const json = presentZoom(box, zoom, "");
    add("zoom", zoom, {
      status: zoomStatusOf(zoom),
      nativeStatus: json.status,
      lastEventAt: zoom.lastEventAt,
      lastError: zoom.lastError,
      expiresAt: null,
    });
  }
  const teams = of(ZOOM_KIND, TEAMS_PROVIDER);
  if (teams) {
    const json = presentTeams(box, teams, "");
    add("teams", teams, {
      status: teamsStatusOf(teams),
      nativeStatus: json.status,
      lastEventAt: teams.lastEventAt,
      lastError: json.lastError,
      expiresAt: instantOrNull(json.subscriptionExpiresAt),
    });
  }
  const meet = of(ZOOM_KIND, MEET_PROVIDER);
  if (meet) {
    const json = presentMeet(box, meet, "");
    add("meet", meet, {
      status: meetStatusOf(meet, readMeetSecret(box, meet)),
      nativeStatus: json.status,
      lastEventAt: meet.lastEventAt,
      lastError: json.lastError,
      expiresAt: instantOrNull(json.channelExpiresAt),
    });
  }
  const landline = of(LANDLINE_KIND);
  if (landline) {
    const json = presentLandline(landline, box, "");
    add("phone", landline, {
      status: landlineStatus(landline, landlineSecretOf(box, landline)).status,
      nativeStatus: json.status,
      lastEventAt: landline.lastEventAt,
      lastError: json.lastError,
      expiresAt: null,
    });
  }
  const mobile = of(MOBILE_KIND);
  if (mobile) {
    const methods = await findIntegrationMethods(db, accountId);
    const json = presentMobile(mobile, methods);
    const times = methods.flatMap((m) => (m.lastEventAt ? [new Date(m.lastEventAt).getTime()] : []));
    add("mobile", mobile, {
      status: mobileStatus(mobile, methods),
      nativeStatus: json.status,
      lastEventAt: times.length ? new Date(Math.max(...times)) : null,
      lastError: null,
      expiresAt: null,
    });
  }
  return facts;
}
