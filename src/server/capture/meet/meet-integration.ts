import { type IntegrationStatus, statusWord, storedIntegrationStatus } from "../../../core/integration-status.js";
import { and, eq } from "drizzle-orm";
import {
  MEET_CALLBACK_PATH,
  MEET_MISSING_INFORMATION,
  MEET_RECONNECT_MESSAGE,
  MEET_WEBHOOK_PATH,
  type MeetIntegrationJson,
  type MeetSettingsRequest,
} from "../../../core/contracts/meet.js";
import { AppError } from "../../../core/errors.js";
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
  rowOf,
  saveIntegration,
} from "../../integrations/integration-store.js";
import { type SecretBox, SecretDecryptError } from "../../http/secrets.js";

/**
 * A member's Google Meet connection: one `integrations`
 * row per member, kind "meeting", provider "meet". Public state in `config`; the client secret, the refresh
 * and access tokens and the push channel's token are one encrypted secret object.
 */
export const MEET_KIND = "meeting";
export const MEET_PROVIDER = "meet";
export const meetKey = (owner: ConnectionOwner): IntegrationKey => ({ ...owner, kind: MEET_KIND, provider: MEET_PROVIDER });

/** Row statuses: saved without consent yet, consented and working, Google refused the refresh token. */
export const ROW_STATUS = {
  awaitingConsent: "awaiting_events",
  connected: "connected",
  reconnect: "reconnect",
} as const satisfies Record<string, IntegrationStatus>;

export type MeetSecret = {
  clientSecret: string;
  refreshToken?: string | null;
  accessToken?: string | null;
  /** Unix ms. */
  accessTokenExpiresAt?: number | null;
  /** The random token Google echoes in X-Goog-Channel-Token on every push of the current channel. */
  channelToken?: string | null;
};

export type MeetChannel = { id: string; resourceId: string; expiresAt: number; address: string };

export type MeetConfig = {
  clientId?: string;
  googleAccount?: string | null;
  channel?: MeetChannel | null;
  /** events.list's nextSyncToken: the next sync asks only for what changed. */
  syncToken?: string | null;
};

export const meetConfig = (row: IntegrationRow): MeetConfig => row.config as MeetConfig;

/** The row's decrypted secret; null when there is none or it no longer decrypts (entered again then). */
export function readMeetSecret(box: SecretBox, row: IntegrationRow): MeetSecret | null {
  try {
    return readIntegrationSecret<MeetSecret>(box, row);
  } catch (error) {
    if (error instanceof SecretDecryptError) return null;
    throw error;
  }
}

/**
 * Whose Meet row: a member's. A job queued before members had their own connections names only the
 * account (`userId` undefined): that account had one Meet row, which this then finds.
 */
export type MeetOwner = { accountId: number; userId?: number | null };

/** The condition that picks an owner's Meet row (for reads and for the refresher's lock). */
export function meetRowWhere(owner: MeetOwner) {
  if (owner.userId !== undefined) return rowOf(meetKey({ accountId: owner.accountId, userId: owner.userId }));
  return and(eq(integrations.accountId, owner.accountId), eq(integrations.kind, MEET_KIND), eq(integrations.provider, MEET_PROVIDER));
}

export async function findMeetIntegration(db: Db, owner: MeetOwner): Promise<IntegrationRow | null> {
  const [row] = await db.select().from(integrations).where(meetRowWhere(owner)).orderBy(integrations.id).limit(1);
  return row ?? null;
}

/** The client ID and secret to use: the ones given, else the stored secret; both are required. */
export function credentialsFrom(
  box: SecretBox,
  row: IntegrationRow | null,
  input: { clientId: string; clientSecret: string | null },
): { clientId: string; clientSecret: string } {
  const stored = row ? readMeetSecret(box, row) : null;
  const clientSecret = input.clientSecret ?? stored?.clientSecret ?? null;
  if (!clientSecret) throw new AppError("validation_error", MEET_MISSING_INFORMATION);
  return { clientId: input.clientId, clientSecret };
}

/**
 * Saves the OAuth client. A new client ID makes the consent (bound to the old client) void: the
 * tokens and channel go and the user connects again. The same client keeps its consent.
 */
export async function saveMeetSettings(
  db: Db,
  box: SecretBox,
  options: { accountId: number; userId: number; input: MeetSettingsRequest; now: Date },
): Promise<IntegrationRow> {
  const key = meetKey({ accountId: options.accountId, userId: options.userId });
  return db.transaction(async (tx) => {
    const existing = await findIntegration(tx, key);
    const credentials = credentialsFrom(box, existing, options.input);
    const previous = existing ? readMeetSecret(box, existing) : null;
    const sameClient = existing !== null && meetConfig(existing).clientId === credentials.clientId && previous !== null;
    const keep = sameClient && previous?.refreshToken ? previous : null;
    return saveIntegration(
      tx,
      box,
      key,
      {
        enabled: options.input.enabled,
        status: keep ? storedIntegrationStatus(existing!.status, ROW_STATUS.awaitingConsent) : ROW_STATUS.awaitingConsent,
        config: keep ? { ...meetConfig(existing!), clientId: credentials.clientId } : { clientId: credentials.clientId },
        secret: { ...(keep ?? {}), clientSecret: credentials.clientSecret },
        webhookToken: newWebhookToken(),
        lastError: keep ? existing!.lastError : null,
      },
      options.now,
    );
  });
}

/** Writes part of the row's config and secret (tokens, channel, sync token) and its status. */
export async function updateMeetRow(
  db: Db,
  box: SecretBox,
  row: IntegrationRow,
  change: { config?: Partial<MeetConfig>; secret?: Partial<MeetSecret>; status?: IntegrationStatus; lastError?: string | null },
  now: Date,
): Promise<IntegrationRow> {
  const secret = change.secret ? { ...(readMeetSecret(box, row) ?? {}), ...change.secret } : undefined;
  return saveIntegration(
    db,
    box,
    meetKey({ accountId: row.accountId, userId: row.userId }),
    {
      ...(change.config ? { config: { ...meetConfig(row), ...change.config } } : {}),
      ...(secret ? { secret } : {}),
      ...(change.status ? { status: change.status } : {}),
      ...(change.lastError !== undefined ? { lastError: change.lastError } : {}),
    },
    now,
  );
}

/** A verified push arrived: "last event received" (the status is earned by consent, not by pushes). */
export async function markMeetPush(db: Db, rowId: number, at: Date): Promise<void> {
  await db.update(integrations).set({ lastEventAt: at, updatedAt: at }).where(eq(integrations.id, rowId));
}

export function meetPushUrl(origin: string, row: Pick<IntegrationRow, "webhookToken">): string | null {
  return row.webhookToken ? `${origin}${MEET_WEBHOOK_PATH}/${row.webhookToken}` : null;
}

/** Reconnect once Google refused the refresh token; connected only with one stored; else awaiting consent. */
export function meetStatusOf(row: IntegrationRow, secret: MeetSecret | null): IntegrationStatus {
  if (row.status === ROW_STATUS.reconnect) return "reconnect";
  return row.status === ROW_STATUS.connected && secret?.refreshToken ? "connected" : "awaiting_events";
}

/** GET /api/integrations/meet's answer: never the secret or a token. */
export function presentMeet(box: SecretBox, row: IntegrationRow | null, origin: string): MeetIntegrationJson {
  const redirectUri = `${origin}${MEET_CALLBACK_PATH}`;
  if (!row)
    return {
      configured: false,
      enabled: false,
      status: statusWord("meet", "not_connected"),
      clientId: null,
      hasClientSecret: false,
      googleAccount: null,
      redirectUri,
      channelExpiresAt: null,
      lastEventAt: null,
      lastError: null,
    };
  const config = meetConfig(row);
  const secret = readMeetSecret(box, row);
  const status = meetStatusOf(row, secret);
  return {
    configured: true,
    enabled: row.enabled,
    status: statusWord("meet", status),
    clientId: config.clientId ?? null,
    hasClientSecret: Boolean(secret?.clientSecret),
    googleAccount: status === "awaiting_events" ? null : (config.googleAccount ?? null),
    redirectUri,
    channelExpiresAt: config.channel ? new Date(config.channel.expiresAt).toISOString() : null,
    lastEventAt: row.lastEventAt ? row.lastEventAt.toISOString() : null,
    lastError: row.status === ROW_STATUS.reconnect ? (row.lastError ?? MEET_RECONNECT_MESSAGE) : row.lastError,
  };
}

export async function deleteMeetIntegration(db: Db, owner: ConnectionOwner): Promise<boolean> {
  return deleteIntegration(db, meetKey(owner));
}

/** Every connected Meet row (the renewal job walks them). */
export async function connectedMeetRows(db: Db): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.kind, MEET_KIND),
        eq(integrations.provider, MEET_PROVIDER),
        eq(integrations.status, ROW_STATUS.connected),
        eq(integrations.enabled, true),
      ),
    );
}
