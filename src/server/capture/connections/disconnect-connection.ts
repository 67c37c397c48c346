import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { SecretBox } from "../../http/secrets.js";
import { deleteIntegration } from "../../integrations/integration-store.js";
import { removeFeed } from "../calendar/save-feed.js";
import { setTracking } from "../desktop/tracking-settings.js";
import { disconnectMeet } from "../meet/disconnect-meet.js";
import { disconnectTeams } from "../teams/teams-setup.js";
import { disconnectZoom } from "../zoom/zoom-integration.js";
import { getOwnConnectionRow, sourceOf } from "./member-connections.js";

/**
 * DELETE /api/integrations/connections/{id}: one of the caller's OWN capture connections, through
 * that provider's own disconnect (Meet revokes its token, Teams deletes its subscription, a feed's
 * open proposals are dismissed, desktop tracking ends its open calls). Another member's id is a 404.
 */
export async function disconnectOwnConnection(
  db: Db,
  box: SecretBox,
  config: Config,
  options: { accountId: number; userId: number; id: number; now: Date },
): Promise<void> {
  const owner = { accountId: options.accountId, userId: options.userId };
  const row = await getOwnConnectionRow(db, owner, options.id);
  const source = sourceOf(row);
  if (source === "zoom") await disconnectZoom(db, owner);
  else if (source === "calendar") await removeFeed(db, owner, options.now);
  else if (source === "meet") await disconnectMeet(db, box, config, { ...owner, now: options.now });
  else if (source === "teams") await disconnectTeams({ db, box, config, now: options.now }, owner);
  else {
    if (source === "desktop") await setTracking(db, box, { ...owner, enabled: false, now: options.now });
    await deleteIntegration(db, { ...owner, kind: row.kind, provider: row.provider });
  }
}
