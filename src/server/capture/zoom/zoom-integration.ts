import { type IntegrationStatus, statusWord } from "../../../core/integration-status.js";
import { eq } from "drizzle-orm";
import {
  type SetupZoomRequest,
  ZOOM_ACCOUNT_ID,
  ZOOM_EVENTS,
  ZOOM_WEBHOOK_PATH,
  type ZoomIntegrationJson,
} from "../../../core/contracts/zoom.js";
import type { Db } from "../../db/client.js";
import { integrations } from "../../db/schema/index.js";
import {
  type ConnectionOwner,
  deleteIntegration,
  findIntegration,
  type IntegrationKey,
  type IntegrationRow,
  newWebhookToken,
  readIntegrationSecret,
  saveIntegration,
} from "../../integrations/integration-store.js";
import { type SecretBox, SecretDecryptError } from "../../http/secrets.js";
import { findWebhookTarget, type WebhookTarget } from "../webhook-target.js";

/**
 * A member's Zoom connection: one `integrations` row per member,
 * kind "meeting", provider "zoom". The Client ID, Client Secret and Secret Token are one encrypted
 * secret object; the row's webhook token picks the account when Zoom posts an event.
 */
export const ZOOM_KIND = "meeting";
export const ZOOM_PROVIDER = "zoom";
export const zoomKey = (owner: ConnectionOwner): IntegrationKey => ({ ...owner, kind: ZOOM_KIND, provider: ZOOM_PROVIDER });

/** The encrypted part: the API's apiKey and apiSecret (Zoom's Client ID and Client Secret) and the Secret Token. */
export type ZoomSecret = { clientId: string; clientSecret: string; secretToken: string };

/**
 * The row's decrypted credentials; null when it has none or they no longer decrypt (SECRETS_KEY
 * changed, the row was tampered with): the screen then shows them as missing, to be entered again.
 */
export function readZoomSecret(box: SecretBox, row: IntegrationRow): Partial<ZoomSecret> | null {
  try {
    return readIntegrationSecret<Partial<ZoomSecret>>(box, row);
  } catch (error) {
    if (error instanceof SecretDecryptError) return null;
    throw error;
  }
}

/** The public part, in `config`: the events to enable, the Zoom account id and, optionally, the Zoom user whose meetings are read. */
export type ZoomConfig = { accountId: string | null; zoomUser: string | null };

export function zoomConfigOf(row: IntegrationRow): ZoomConfig {
  const config = (row.config ?? {}) as Record<string, unknown>;
  return {
    accountId: typeof config.accountId === "string" && config.accountId ? config.accountId : null,
    zoomUser: typeof config.zoomUser === "string" && config.zoomUser ? config.zoomUser : null,
  };
}

/** Where Zoom must post this row's events. */
export function zoomWebhookUrl(origin: string, row: Pick<IntegrationRow, "webhookToken">): string | null {
  return row.webhookToken ? `${origin}${ZOOM_WEBHOOK_PATH}/${row.webhookToken}` : null;
}

/**
 * Saves the credentials (a new row gets its webhook token; an existing one keeps it, so the URL
 * already pasted into Zoom keeps working). A changed Secret Token makes the status wait for the next
 * verified event again: events signed with the old one would no longer verify.
 */
export async function setupZoom(
  db: Db,
  box: SecretBox,
  options: { accountId: number; userId: number; input: SetupZoomRequest; now: Date },
): Promise<IntegrationRow> {
  const key = zoomKey(options);
  const secret: ZoomSecret = {
    clientId: options.input.apiKey,
    clientSecret: options.input.apiSecret,
    secretToken: options.input.webhookSecretToken,
  };
  return db.transaction(async (tx) => {
    const existing = await findIntegration(tx, key);
    const previous = existing ? readZoomSecret(box, existing) : null;
    const stillVerified = existing?.status === "connected" && previous?.secretToken === secret.secretToken;
    return saveIntegration(
      tx,
      box,
      key,
      {
        enabled: true,
        status: stillVerified ? "connected" : "awaiting_events",
        config: {
          events: [...ZOOM_EVENTS],
          accountId: options.input.accountId ?? (existing ? zoomConfigOf(existing).accountId : null),
        },
        secret,
        webhookToken: newWebhookToken(),
        lastError: null,
      },
      options.now,
    );
  });
}

/** Connected once a verified event arrived with the current Secret Token; until then it awaits one. */
export function zoomStatusOf(row: IntegrationRow): IntegrationStatus {
  return row.status === "connected" ? "connected" : "awaiting_events";
}

/** GET /api/integrations/zoom's answer: whether each secret is stored, never its value. */
export function presentZoom(box: SecretBox, row: IntegrationRow | null, origin: string): ZoomIntegrationJson {
  if (!row)
    return {
      configured: false,
      enabled: false,
      status: statusWord("zoom", "not_connected"),
      clientId: null,
      hasClientSecret: false,
      hasSecretToken: false,
      webhookUrl: null,
      events: [...ZOOM_EVENTS],
      lastEventAt: null,
      accountId: null,
    };
  const secret = readZoomSecret(box, row);
  return {
    configured: true,
    enabled: row.enabled,
    status: statusWord("zoom", zoomStatusOf(row)),
    clientId: secret?.clientId ?? null,
    hasClientSecret: Boolean(secret?.clientSecret),
    hasSecretToken: Boolean(secret?.secretToken),
    webhookUrl: zoomWebhookUrl(origin, row),
    events: [...ZOOM_EVENTS],
    lastEventAt: row.lastEventAt ? row.lastEventAt.toISOString() : null,
    accountId: zoomConfigOf(row).accountId,
  };
}

/** A verified event named the Zoom account: kept when none was entered, so reconciliation can run. */
export async function learnZoomAccountId(db: Db, row: IntegrationRow, accountId: string | null): Promise<boolean> {
  if (!accountId || zoomConfigOf(row).accountId || !ZOOM_ACCOUNT_ID.test(accountId)) return false;
  await db
    .update(integrations)
    .set({ config: { ...(row.config ?? {}), accountId } })
    .where(eq(integrations.id, row.id));
  return true;
}

export async function findZoomIntegration(db: Db, owner: ConnectionOwner): Promise<IntegrationRow | null> {
  return findIntegration(db, zoomKey(owner));
}

/** Disconnect: the row and its secrets go; calls already captured stay. False when there was none. */
export async function disconnectZoom(db: Db, owner: ConnectionOwner): Promise<boolean> {
  return deleteIntegration(db, zoomKey(owner));
}

/** The Zoom row a webhook URL's token names, with its owner's email. */
export function findZoomWebhookTarget(db: Db, token: string): Promise<WebhookTarget | null> {
  return findWebhookTarget(db, ZOOM_KIND, ZOOM_PROVIDER, { token });
}
