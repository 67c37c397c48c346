import { z } from "zod";
import { text } from "../../../core/contracts/common.js";
import { AppError } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { markDelivered } from "../../integrations/integration-store.js";
import { sameSecret } from "../../integrations/webhook-verification.js";
import type { SecretBox } from "../../http/secrets.js";
import { findTeamsWebhookTarget, readTeamsSecret } from "./teams-integration.js";
import type { WebhookTarget } from "../webhook-target.js";

/**
 * One delivery to /api/webhooks/teams/{token} (docs/teams.md):
 * - `?validationToken=…`: Graph's handshake (also while POST /subscriptions is still in flight) →
 *   the decoded token as text/plain, for a token that names a Teams row;
 * - `{"value":[…]}`: change notifications. Each item's clientState is compared in constant time with
 *   the row's; a wrong or missing one is ignored. Each valid item is claimed in webhook_events
 *   (provider "teams", "notification:{callRecordId}:{changeType}") so a replay queues nothing, and
 *   becomes a `teams.fetch-call-record` job, claim and job in one transaction
 *   (integrations/webhook-intake.ts: a failure between them leaves no claim, so Graph's retry counts). The answer is 202 at once: Graph wants it within 3 s, and
 *   the call record is fetched by the job. A delivery with no valid item is also a 202 (accepted 0),
 *   so a forger learns nothing and Graph never retries a bad delivery.
 */
export type TeamsWebhookRequest = {
  token: string;
  /** The token's row when the rate-limit hook read it already (null: none); undefined reads it here. */
  target?: WebhookTarget | null;
  validationToken: string | undefined;
  rawBody: string;
  now: Date;
};

export type TeamsWebhookResult =
  | { kind: "validation"; validationToken: string }
  | { kind: "notifications"; accepted: number; accountId: number | null };

/** Claims the notification and queues its fetch in one transaction (integrations/webhook-intake.ts); false for a repeat. */
export type ClaimAndQueueFetch = (
  claim: { eventId: string; accountId: number; receivedAt: Date },
  data: { integrationId: number; callRecordId: string },
) => Promise<boolean>;

/** The webhook_events id of one notification (its call record and change type). */
export const notificationEventId = (callRecordId: string, changeType: string) => `notification:${callRecordId}:${changeType}`;

const UNKNOWN_URL = "Unknown webhook URL: set up Teams in Settings → Integrations";

const notificationSchema = z
  .object({
    subscriptionId: text().max(200).optional().nullable(),
    clientState: text().max(500).optional().nullable(),
    changeType: text().max(50).optional().nullable(),
    resource: text().max(1000).optional().nullable(),
    resourceData: z
      .object({ id: text().max(500).optional().nullable() })
      .loose()
      .optional()
      .nullable(),
  })
  .loose();
const deliverySchema = z.object({ value: z.array(notificationSchema).max(1000) }).loose();

/** The call record a notification names: resourceData.id, else the last segment of `resource`. */
const CALL_RECORD_RESOURCE = /^\/?communications\/callRecords\/(?:\(?'?)([A-Za-z0-9-]{1,100})(?:'?\)?)$/i;
const CALL_RECORD_ID = /^[A-Za-z0-9-]{1,100}$/;

export function callRecordIdOf(item: z.infer<typeof notificationSchema>): string | null {
  const fromData = item.resourceData?.id;
  if (fromData && CALL_RECORD_ID.test(fromData)) return fromData;
  const match = item.resource ? CALL_RECORD_RESOURCE.exec(item.resource) : null;
  return match?.[1] ?? null;
}

export async function receiveTeamsWebhook(
  db: Db,
  box: SecretBox,
  claimAndQueueFetch: ClaimAndQueueFetch | null,
  request: TeamsWebhookRequest,
): Promise<TeamsWebhookResult> {
  const target = request.target !== undefined ? request.target : await findTeamsWebhookTarget(db, request.token);
  if (!target) throw new AppError("not_found", UNKNOWN_URL);
  if (request.validationToken !== undefined) return { kind: "validation", validationToken: request.validationToken };

  const { row } = target;
  const clientState = readTeamsSecret(box, row)?.clientState;
  if (!clientState)
    throw new AppError("service_unavailable", "This webhook's clientState cannot be read: set up Teams again in Settings");

  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    throw new AppError("bad_request", 'The body is not JSON: Graph posts {"value":[…]}');
  }
  const parsed = deliverySchema.safeParse(body);
  if (!parsed.success) throw new AppError("bad_request", 'The body is not a Graph change notification ({"value":[…]})');

  const valid = parsed.data.value.filter((item) => sameSecret(item.clientState, clientState));
  if (valid.length === 0 || !row.enabled) return { kind: "notifications", accepted: 0, accountId: null };
  if (!claimAndQueueFetch)
    throw new AppError("service_unavailable", "The job queue is off: Teams notifications cannot be processed");

  let accepted = 0;
  for (const item of valid) {
    const callRecordId = callRecordIdOf(item);
    if (!callRecordId) continue;
    const eventId = notificationEventId(callRecordId, item.changeType ?? "created");
    const claim = { eventId, accountId: row.accountId, receivedAt: request.now };
    if (await claimAndQueueFetch(claim, { integrationId: row.id, callRecordId })) accepted += 1;
  }
  await markDelivered(db, row, request.now);
  return { kind: "notifications", accepted, accountId: row.accountId };
}
