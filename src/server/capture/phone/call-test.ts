import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
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
import { compiledOnce } from "../../db/compiled-statement.js";
import { queryPrepared } from "../../db/prepared-query.js";
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
 * One prepared statement (db/compiled-statement.ts), run on its own: call_test_sessions is not audited, so
 * it needs no transaction to carry the audit actor (through drizzle it was four trips: BEGIN, the actor,
 * the update, COMMIT).
 */
export async function detectTestCall(
  db: Db,
  options: { accountId: number; numbers: string[]; source: string; durationSeconds: number | null; at: Date },
): Promise<void> {
  const numbers = [...new Set(options.numbers.filter(Boolean))];
  if (!numbers.length) return;
  await queryPrepared(
    db,
    detectStatement({
      accountId: options.accountId,
      numbers: JSON.stringify(numbers),
      source: options.source,
      durationSeconds: options.durationSeconds === null ? null : Math.round(options.durationSeconds),
      at: options.at.toISOString(),
    }),
  );
}

const p = (name: string) => sql.placeholder(name);
const column = (key: keyof typeof callTestSessions.$inferSelect) => sql.identifier(callTestSessions[key].name);
const detectStatement = compiledOnce<{ accountId: number; numbers: string; source: string; durationSeconds: number | null; at: string }>(
  sql`update ${callTestSessions} set
      ${column("detectedAt")} = coalesce(${callTestSessions.detectedAt}, ${p("at")}::timestamptz),
      ${column("detectedSource")} = coalesce(${callTestSessions.detectedSource}, ${p("source")}::text),
      ${column("detectedDurationSeconds")} = coalesce(${p("durationSeconds")}::integer, ${callTestSessions.detectedDurationSeconds})
    where ${callTestSessions.accountId} = ${p("accountId")}::integer and ${callTestSessions.endedAt} is null
      and ${callTestSessions.startedAt} <= ${p("at")}::timestamptz
      and ${callTestSessions.phoneNumber} = any (array(select json_array_elements_text(${p("numbers")}::json)))`,
);
