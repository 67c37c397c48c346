import { z } from "zod";
import { text } from "../../../core/contracts/common.js";
import { AppError } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { sameSecret } from "../../integrations/webhook-verification.js";
import type { SecretBox } from "../../http/secrets.js";
import { findTeamsWebhookTarget, readTeamsSecret, teamsConfigOf } from "./teams-integration.js";
import type { TeamsWebhookRequest } from "./receive-teams-webhook.js";

/**
 * One delivery to the subscription's lifecycleNotificationUrl, /api/webhooks/teams/{token}/lifecycle
 * (Microsoft Graph "lifecycle notifications"): the same validationToken handshake as
 * the notification URL, then `{"value":[{subscriptionId, clientState, lifecycleEvent, …}]}` where
 * lifecycleEvent is reauthorizationRequired (renew now), subscriptionRemoved (Graph dropped the
 * subscription: make a new one and reconcile the gap) or missed (some notifications were not
 * delivered: reconcile). Each item with the row's clientState, for the row's own subscription, is
 * claimed and becomes a `teams.lifecycle` job, claim and job in one transaction; the answer is 202 at
 * once, whatever arrived, so a forger learns nothing.
 */
export const LIFECYCLE_EVENTS = ["reauthorizationRequired", "subscriptionRemoved", "missed"] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

export type TeamsLifecycleJob = { integrationId: number; lifecycleEvent: LifecycleEvent; subscriptionId: string };

export type ClaimAndQueueLifecycle = (
  claim: { eventId: string; accountId: number; receivedAt: Date },
  data: TeamsLifecycleJob,
) => Promise<boolean>;

const itemSchema = z
  .object({
    subscriptionId: text().max(200).optional().nullable(),
    clientState: text().max(500).optional().nullable(),
    lifecycleEvent: text().max(100).optional().nullable(),
    subscriptionExpirationDateTime: text().max(100).optional().nullable(),
  })
  .loose();
const deliverySchema = z.object({ value: z.array(itemSchema).max(1000) }).loose();

export type TeamsLifecycleResult = { kind: "validation"; validationToken: string } | { kind: "notifications"; accepted: number };

export async function receiveTeamsLifecycle(
  db: Db,
  box: SecretBox,
  claimAndQueue: ClaimAndQueueLifecycle | null,
  request: TeamsWebhookRequest,
): Promise<TeamsLifecycleResult> {
  const target = request.target !== undefined ? request.target : await findTeamsWebhookTarget(db, request.token);
  if (!target) throw new AppError("not_found", "Unknown webhook URL: set up Teams in Settings → Integrations");
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
  if (!parsed.success) throw new AppError("bad_request", 'The body is not a Graph lifecycle notification ({"value":[…]})');
  const subscriptionId = teamsConfigOf(row).subscriptionId;
  const valid = parsed.data.value.filter(
    (item) =>
      sameSecret(item.clientState, clientState) &&
      (LIFECYCLE_EVENTS as readonly string[]).includes(item.lifecycleEvent ?? "") &&
      item.subscriptionId === subscriptionId,
  );
  if (valid.length === 0 || !row.enabled) return { kind: "notifications", accepted: 0 };
  if (!claimAndQueue)
    throw new AppError("service_unavailable", "The job queue is off: Teams lifecycle events cannot be processed");
  let accepted = 0;
  for (const item of valid) {
    const lifecycleEvent = item.lifecycleEvent as LifecycleEvent;
    // A replay of the same event for the same subscription life changes nothing; "missed" may recur
    // within one life, so it is one per minute (a burst of them makes one reconciliation).
    const life =
      lifecycleEvent === "missed" ? request.now.toISOString().slice(0, 16) : (item.subscriptionExpirationDateTime ?? "");
    const eventId = `lifecycle:${item.subscriptionId}:${lifecycleEvent}:${life}`;
    const claim = { eventId, accountId: row.accountId, receivedAt: request.now };
    if (await claimAndQueue(claim, { integrationId: row.id, lifecycleEvent, subscriptionId: item.subscriptionId! }))
      accepted += 1;
  }
  return { kind: "notifications", accepted };
}
