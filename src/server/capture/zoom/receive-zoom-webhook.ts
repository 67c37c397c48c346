import type { ZoomWebhookResponse } from "../../../core/contracts/zoom.js";
import { AppError } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { markDelivered } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import type { DeferredWebhookCount } from "../../integrations/webhook-rate-limit.js";
import type { CaptureEvent } from "../capture-event.js";
import { isPastTheLimit } from "../capture-queries.js";
import { recordCaptureEvent, recordRememberedCaptureEvent } from "../record-capture-event.js";
import type { WebhookTarget } from "../webhook-target.js";
import { parseZoomDelivery, ZoomPayloadError } from "./zoom-events.js";
import { findZoomWebhookTarget, learnZoomAccountId, readZoomSecret } from "./zoom-integration.js";
import { verifyZoomSignature, zoomEncryptedToken } from "./zoom-signature.js";

export type ZoomWebhookRequest = {
  token: string;
  /** The token's integration when the rate-limit hook read it already (null: none); undefined reads it here. */
  target?: WebhookTarget | null;
  /** Set when `target` is one the scope remembered: the delivery is not counted yet (webhook-rate-limit.ts). */
  deferredCount?: DeferredWebhookCount;
  signature: string | undefined;
  timestamp: string | undefined;
  rawBody: string;
  now: Date;
};

/** What happened, for the route's answer and for dropping the account's cached screens. */
export type ZoomWebhookResult = { answer: ZoomWebhookResponse; accountId: number | null };

const UNKNOWN_URL = "Unknown webhook URL: set up Zoom in Settings → Integrations and paste the URL it shows";

/**
 * One delivery to /api/webhooks/zoom/{token} (docs/capture-pipeline.md): the token
 * picks the account's row, whose Secret Token must have signed the exact raw body within the
 * freshness window; only then is the body parsed. URL validation is answered; meeting events become
 * capture events recorded by the one pipeline (idempotent on the event id); other event types are
 * acknowledged and ignored. Every refusal happens before anything is written.
 */
export async function receiveZoomWebhook(db: Db, box: SecretBox, request: ZoomWebhookRequest): Promise<ZoomWebhookResult> {
  const { deferredCount } = request;
  const target = request.target !== undefined ? request.target : await findZoomWebhookTarget(db, request.token);
  if (!deferredCount) return receiveFromTheRow(db, box, request, target);
  // A remembered target: checked against the row by the event's opening statement, counted by its last one.
  let answer: ZoomWebhookResult | typeof READ_AGAIN;
  try {
    answer = await receive(db, box, request, target, deferredCount);
  } catch (error) {
    // Refused before it was counted (a bad body): counted now, and past the limit the 429 is the answer.
    await deferredCount.count();
    throw error;
  }
  if (answer !== READ_AGAIN) return answer;
  // Counted (unless the event's last statement did), then made from the row as it is: read again, verified again.
  await deferredCount.count();
  return receiveFromTheRow(db, box, request, await findZoomWebhookTarget(db, request.token));
}

/** A delivery decided by the target as read for it: never READ_AGAIN. */
async function receiveFromTheRow(
  db: Db,
  box: SecretBox,
  request: ZoomWebhookRequest,
  target: WebhookTarget | null,
): Promise<ZoomWebhookResult> {
  const answer = await receive(db, box, request, target, null);
  if (answer === READ_AGAIN) throw new Error("A target read for this delivery asked to be read again");
  return answer;
}

/** receive's answer when a remembered target cannot decide the delivery: the row as it is will. */
const READ_AGAIN = Symbol("read the target again");

/** A remembered target that failed the delivery or is not the row as it is: the next delivery reads the row. */
function forgotten(deferredCount: DeferredWebhookCount): typeof READ_AGAIN {
  deferredCount.forget();
  return READ_AGAIN;
}

async function receive(
  db: Db,
  box: SecretBox,
  request: ZoomWebhookRequest,
  target: WebhookTarget | null,
  deferredCount: DeferredWebhookCount | null,
): Promise<ZoomWebhookResult | typeof READ_AGAIN> {
  if (!target) throw new AppError("not_found", UNKNOWN_URL);
  const { row, ownerEmail } = target;
  const secret = readZoomSecret(box, row);
  if (!secret?.secretToken) {
    if (deferredCount) return forgotten(deferredCount);
    throw new AppError("service_unavailable", "This webhook's Secret Token cannot be read: set up Zoom again in Settings");
  }

  const verdict = verifyZoomSignature({
    secretToken: secret.secretToken,
    signature: request.signature,
    timestamp: request.timestamp,
    rawBody: request.rawBody,
    now: request.now,
  });
  // A remembered Secret Token may be an old one: the row decides.
  if (!verdict.ok) {
    if (deferredCount) return forgotten(deferredCount);
    throw new AppError("unauthorized", verdict.message);
  }

  let delivery: ReturnType<typeof parseZoomDelivery>;
  try {
    delivery = parseZoomDelivery(request.rawBody, { accountId: row.accountId, userId: row.userId, ownerEmail }, request.now);
  } catch (error) {
    if (error instanceof ZoomPayloadError) throw new AppError("bad_request", error.message);
    throw error;
  }

  // Only a capture checks a remembered target against the row (its opening statement): any other answer is
  // made from the row as it is.
  if (deferredCount && (delivery.kind !== "events" || !row.enabled || delivery.events.length === 0)) return READ_AGAIN;
  if (delivery.kind === "url_validation") {
    await markDelivered(db, row, request.now);
    return {
      answer: { plainToken: delivery.plainToken, encryptedToken: zoomEncryptedToken(secret.secretToken, delivery.plainToken) },
      accountId: null,
    };
  }
  // A disabled connection still proves itself to Zoom (above) but records nothing.
  if (delivery.kind === "ignored" || !row.enabled) {
    await markDelivered(db, row, request.now);
    return { answer: { received: true, ignored: true }, accountId: null };
  }
  const [first, ...rest] = delivery.events;
  let uncounted = delivery.events;
  if (deferredCount && first) {
    if (!(await recordFirstCounted(db, first, request.now, target, deferredCount))) return forgotten(deferredCount);
    uncounted = rest;
  }
  for (const event of uncounted) await recordCaptureEvent(db, event, request.now);
  // A write to the row makes the remembered copy old: the next delivery reads it again.
  if (await learnZoomAccountId(db, row, delivery.zoomAccountId)) deferredCount?.forget();
  const marked = markDelivered(db, row, request.now);
  if (marked) {
    deferredCount?.forget();
    await marked;
  }
  return { answer: { received: true }, accountId: row.accountId };
}

/**
 * The delivery's first event, counted in its last statement and checked against the row in its opening one;
 * false when the target was not the row as it is (nothing recorded or counted). Past the limit, the 429.
 */
async function recordFirstCounted(
  db: Db,
  event: CaptureEvent,
  now: Date,
  target: WebhookTarget,
  deferredCount: DeferredWebhookCount,
): Promise<boolean> {
  let outcome: Awaited<ReturnType<typeof recordRememberedCaptureEvent>>;
  try {
    outcome = await recordRememberedCaptureEvent(db, event, now, {
      target: { integrationId: target.row.id, targetVersion: target.version },
      count: { key: deferredCount.counter.key, windowStart: deferredCount.counter.windowStart, limit: deferredCount.rule.limit },
    });
  } catch (error) {
    // Rolled back with everything else: counted again on its own, which answers the 429.
    if (isPastTheLimit(error)) await deferredCount.count();
    throw error;
  }
  if (outcome === "stale-target") return false;
  // A repeat (no last statement) was not counted yet.
  if (outcome.count == null) await deferredCount.count();
  else deferredCount.settle(outcome.count);
  return true;
}
