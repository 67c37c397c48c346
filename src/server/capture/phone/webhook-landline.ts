import { WEBHOOK_TOKEN_PATTERN } from "../../../core/contracts/phone-webhook.js";
import { AppError } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { countAndFindWebhookTarget } from "../webhook-target.js";
import { findIntegrationByWebhookToken, type IntegrationRow } from "../../integrations/integration-store.js";
import type { Reservation } from "../../http/rate-limit.js";
import { LANDLINE_KIND } from "./phone-context.js";

export const UNKNOWN_WEBHOOK = "Unknown webhook URL";

/** What a phone webhook knows of its URL's token: the token, and the landline row the rate-limit hook read. */
export type LandlineToken = {
  token: string;
  /** The token's landline row when the rate-limit hook read it already (null: none); undefined reads it here. */
  row?: IntegrationRow | null;
};

/** True for a string that can be a phone webhook URL's token; anything else is never looked up. */
export function isLandlineToken(token: string): boolean {
  return WEBHOOK_TOKEN_PATTERN.test(token);
}

/**
 * The phone webhooks' rate-limit count and their read of the token's landline row, in one statement
 * (integrations/webhook-rate-limit.ts registerWebhookRateLimitWithLookup): each route checks the row's provider.
 */
export async function countAndFindLandline(
  db: Db,
  token: string,
  counter: Reservation,
): Promise<{ count: number; found: IntegrationRow | null }> {
  const { count, found } = await countAndFindWebhookTarget(db, LANDLINE_KIND, null, token, counter);
  return { count, found: found?.row ?? null };
}

/** The landline row a phone webhook's token names, or a 404 ("Unknown webhook URL") for a token that cannot name one. */
export async function landlineOfToken(db: Db, delivery: LandlineToken): Promise<IntegrationRow | null> {
  if (!isLandlineToken(delivery.token)) throw new AppError("not_found", UNKNOWN_WEBHOOK);
  return delivery.row !== undefined ? delivery.row : findIntegrationByWebhookToken(db, LANDLINE_KIND, delivery.token);
}
