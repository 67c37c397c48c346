import type { IntegrationStatus } from "../../../core/integration-status.js";
import { eq } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { integrations } from "../../db/schema/index.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import {
  createCallRecordsSubscription,
  deleteSubscription,
  GraphFailure,
  graphClient,
  renewSubscription,
  subscriptionExpiry,
} from "./graph.js";
import { acquireGraphToken, type TeamsCredentials } from "./identity.js";
import { type TeamsConfig, type TeamsSecret, teamsConfigOf } from "./teams-integration.js";

/**
 * The Graph change-notification subscription to call records that feeds an account's Teams capture:
 * created at setup (Graph validates the webhook URL before it answers), renewed by the
 * `teams.renew-subscription` job before it expires, deleted on disconnect. The row's config keeps
 * its id and expiry; status "connected" is written only after Graph accepted it.
 */

/** Where Graph posts a subscription's lifecycle events: the notification URL's /lifecycle. */
export function lifecycleUrlOf(notificationUrl: string): string {
  return `${notificationUrl.replace(/\/+$/, "")}/lifecycle`;
}

export function credentialsOf(row: IntegrationRow, secret: Partial<TeamsSecret> | null): TeamsCredentials | null {
  const config = teamsConfigOf(row);
  if (!config.tenantId || !config.clientId || !secret?.clientSecret) return null;
  return { tenantId: config.tenantId, clientId: config.clientId, clientSecret: secret.clientSecret };
}

/** Writes the subscription's state and the status it earned into the row's config. */
async function writeState(
  db: Db,
  row: IntegrationRow,
  state: Partial<TeamsConfig> & { status: IntegrationStatus; lastError: string | null },
  now: Date,
): Promise<IntegrationRow> {
  const { status, lastError, ...config } = state;
  const [updated] = await db
    .update(integrations)
    .set({ config: { ...teamsConfigOf(row), ...config }, status, lastError, updatedAt: now })
    .where(eq(integrations.id, row.id))
    .returning();
  return updated ?? row;
}

/** Records a failure's message on the row (status "error"); the screen shows it as Last error. */
export async function recordTeamsFailure(db: Db, row: IntegrationRow, message: string, now: Date): Promise<IntegrationRow> {
  return writeState(db, row, { status: "error", lastError: message.slice(0, 1000) }, now);
}

/**
 * Makes sure the row has a live subscription: renews the one it has (re-creating it when Graph no
 * longer knows it), else creates one pointing at `notificationUrl`. Throws MicrosoftAuthError or
 * GraphFailure with Microsoft's words; the caller records them.
 */
export async function ensureSubscription(
  db: Db,
  config: Pick<Config, "microsoft">,
  options: { row: IntegrationRow; credentials: TeamsCredentials; clientState: string; notificationUrl: string; now: Date },
): Promise<IntegrationRow> {
  const { row, now } = options;
  const token = await acquireGraphToken(config, options.credentials);
  const client = await graphClient(config, token);
  const expiration = subscriptionExpiry(now);
  const lifecycleNotificationUrl = lifecycleUrlOf(options.notificationUrl);
  const stored = teamsConfigOf(row);
  let current = stored.subscriptionId;
  // A subscription made before lifecycle notifications (Graph sets lifecycleNotificationUrl only at
  // creation) is replaced by one that has them.
  if (current && stored.lifecycleNotificationUrl !== lifecycleNotificationUrl) {
    await deleteSubscription(await graphClient(config, token), current).catch(() => undefined);
    current = null;
  }
  if (current) {
    try {
      const renewed = await renewSubscription(client, current, expiration);
      return writeState(
        db,
        row,
        {
          subscriptionExpiresAt: new Date(renewed.expirationDateTime ?? expiration).toISOString(),
          status: "connected",
          lastError: null,
        },
        now,
      );
    } catch (error) {
      // Gone on Graph's side (expired, deleted by an administrator): make a new one below.
      if (!(error instanceof GraphFailure && error.status === 404)) throw error;
    }
  }
  const created = await createCallRecordsSubscription(await graphClient(config, token), {
    notificationUrl: options.notificationUrl,
    lifecycleNotificationUrl,
    clientState: options.clientState,
    expiration,
  });
  return writeState(
    db,
    row,
    {
      subscriptionId: created.id,
      notificationUrl: options.notificationUrl,
      lifecycleNotificationUrl,
      subscriptionExpiresAt: new Date(created.expirationDateTime ?? expiration).toISOString(),
      status: "connected",
      lastError: null,
    },
    now,
  );
}

/**
 * Deletes the row's subscription at Graph, best effort (a disconnect must work even when Microsoft
 * refuses or is down: the subscription then simply expires within three days, and notifications
 * to a forgotten token are 404s). True when Graph confirmed.
 */
export async function deleteSubscriptionQuietly(
  config: Pick<Config, "microsoft">,
  row: IntegrationRow,
  credentials: TeamsCredentials | null,
): Promise<boolean> {
  const id = teamsConfigOf(row).subscriptionId;
  if (!id || !credentials) return false;
  try {
    const client = await graphClient(config, await acquireGraphToken(config, credentials));
    await deleteSubscription(client, id);
    return true;
  } catch {
    return false;
  }
}
