import { type IntegrationStatus, statusWord } from "../../../core/integration-status.js";
import { and, eq, ne } from "drizzle-orm";
import {
  isTwilioCompatible,
  LANDLINE_PROVIDER_LABELS,
  type LandlineSettingsJson,
  type LandlineSettingsRequest,
} from "../../../core/contracts/phone.js";
import type { Db } from "../../db/client.js";
import { integrations } from "../../db/schema/index.js";
import {
  type ConnectionOwner,
  type IntegrationRow,
  newWebhookToken,
  ownedBy,
  saveIntegration,
} from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { LANDLINE_KIND, phoneConfigOf } from "./phone-context.js";
import { type LandlineSecret, landlineSecretOf, newSigningSecret } from "./phone-secrets.js";
import { phoneWebhookUrls } from "./webhook-urls.js";

export const missingAuthTokenMessage = (provider: string) =>
  provider === "signalwire"
    ? "Add your SignalWire signing key: Minutely verifies every call event with it."
    : "Add your Twilio auth token: Minutely verifies every call event with it.";

/** The member's one landline row (switching provider replaces it). */
export async function findLandline(db: Db, owner: ConnectionOwner): Promise<IntegrationRow | null> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(ownedBy(owner), eq(integrations.kind, LANDLINE_KIND)))
    .limit(1);
  return row ?? null;
}

/**
 * Status, honestly: connected only once a verified event has arrived; error when events could not be
 * verified (a Twilio-compatible provider saved without its token); not connected when the secret that
 * verifies them was cleared; on and waiting for the first event otherwise.
 */
export function landlineStatus(
  row: IntegrationRow | null,
  secret: LandlineSecret,
): { status: IntegrationStatus; lastError: string | null } {
  if (!row?.enabled) return { status: "not_connected", lastError: null };
  // Cleared with the tab's "Clear" (clear-landline-secrets.ts): not connected until a new one is saved.
  if (isTwilioCompatible(row.provider) && !secret.authToken)
    return row.status === "not_connected"
      ? { status: "not_connected", lastError: null }
      : { status: "error", lastError: missingAuthTokenMessage(row.provider) };
  if (!isTwilioCompatible(row.provider) && !secret.signingSecret) return { status: "not_connected", lastError: null };
  if (row.lastError) return { status: "error", lastError: row.lastError };
  return { status: row.lastEventAt ? "connected" : "awaiting_events", lastError: null };
}

function landlineJsonStatus(row: IntegrationRow | null, secret: LandlineSecret) {
  const { status, lastError } = landlineStatus(row, secret);
  return { status: statusWord("landline", status), lastError };
}

export function presentLandline(row: IntegrationRow | null, box: SecretBox, origin: string): LandlineSettingsJson {
  const config = phoneConfigOf(row);
  const secret = landlineSecretOf(box, row);
  return {
    provider: (row?.provider as LandlineSettingsJson["provider"]) ?? null,
    phoneNumber: config.phoneNumber ?? null,
    extension: config.extension ?? null,
    enabled: row?.enabled ?? false,
    ...landlineJsonStatus(row, secret),
    accountSid: config.accountSid ?? null,
    hasAuthToken: Boolean(secret.authToken),
    hasSigningSecret: Boolean(secret.signingSecret),
    hasWebhookSharedKey: Boolean(secret.webhookSharedKey),
    spaceUrl: config.spaceUrl ?? null,
    hasApiToken: Boolean(secret.apiToken),
    ...phoneWebhookUrls(origin, row),
    lastEventAt: row?.lastEventAt ? row.lastEventAt.toISOString() : null,
  };
}

export type SaveLandlineResult = { row: IntegrationRow; message: string; signingSecret?: string };

/**
 * POST /api/integrations/landline and /setup-phone. One landline per account: another provider's row is
 * replaced, keeping its webhook token (a pasted URL keeps pointing at this account). A Twilio-compatible
 * provider keeps its stored token when none is sent; the others get a signing secret on first save,
 * answered once.
 */
export async function saveLandline(
  db: Db,
  box: SecretBox,
  options: { accountId: number; userId: number; input: LandlineSettingsRequest; now: Date },
): Promise<SaveLandlineResult> {
  const { accountId, userId, input, now } = options;
  return db.transaction(async (tx) => {
    const owner = { accountId, userId };
    const previous = await findLandline(tx, owner);
    const same = previous?.provider === input.provider ? previous : null;
    const token = previous?.webhookToken ?? newWebhookToken();
    if (previous && !same)
      await tx
        .delete(integrations)
        .where(and(ownedBy(owner), eq(integrations.kind, LANDLINE_KIND), ne(integrations.provider, input.provider)));
    const stored = landlineSecretOf(box, same);
    let signingSecret: string | undefined;
    let secret: LandlineSecret;
    if (isTwilioCompatible(input.provider)) {
      const kept = {
        authToken: input.authToken || stored.authToken,
        webhookSharedKey: input.provider === "twilio" ? input.webhookSharedKey || stored.webhookSharedKey : undefined,
        apiToken: input.provider === "signalwire" ? input.apiToken || stored.apiToken : undefined,
      };
      secret = Object.fromEntries(Object.entries(kept).filter(([, value]) => Boolean(value)));
    } else {
      signingSecret = stored.signingSecret ? undefined : newSigningSecret();
      secret = { signingSecret: stored.signingSecret ?? signingSecret };
    }
    const numberChanged = same && phoneConfigOf(same).phoneNumber !== input.phoneNumber;
    const row = await saveIntegration(
      tx,
      box,
      { accountId, userId, kind: LANDLINE_KIND, provider: input.provider },
      {
        enabled: input.enabled,
        status: "awaiting_events",
        config: {
          phoneNumber: input.phoneNumber,
          extension: input.extension,
          accountSid: isTwilioCompatible(input.provider) ? input.accountSid || phoneConfigOf(same).accountSid || null : null,
          spaceUrl: input.provider === "signalwire" ? input.spaceUrl || phoneConfigOf(same).spaceUrl || null : null,
        },
        secret: Object.keys(secret).length ? secret : null,
        webhookToken: token,
        lastError: null,
      },
      now,
    );
    const label = LANDLINE_PROVIDER_LABELS[input.provider];
    const message = !input.enabled
      ? `${label} landline saved; call capture for it is off.`
      : isTwilioCompatible(input.provider)
        ? secret.authToken
          ? `${label} landline saved. Point your number's voice status callback and messaging webhook at the URLs below; it shows connected once the first call or text arrives.`
          : `${label} landline saved, but events cannot be verified yet. ${missingAuthTokenMessage(input.provider)}`
        : `${label} landline saved. Send your phone system's call events to the webhook URL below, signed with the secret; it shows connected once the first event arrives.`;
    // A new number: earlier events were for another line.
    const fresh = numberChanged ? { ...row, lastEventAt: null } : row;
    if (numberChanged) await tx.update(integrations).set({ lastEventAt: null }).where(eq(integrations.id, row.id));
    return { row: fresh, message, ...(signingSecret ? { signingSecret } : {}) };
  });
}
