import { and, eq, isNotNull, sql } from "drizzle-orm";
import { toE164 } from "../../../core/phone-numbers.js";
import { displayPhoneNumber, type PhoneIntegrationJson, type PhoneIntegrationRequest } from "../../../core/contracts/phone.js";
import type { Db } from "../../db/client.js";
import { callTestSessions, calls, users } from "../../db/schema/index.js";
import { findLandline } from "./landline-settings.js";
import { findMobile } from "./mobile-settings.js";

type UserPhoneFields = Pick<
  typeof users.$inferSelect,
  "id" | "phoneNumber" | "phoneExtension" | "phoneProvider" | "phoneIntegrationEnabled"
>;

/** The user's phone fields and the display number. */
export function presentPhoneIntegration(user: UserPhoneFields): PhoneIntegrationJson {
  return {
    id: user.id,
    phoneNumber: user.phoneNumber,
    phoneExtension: user.phoneExtension,
    phoneProvider: user.phoneProvider,
    phoneDisplayNumber: displayPhoneNumber(user.phoneNumber, user.phoneExtension),
    phoneIntegrationEnabled: user.phoneIntegrationEnabled,
  };
}

/** PUT /api/user/phone-integration: the display number is derived here, never taken from the request. */
export async function updatePhoneIntegration(
  db: Db,
  options: { accountId: number; userId: number; input: PhoneIntegrationRequest; now: Date },
): Promise<PhoneIntegrationJson> {
  const { input } = options;
  const [row] = await db
    .update(users)
    .set({
      phoneNumber: input.phoneNumber,
      phoneExtension: input.phoneExtension,
      phoneProvider: input.phoneProvider,
      phoneIntegrationEnabled: input.phoneIntegrationEnabled,
      updatedAt: options.now,
    })
    .where(and(eq(users.id, options.userId), eq(users.accountId, options.accountId)))
    .returning();
  return presentPhoneIntegration(row!);
}

/**
 * GET /api/integrations/status: each flag true only when that method has really
 * received a verified event — the landline and the mobile by their rows' last event, the user's phone
 * system when it is on and a captured call (or a detected call test) involved its number.
 */
export async function getIntegrationStatus(
  db: Db,
  options: { accountId: number; userId: number; user: UserPhoneFields; country: string },
): Promise<{ phone: boolean; mobile: boolean; landline: boolean }> {
  const [landline, mobile] = await Promise.all([findLandline(db, options), findMobile(db, options)]);
  let phone = false;
  const number = options.user.phoneNumber ? toE164(options.user.phoneNumber, options.country) : null;
  if (options.user.phoneIntegrationEnabled && number) {
    const [hit] = await db
      .select({ id: calls.id })
      .from(calls)
      .where(
        and(eq(calls.accountId, options.accountId), sql`${calls.participants} @> ${JSON.stringify([{ phone: number }])}::jsonb`),
      )
      .limit(1);
    const [tested] = hit
      ? [hit]
      : await db
          .select({ id: callTestSessions.id })
          .from(callTestSessions)
          .where(
            and(
              eq(callTestSessions.accountId, options.accountId),
              eq(callTestSessions.phoneNumber, number),
              isNotNull(callTestSessions.detectedAt),
            ),
          )
          .limit(1);
    phone = Boolean(tested);
  }
  return {
    phone,
    mobile: Boolean(mobile?.enabled && mobile.lastEventAt),
    landline: Boolean(landline?.enabled && landline.lastEventAt),
  };
}
