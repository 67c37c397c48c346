import { eq } from "drizzle-orm";
import type { LegalBillingSettingsJson } from "../../core/contracts/legal-billing.js";
import type { TimekeeperClassification } from "../../core/ledes/legal-codes.js";
import type { UserRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { legalBillingSettings, timekeepers } from "../db/schema/index.js";

export type LegalSettingsInput = {
  enabled: boolean;
  lawFirmId: string | null;
  timekeeperId: string | null;
  timekeeperName: string | null;
  timekeeperClassification: TimekeeperClassification | null;
};

/** A user's name as TIMEKEEPER_NAME when no timekeeper name was set ("Jane Doe", else the email). */
export const userDisplayName = (user: Pick<UserRow, "firstName" | "lastName" | "email">): string =>
  [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.email;

/** Whether the account turned legal e-billing on (off when it never saved the section). */
export async function isLegalBillingEnabled(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabled: legalBillingSettings.enabled })
    .from(legalBillingSettings)
    .where(eq(legalBillingSettings.accountId, accountId));
  return row?.enabled ?? false;
}

/** Settings → Billing → Legal e-billing as the signed-in user sees it: the account's switch and id, and their own timekeeper row. */
export async function getLegalBillingSettings(
  db: Db,
  options: { accountId: number; user: UserRow },
): Promise<LegalBillingSettingsJson> {
  const [settings] = await db.select().from(legalBillingSettings).where(eq(legalBillingSettings.accountId, options.accountId));
  const [timekeeper] = await db.select().from(timekeepers).where(eq(timekeepers.userId, options.user.id));
  return {
    enabled: settings?.enabled ?? false,
    lawFirmId: settings?.lawFirmId ?? null,
    timekeeperId: timekeeper?.timekeeperId ?? null,
    timekeeperName: timekeeper?.name ?? null,
    defaultTimekeeperName: userDisplayName(options.user),
    timekeeperClassification: (timekeeper?.classification as TimekeeperClassification | null | undefined) ?? null,
  };
}

/** Saves the section in one transaction: the account's row and the user's timekeeper row (upserts). */
export async function updateLegalBillingSettings(
  db: Db,
  options: { accountId: number; user: UserRow; input: LegalSettingsInput; now: Date },
): Promise<LegalBillingSettingsJson> {
  const { accountId, user, input, now } = options;
  await db.transaction(async (tx) => {
    await tx
      .insert(legalBillingSettings)
      .values({ accountId, enabled: input.enabled, lawFirmId: input.lawFirmId, updatedAt: now })
      .onConflictDoUpdate({
        target: legalBillingSettings.accountId,
        set: { enabled: input.enabled, lawFirmId: input.lawFirmId, updatedAt: now },
      });
    const timekeeper = {
      timekeeperId: input.timekeeperId,
      name: input.timekeeperName,
      classification: input.timekeeperClassification,
      updatedAt: now,
    };
    await tx
      .insert(timekeepers)
      .values({ userId: user.id, accountId, ...timekeeper })
      .onConflictDoUpdate({ target: timekeepers.userId, set: timekeeper });
  });
  return getLegalBillingSettings(db, { accountId, user });
}
