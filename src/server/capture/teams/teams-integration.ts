import { type IntegrationStatus, statusWord, storedIntegrationStatus } from "../../../core/integration-status.js";
import {
  TEAMS_PERMISSIONS,
  TEAMS_WEBHOOK_PATH,
  type TeamsIntegrationJson,
} from "../../../core/contracts/teams.js";
import type { Db } from "../../db/client.js";
import {
  type ConnectionOwner,
  findIntegration,
  type IntegrationKey,
  type IntegrationRow,
  readIntegrationSecret,
} from "../../integrations/integration-store.js";
import { type SecretBox, SecretDecryptError } from "../../http/secrets.js";
import { findWebhookTarget, type WebhookTarget } from "../webhook-target.js";

/**
 * The account's Teams connection: one `integrations` row,
 * kind "meeting", provider "teams". Public settings and the Graph subscription's state live in
 * `config`; the client secret and the subscription's clientState are one encrypted secret object;
 * the row's webhook token picks the account when Graph posts a notification.
 */
export const TEAMS_KIND = "meeting";
export const TEAMS_PROVIDER = "teams";
export const teamsKey = (owner: ConnectionOwner): IntegrationKey => ({ ...owner, kind: TEAMS_KIND, provider: TEAMS_PROVIDER });

/** The encrypted part. clientState is our random secret Graph echoes in every notification. */
export type TeamsSecret = { clientSecret: string; clientState: string };

/** The public part, in `config`. */
export type TeamsConfig = {
  tenantId: string;
  clientId: string;
  subscriptionId: string | null;
  subscriptionExpiresAt: string | null;
  /** Where the subscription posts (kept so the renewal job, which has no request, can re-create it). */
  notificationUrl: string | null;
  /** Where Graph posts the subscription's lifecycle events (reauthorizationRequired, subscriptionRemoved, missed). */
  lifecycleNotificationUrl: string | null;
  /** The owner's Entra object id, looked up at connect (teams-owner.ts), and the name it was looked up by. */
  ownerObjectId: string | null;
  ownerPrincipal: string | null;
  /** Why the owner could not be looked up, for the screen. */
  ownerNote: string | null;
};

export function teamsConfigOf(row: IntegrationRow): TeamsConfig {
  const config = (row.config ?? {}) as Partial<TeamsConfig>;
  return {
    tenantId: typeof config.tenantId === "string" ? config.tenantId : "",
    clientId: typeof config.clientId === "string" ? config.clientId : "",
    subscriptionId: typeof config.subscriptionId === "string" ? config.subscriptionId : null,
    subscriptionExpiresAt: typeof config.subscriptionExpiresAt === "string" ? config.subscriptionExpiresAt : null,
    notificationUrl: typeof config.notificationUrl === "string" ? config.notificationUrl : null,
    lifecycleNotificationUrl: typeof config.lifecycleNotificationUrl === "string" ? config.lifecycleNotificationUrl : null,
    ownerObjectId: typeof config.ownerObjectId === "string" ? config.ownerObjectId : null,
    ownerPrincipal: typeof config.ownerPrincipal === "string" ? config.ownerPrincipal : null,
    ownerNote: typeof config.ownerNote === "string" ? config.ownerNote : null,
  };
}

/** The row's secret, or null when it has none or it no longer decrypts (then it must be entered again). */
export function readTeamsSecret(box: SecretBox, row: IntegrationRow): Partial<TeamsSecret> | null {
  try {
    return readIntegrationSecret<Partial<TeamsSecret>>(box, row);
  } catch (error) {
    if (error instanceof SecretDecryptError) return null;
    throw error;
  }
}

export function teamsWebhookUrl(origin: string, row: Pick<IntegrationRow, "webhookToken">): string | null {
  return row.webhookToken ? `${origin}${TEAMS_WEBHOOK_PATH}/${row.webhookToken}` : null;
}

export async function findTeamsIntegration(db: Db, owner: ConnectionOwner): Promise<IntegrationRow | null> {
  return findIntegration(db, teamsKey(owner));
}

/** Off is not connected; saved, its subscription not yet made, it awaits events; else the stored status. */
export function teamsStatusOf(row: IntegrationRow): IntegrationStatus {
  if (!row.enabled) return "not_connected";
  const stored = storedIntegrationStatus(row.status, "awaiting_events");
  return stored === "not_connected" ? "awaiting_events" : stored;
}

/** GET /api/integrations/teams's answer: whether the secret is stored, never its value. */
export function presentTeams(box: SecretBox, row: IntegrationRow | null, origin: string): TeamsIntegrationJson {
  if (!row)
    return {
      configured: false,
      enabled: false,
      status: statusWord("teams", "not_connected"),
      tenantId: null,
      clientId: null,
      hasClientSecret: false,
      webhookUrl: null,
      subscriptionExpiresAt: null,
      lastEventAt: null,
      lastError: null,
      permissions: [...TEAMS_PERMISSIONS],
      microsoftUser: null,
      ownerRecognised: false,
      ownerNote: null,
    };
  const config = teamsConfigOf(row);
  const secret = readTeamsSecret(box, row);
  return {
    configured: true,
    enabled: row.enabled,
    status: statusWord("teams", teamsStatusOf(row)),
    tenantId: config.tenantId || null,
    clientId: config.clientId || null,
    hasClientSecret: Boolean(secret?.clientSecret),
    webhookUrl: teamsWebhookUrl(origin, row),
    subscriptionExpiresAt: row.enabled ? config.subscriptionExpiresAt : null,
    lastEventAt: row.lastEventAt ? row.lastEventAt.toISOString() : null,
    lastError: row.lastError,
    permissions: [...TEAMS_PERMISSIONS],
    microsoftUser: config.ownerPrincipal,
    ownerRecognised: config.ownerObjectId !== null,
    ownerNote: row.enabled ? config.ownerNote : null,
  };
}

/** The Teams row a webhook URL's token names, with its owner's email. */
export function findTeamsWebhookTarget(db: Db, token: string): Promise<WebhookTarget | null> {
  return findWebhookTarget(db, TEAMS_KIND, TEAMS_PROVIDER, { token });
}

/** The Teams row by id with its owner's email (the jobs' view; they carry the id, not the token). */
export function findTeamsById(db: Db, integrationId: number): Promise<WebhookTarget | null> {
  return findWebhookTarget(db, TEAMS_KIND, TEAMS_PROVIDER, { id: integrationId });
}
