import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  CONFIGURE_PHONE_FIRST,
  compactPhoneNumber,
  displayPhoneNumber,
  isTwilioCompatible,
  LANDLINE_PROVIDER_LABELS,
  type LandlineProvider,
} from "../../../core/contracts/phone.js";
import { AppError, notFound } from "../../../core/errors.js";
import { toE164 } from "../../../core/phone-numbers.js";
import type { Db } from "../../db/client.js";
import { callTestSessions, type users } from "../../db/schema/index.js";
import { findLandline } from "./landline-settings.js";
import { phoneWebhookUrls } from "./webhook-urls.js";

type TestUser = Pick<typeof users.$inferSelect, "id" | "phoneNumber" | "phoneExtension">;

/** POST /api/calls/test: opens a session for the user's configured number (ending any earlier one of theirs). */
export async function startCallTest(
  db: Db,
  options: { accountId: number; user: TestUser; country: string; now: Date },
): Promise<{ sessionId: string; message: string }> {
  const { user, now } = options;
  if (!user.phoneNumber) throw new AppError("bad_request", CONFIGURE_PHONE_FIRST);
  const phoneNumber = toE164(user.phoneNumber, options.country) ?? compactPhoneNumber(user.phoneNumber);
  const sessionId = randomBytes(18).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .update(callTestSessions)
      .set({ endedAt: now })
      .where(
        and(
          eq(callTestSessions.accountId, options.accountId),
          eq(callTestSessions.userId, user.id),
          isNull(callTestSessions.endedAt),
        ),
      );
    await tx
      .insert(callTestSessions)
      .values({ id: sessionId, accountId: options.accountId, userId: user.id, phoneNumber, startedAt: now });
  });
  const display = displayPhoneNumber(user.phoneNumber, user.phoneExtension);
  return { sessionId, message: `Test started. Call or text ${display} now, then press End Test.` };
}

const SOURCE_LABELS: Record<string, string> = {
  twilio: "a Twilio call event",
  signalwire: "a SignalWire call event",
  sms: "a text message",
  webhook: "your phone system's signed webhook",
};

/**
 * POST /api/calls/test/{sessionId}/end: detected only when a verified event with the session's number
 * arrived while it was open (detectTestCall); otherwise a plain account of what was missing.
 */
export async function endCallTest(
  db: Db,
  options: { accountId: number; userId: number; sessionId: string; origin: string; now: Date },
): Promise<{ detected: boolean; message: string; duration: number | null }> {
  const [session] = await db
    .update(callTestSessions)
    .set({ endedAt: options.now })
    .where(
      and(
        eq(callTestSessions.id, options.sessionId),
        eq(callTestSessions.accountId, options.accountId),
        isNull(callTestSessions.endedAt),
      ),
    )
    .returning();
  if (!session) throw notFound("Test session");
  if (session.detectedAt) {
    const duration = session.detectedDurationSeconds;
    const via = SOURCE_LABELS[session.detectedSource ?? ""] ?? "a verified event";
    return {
      detected: true,
      duration,
      message: `Call detected: ${via} for ${session.phoneNumber} reached Minutely${duration === null ? "" : ` (duration ${duration} seconds)`}.`,
    };
  }
  return { detected: false, duration: null, message: await missingMessage(db, options, session.phoneNumber) };
}

async function missingMessage(
  db: Db,
  options: { accountId: number; userId: number; origin: string },
  phoneNumber: string,
): Promise<string> {
  const start = `No call or text from ${phoneNumber} reached Minutely during the test.`;
  const landline = await findLandline(db, options);
  if (!landline)
    return `${start} Connect your phone provider under Settings → Integrations → Landline/Office, so its call events reach Minutely.`;
  const label = LANDLINE_PROVIDER_LABELS[landline.provider as LandlineProvider] ?? landline.provider;
  if (!landline.enabled)
    return `${start} Call capture for your ${label} line is turned off in Settings → Integrations → Landline/Office.`;
  const urls = phoneWebhookUrls(options.origin, landline);
  if (isTwilioCompatible(landline.provider)) {
    return `${start} Check that your ${label} number's voice and messaging webhooks point to ${urls.voiceWebhookUrl} and ${urls.smsWebhookUrl}.`;
  }
  return `${start} Check that your phone system sends signed call events to ${urls.genericWebhookUrl}.`;
}

/**
 * Called by every phone webhook after verification: marks the open test sessions of the account whose
 * number is among the event's. The first detection sticks; a later event may add the call's length.
 */
export async function detectTestCall(
  db: Db,
  options: { accountId: number; numbers: string[]; source: string; durationSeconds: number | null; at: Date },
): Promise<void> {
  const numbers = [...new Set(options.numbers.filter(Boolean))];
  if (!numbers.length) return;
  await db
    .update(callTestSessions)
    .set({
      detectedAt: sql`coalesce(${callTestSessions.detectedAt}, ${options.at.toISOString()}::timestamptz)`,
      detectedSource: sql`coalesce(${callTestSessions.detectedSource}, ${options.source})`,
      detectedDurationSeconds:
        options.durationSeconds === null
          ? sql`${callTestSessions.detectedDurationSeconds}`
          : sql`${Math.round(options.durationSeconds)}::integer`,
    })
    .where(
      and(
        eq(callTestSessions.accountId, options.accountId),
        isNull(callTestSessions.endedAt),
        lte(callTestSessions.startedAt, options.at),
        inArray(callTestSessions.phoneNumber, numbers),
      ),
    );
}
