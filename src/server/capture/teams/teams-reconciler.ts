import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import type { CaptureEvent } from "../capture-event.js";
import { ReconcileFailure, type ReconcileBatch, type ReconcileContext, type Reconciler } from "../reconcile/reconciler.js";
import { callRecordEvents } from "./call-record-events.js";
import { GraphFailure, getCallRecord, graphClient, listCallRecordsPage } from "./graph.js";
import { acquireGraphToken, MicrosoftAuthError, type TeamsCredentials } from "./identity.js";
import { readTeamsSecret, teamsConfigOf } from "./teams-integration.js";
import { credentialsOf } from "./teams-subscription.js";

/**
 * Graph's own record → the capture events the change notifications would have made (docs/teams.md):
 * `GET /communications/callRecords?$filter=startDateTime ge …` (Graph keeps 30 days; the list carries
 * no participants), then for each record not yet captured and ended, the record and its
 * participants_v2 exactly as the `teams.fetch-call-record` job reads them, through the same
 * callRecordEvents: same event id (`callRecord:{id}:v{version}`), so a record whose notification did
 * arrive is a duplicate.
 */
const MAX_PAGES = 200;

function failureOf(error: unknown): ReconcileFailure {
  if (error instanceof GraphFailure || error instanceof MicrosoftAuthError) return new ReconcileFailure(error.message);
  throw error;
}

export const teamsReconciler: Reconciler = {
  missing(row: IntegrationRow, box: SecretBox) {
    return credentialsOf(row, readTeamsSecret(box, row))
      ? null
      : "Enter your Entra app's tenant ID, client ID and client secret to read Microsoft's call records.";
  },

  async *read(context: ReconcileContext): AsyncGenerator<ReconcileBatch> {
    const { row, config, window } = context;
    const credentials = credentialsOf(row, readTeamsSecret(context.box, row)) as TeamsCredentials;
    // A client per request: each carries its own deadline.
    const client = async () => graphClient(config, await acquireGraphToken(config, credentials));
    const owner = {
      accountId: row.accountId,
      userId: row.userId,
      ownerEmail: context.ownerEmail,
      ownerObjectId: teamsConfigOf(row).ownerObjectId,
    };
    let from: { since: Date } | { nextLink: string } = { since: window.start };
    for (let page = 0; page < MAX_PAGES; page += 1) {
      let listed: Awaited<ReturnType<typeof listCallRecordsPage>>;
      try {
        listed = await listCallRecordsPage(await client(), from);
      } catch (error) {
        throw failureOf(error);
      }
      const known = await context.endedCalls(
        "teams",
        listed.records.map((record) => record.id),
      );
      const events: CaptureEvent[] = [];
      for (const summary of listed.records) {
        if (!summary.id || known.has(summary.id)) continue;
        const end = summary.endDateTime ? Date.parse(summary.endDateTime) : Number.NaN;
        if (!Number.isNaN(end) && end > window.end.getTime()) continue; // the next run reads it
        let fetched: Awaited<ReturnType<typeof getCallRecord>>;
        try {
          fetched = await getCallRecord(await client(), summary.id);
        } catch (error) {
          if (error instanceof GraphFailure && error.status === 404) continue; // expired meanwhile
          throw failureOf(error);
        }
        events.push(...callRecordEvents(owner, fetched.record, fetched.participants, context.now));
      }
      yield { records: listed.records.length, events };
      if (!listed.nextLink) return;
      from = { nextLink: listed.nextLink };
    }
  },
};
