import { storedIntegrationStatus } from "../../../core/integration-status.js";
import { randomBytes } from "node:crypto";
import {
  TEAMS_SECRET_REQUIRED,
  type TeamsSettingsRequest,
  type TeamsTestRequest,
  type TeamsTestResponse,
} from "../../../core/contracts/teams.js";
import { AppError } from "../../../core/errors.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import {
  type ConnectionOwner,
  deleteIntegration,
  type IntegrationRow,
  newWebhookToken,
  saveIntegration,
} from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { GraphFailure } from "./graph.js";
import { acquireGraphToken, MicrosoftAuthError, type TeamsCredentials } from "./identity.js";
import {
  findTeamsIntegration,
  readTeamsSecret,
  type TeamsSecret,
  teamsConfigOf,
  teamsKey,
  teamsWebhookUrl,
} from "./teams-integration.js";
import { lookUpTeamsOwner } from "./teams-owner.js";
import { credentialsOf, deleteSubscriptionQuietly, ensureSubscription, recordTeamsFailure } from "./teams-subscription.js";

/**
 * Settings → Teams's three operations (docs/teams.md): save (and, when enabled,
 * prove the credentials with a real token and subscribe to call records), test, and disconnect.
 */
export type TeamsContext = { db: Db; box: SecretBox; config: Pick<Config, "microsoft">; now: Date };

const sameCredentials = (a: TeamsCredentials | null, b: TeamsCredentials | null) =>
  a !== null && b !== null && a.tenantId === b.tenantId && a.clientId === b.clientId && a.clientSecret === b.clientSecret;

export type TeamsSaveResult = { row: IntegrationRow; created: boolean };

/**
 * Saves the settings. Enabled: Microsoft must issue a token for these credentials first (else a 400
 * with Microsoft's words and nothing saved); then the row is stored (its webhook token kept), and the
 * subscription is created or renewed, Graph validating our webhook URL meanwhile. A Graph refusal
 * leaves the row saved with status "error" and its message, and answers 502 with it. Disabled: the
 * subscription is deleted (best effort) and nothing is captured until it is enabled again.
 */
export async function saveTeams(
  context: TeamsContext,
  options: { accountId: number; userId: number; ownerEmail: string; input: TeamsSettingsRequest; origin: string },
): Promise<TeamsSaveResult> {
  const { db, box, config, now } = context;
  const { input } = options;
  const existing = await findTeamsIntegration(db, options);
  const stored = existing ? readTeamsSecret(box, existing) : null;
  const clientSecret = input.clientSecret ?? stored?.clientSecret ?? null;
  if (input.enabled && !clientSecret) throw new AppError("validation_error", TEAMS_SECRET_REQUIRED);
  const credentials: TeamsCredentials | null = clientSecret
    ? { tenantId: input.tenantId, clientId: input.clientId, clientSecret }
    : null;

  if (input.enabled && credentials) {
    try {
      await acquireGraphToken(config, credentials);
    } catch (error) {
      // The credentials could not be proved: refused like any other bad input, with Microsoft's words.
      if (error instanceof MicrosoftAuthError) throw new AppError("bad_request", error.message);
      throw error;
    }
  }

  const principal = input.microsoftUser ?? options.ownerEmail;
  const owner = input.enabled && credentials ? await lookUpTeamsOwner(config, credentials, principal) : null;

  const previous = existing ? credentialsOf(existing, stored) : null;
  const keepSubscription = Boolean(existing?.enabled) && input.enabled && sameCredentials(previous, credentials);
  // Another app (or turning capture off) makes the old subscription someone else's to forget.
  if (existing && !keepSubscription) await deleteSubscriptionQuietly(config, existing, previous);

  const secret: TeamsSecret | null = clientSecret
    ? { clientSecret, clientState: stored?.clientState ?? randomBytes(24).toString("base64url") }
    : null;
  const old = existing ? teamsConfigOf(existing) : null;
  let row = await saveIntegration(
    db,
    box,
    teamsKey({ accountId: options.accountId, userId: options.userId }),
    {
      enabled: input.enabled,
      status: keepSubscription && existing ? storedIntegrationStatus(existing.status, "awaiting_events") : "awaiting_events",
      config: {
        tenantId: input.tenantId,
        clientId: input.clientId,
        subscriptionId: keepSubscription ? (old?.subscriptionId ?? null) : null,
        subscriptionExpiresAt: keepSubscription ? (old?.subscriptionExpiresAt ?? null) : null,
        notificationUrl: keepSubscription ? (old?.notificationUrl ?? null) : null,
        lifecycleNotificationUrl: keepSubscription ? (old?.lifecycleNotificationUrl ?? null) : null,
        ownerObjectId: owner ? owner.objectId : (old?.ownerObjectId ?? null),
        ownerPrincipal: owner ? owner.principal : (old?.ownerPrincipal ?? input.microsoftUser ?? null),
        ownerNote: owner ? owner.note : (old?.ownerNote ?? null),
      },
      secret,
      webhookToken: newWebhookToken(),
      lastError: keepSubscription ? (existing?.lastError ?? null) : null,
    },
    now,
  );
  if (!input.enabled || !credentials || !secret) return { row, created: !existing };

  try {
    row = await ensureSubscription(db, config, {
      row,
      credentials,
      clientState: secret.clientState,
      notificationUrl: teamsWebhookUrl(options.origin, row)!,
      now,
    });
  } catch (error) {
    if (!(error instanceof GraphFailure || error instanceof MicrosoftAuthError)) throw error;
    await recordTeamsFailure(db, row, error.message, now);
    throw new AppError("bad_gateway", `Microsoft Graph refused the call-records subscription: ${error.message}`);
  }
  return { row, created: !existing };
}

/**
 * The test: asks Microsoft's identity platform for a Graph token with these
 * credentials (the stored secret when none is given). Success or Microsoft's own error; reads only.
 */
export async function testTeams(
  context: TeamsContext,
  options: { accountId: number; userId: number; input: TeamsTestRequest },
): Promise<TeamsTestResponse> {
  const { input } = options;
  const existing = await findTeamsIntegration(context.db, options);
  const clientSecret = input.clientSecret ?? (existing ? readTeamsSecret(context.box, existing)?.clientSecret : null) ?? null;
  if (!clientSecret) throw new AppError("validation_error", TEAMS_SECRET_REQUIRED);
  try {
    await acquireGraphToken(context.config, { tenantId: input.tenantId, clientId: input.clientId, clientSecret });
    return {
      success: true,
      message: "Connection successful: Microsoft issued an app-only token for Microsoft Graph with these credentials.",
    };
  } catch (error) {
    if (error instanceof MicrosoftAuthError) return { success: false, message: error.message };
    throw error;
  }
}

/** Disconnect: the subscription is deleted at Graph (best effort), the row and its secrets go; calls stay. */
export async function disconnectTeams(context: TeamsContext, owner: ConnectionOwner): Promise<boolean> {
  const existing = await findTeamsIntegration(context.db, owner);
  if (!existing) return false;
  await deleteSubscriptionQuietly(context.config, existing, credentialsOf(existing, readTeamsSecret(context.box, existing)));
  return deleteIntegration(context.db, teamsKey(owner));
}
