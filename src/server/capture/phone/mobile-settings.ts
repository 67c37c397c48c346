import { type IntegrationStatus, mobileStatusWord } from "../../../core/integration-status.js";
import { and, eq, inArray } from "drizzle-orm";
import {
  INTEGRATION_METHOD_LABELS,
  INTEGRATION_METHODS,
  isTwilioCompatible,
  type MobileSettingsJson,
  type MobileSettingsRequest,
} from "../../../core/contracts/phone.js";
import type { Db } from "../../db/client.js";
import { captureActivity, integrations } from "../../db/schema/index.js";
import { type ConnectionOwner, type IntegrationRow, ownedBy, saveIntegration } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { findLandline } from "./landline-settings.js";
import { MOBILE_KIND, phoneConfigOf } from "./phone-context.js";
import { landlineSecretOf } from "./phone-secrets.js";
import { formatLocalDateTime } from "./phone-format.js";
import { phoneWebhookUrls } from "./webhook-urls.js";

type Method = (typeof INTEGRATION_METHODS)[number];
type MethodJson = MobileSettingsJson["integrationMethods"][number];

/** capture_activity methods (the capture source) behind each way a mobile's calls reach us. */
const ACTIVITY_OF: Record<Method, string[]> = { sms: ["sms"], voice: ["twilio", "signalwire"] };

/** The member's own mobile (one per member). */
export async function findMobile(db: Db, owner: ConnectionOwner): Promise<IntegrationRow | null> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(ownedBy(owner), eq(integrations.kind, MOBILE_KIND)))
    .limit(1);
  return row ?? null;
}

/** Each method with success only once a verified event of that kind has been recorded for the account. */
export async function findIntegrationMethods(db: Db, accountId: number): Promise<MethodJson[]> {
  const rows = await db
    .select({ method: captureActivity.method, lastEventAt: captureActivity.lastEventAt })
    .from(captureActivity)
    .where(and(eq(captureActivity.accountId, accountId), inArray(captureActivity.method, Object.values(ACTIVITY_OF).flat())));
  return INTEGRATION_METHODS.map((method) => {
    const times = rows.filter((r) => ACTIVITY_OF[method].includes(r.method)).map((r) => r.lastEventAt.getTime());
    const last = times.length ? new Date(Math.max(...times)) : null;
    return { method, label: INTEGRATION_METHOD_LABELS[method], success: last !== null, lastEventAt: last?.toISOString() ?? null };
  });
}

/** connected: a method has worked (every one: the screen's "connected", some: its "partial"); awaiting events: on, none yet; off or absent: not connected. */
export function mobileStatus(row: IntegrationRow | null, methods: MethodJson[]): IntegrationStatus {
  if (!row?.enabled) return "not_connected";
  return methods.some((m) => m.success) ? "connected" : "awaiting_events";
}

export function presentMobile(row: IntegrationRow | null, methods: MethodJson[]): MobileSettingsJson {
  const config = phoneConfigOf(row);
  return {
    phoneNumber: config.phoneNumber ?? null,
    extension: config.extension ?? null,
    provider: (row?.provider as MobileSettingsJson["provider"]) ?? null,
    enabled: row?.enabled ?? false,
    status: mobileStatusWord(
      mobileStatus(row, methods),
      methods.every((m) => m.success),
    ),
    integrationMethods: methods,
  };
}

/** POST /api/integrations/mobile: one mobile per member; a carrier change updates it in place. */
export async function saveMobile(
  db: Db,
  box: SecretBox,
  options: { accountId: number; userId: number; input: MobileSettingsRequest; now: Date },
): Promise<IntegrationRow> {
  const { accountId, userId, input, now } = options;
  return db.transaction(async (tx) => {
    const owner = { accountId, userId };
    const previous = await findMobile(tx, owner);
    const config = { phoneNumber: input.phoneNumber, extension: input.extension };
    if (previous && previous.provider !== input.provider) {
      await tx
        .delete(integrations)
        .where(
          and(ownedBy(owner), eq(integrations.kind, MOBILE_KIND), eq(integrations.provider, input.provider)),
        );
      const numberChanged = phoneConfigOf(previous).phoneNumber !== input.phoneNumber;
      const [row] = await tx
        .update(integrations)
        .set({
          provider: input.provider,
          enabled: input.enabled,
          config,
          updatedAt: now,
          ...(numberChanged ? { lastEventAt: null, status: "awaiting_events" } : {}),
        })
        .where(eq(integrations.id, previous.id))
        .returning();
      return row!;
    }
    const numberChanged = previous && phoneConfigOf(previous).phoneNumber !== input.phoneNumber;
    const row = await saveIntegration(
      tx,
      box,
      { accountId, userId, kind: MOBILE_KIND, provider: input.provider },
      { enabled: input.enabled, config, ...(numberChanged || !previous ? { status: "awaiting_events" } : {}) },
      now,
    );
    if (!numberChanged) return row;
    const [reset] = await tx.update(integrations).set({ lastEventAt: null }).where(eq(integrations.id, row.id)).returning();
    return reset!;
  });
}

/**
 * POST /api/integrations/mobile/test: success only when a verified SMS or voice event from this mobile
 * number has arrived; otherwise what to do next, naming the webhook URL the provider must call.
 */
export async function testMobile(
  db: Db,
  box: SecretBox,
  options: { accountId: number; userId: number; origin: string; timezone: string },
): Promise<{ success: boolean; message: string }> {
  const mobile = await findMobile(db, options);
  const number = phoneConfigOf(mobile).phoneNumber;
  if (!mobile || !number) return { success: false, message: "Save your mobile number and carrier first." };
  if (!mobile.enabled)
    return { success: false, message: "Mobile call capture is turned off. Turn it on and save, then test again." };
  if (mobile.lastEventAt)
    return {
      success: true,
      message: `Events from ${number} are reaching Minutely; the last one arrived ${formatLocalDateTime(mobile.lastEventAt, options.timezone)}.`,
    };
  const landline = await findLandline(db, options);
  if (!landline || !isTwilioCompatible(landline.provider))
    return {
      success: false,
      message: `No call or text from ${number} has reached Minutely yet. Texts and calls reach it through a Twilio or SignalWire number: set one up under Landline/Office, then text CALL_START to it from ${number}.`,
    };
  const { smsWebhookUrl } = phoneWebhookUrls(options.origin, landline);
  const twilioNumber = phoneConfigOf(landline).phoneNumber ?? "your Twilio number";
  const tokenNote = landlineSecretOf(box, landline).authToken
    ? ""
    : " Also add its auth token under Landline/Office, or the texts cannot be verified.";
  return {
    success: false,
    message: `No call or text from ${number} has reached Minutely yet. Text CALL_START to your Twilio number (${twilioNumber}) from ${number}, then CALL_END, and test again. Its messaging webhook must point to ${smsWebhookUrl}.${tokenNote}`,
  };
}
