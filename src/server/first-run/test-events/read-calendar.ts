import type { TestEventResultJson } from "../../../core/contracts/capture-health.js";
import { AppError } from "../../../core/errors.js";
import { fetchOptionsFor, pollFeedRow } from "../../capture/calendar/poll-feed.js";
import { findProposals } from "../../capture/calendar/proposal-queries.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";

/** How many found meetings the answer lists (the dashboard's "Meetings to confirm" shows them all). */
const SHOWN = 10;

/**
 * A calendar's "test": it has no events to play, so the feed is read now (the poll job's own
 * conditional GET) and the meetings it found with a client among the attendees are listed; each is
 * one click from a priced call under "Meetings to confirm".
 */
export async function readCalendarNow(
  db: Db,
  box: SecretBox,
  config: Config,
  row: IntegrationRow,
  now: Date,
): Promise<TestEventResultJson> {
  const outcome = await pollFeedRow(db, box, { row, fetch: fetchOptionsFor(config), now });
  if (outcome.error) throw new AppError("bad_gateway", `The calendar could not be read: ${outcome.error}`);
  const proposals = await findProposals(db, { accountId: row.accountId, ownerId: null }, { status: "proposed", limit: SHOWN });
  const meetings = proposals.map((p) => ({
    id: p.id,
    title: p.title,
    clientName: p.clientName,
    startsAt: p.startsAt,
    durationSeconds: p.durationSeconds,
  }));
  const message =
    meetings.length === 0
      ? "Your calendar was read: no meeting of the last 30 days has a client among its guests. Add your clients' email addresses, or wait for your next meeting."
      : `Your calendar was read: ${meetings.length} ${meetings.length === 1 ? "meeting" : "meetings"} with a client to confirm under Meetings to confirm.`;
  return { source: "calendar", kind: "meetings", message, callId: null, meetings };
}
