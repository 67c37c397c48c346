import type { ZoomWebhookResponse } from "../../../core/contracts/zoom.js";
import { AppError } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { markDelivered } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { recordCaptureEvent } from "../record-capture-event.js";
import type { WebhookTarget } from "../webhook-target.js";
import { parseZoomDelivery, ZoomPayloadError } from "./zoom-events.js";
import { findZoomWebhookTarget, learnZoomAccountId, readZoomSecret } from "./zoom-integration.js";
import { verifyZoomSignature, zoomEncryptedToken } from "./zoom-signature.js";

export type ZoomWebhookRequest = {
  token: string;
  /** The token's integration when the rate-limit hook read it already (null: none); undefined reads it here. */
  target?: WebhookTarget | null;
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
  const target = request.target !== undefined ? request.target : await findZoomWebhookTarget(db, request.token);
  if (!target) throw new AppError("not_found", UNKNOWN_URL);
  const { row, ownerEmail } = target;
  const secret = readZoomSecret(box, row);
  if (!secret?.secretToken)
    throw new AppError("service_unavailable", "This webhook's Secret Token cannot be read: set up Zoom again in Settings");

  const verdict = verifyZoomSignature({
    secretToken: secret.secretToken,
    signature: request.signature,
    timestamp: request.timestamp,
    rawBody: request.rawBody,
    now: request.now,
  });
  if (!verdict.ok) throw new AppError("unauthorized", verdict.message);

  let delivery: ReturnType<typeof parseZoomDelivery>;
  try {
    delivery = parseZoomDelivery(request.rawBody, { accountId: row.accountId, userId: row.userId, ownerEmail }, request.now);
  } catch (error) {
    if (error instanceof ZoomPayloadError) throw new AppError("bad_request", error.message);
    throw error;
  }

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
  for (const event of delivery.events) await recordCaptureEvent(db, event, request.now);
  await learnZoomAccountId(db, row, delivery.zoomAccountId);
  await markDelivered(db, row, request.now);
  return { answer: { received: true }, accountId: row.accountId };
}
