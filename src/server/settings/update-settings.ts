import { and, eq, ne, sql } from "drizzle-orm";
import type { UpdateSettingsRequest } from "../../core/contracts/settings.js";
import { AppError } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { accounts, users } from "../db/schema/index.js";
import { isUniqueViolation } from "../http/database-errors.js";
import { isEmailChange } from "./email-change.js";

export const SETTINGS_EMAIL_TAKEN = "This email address is already used by another account. Choose a different one.";

type UpdateSettingsOptions = { accountId: number; userId: number; input: UpdateSettingsRequest; now: Date };

/**
 * Saves any subset of the settings in one transaction: billing defaults, call capture (phone
 * country, minimum call length), firm name and time zone on the account, the profile on the user.
 * A new rate applies to clients without their own rate and to calls priced from now on; calls
 * already priced keep their rules (docs/decisions.md D8).
 */
export async function updateSettings(db: Db, options: UpdateSettingsOptions) {
  const { accountId, userId, input, now } = options;
  const accountChanges = {
    ...(input.defaultBillingRate !== undefined && { defaultRateCents: input.defaultBillingRate }),
    ...(input.billingType !== undefined && { billingType: input.billingType }),
    ...(input.minimumBillingMinutes !== undefined && { minimumBillingMinutes: input.minimumBillingMinutes }),
    ...(input.roundingIncrementMinutes !== undefined && { roundingIncrementMinutes: input.roundingIncrementMinutes }),
    ...(input.roundingScope !== undefined && { roundingScope: input.roundingScope }),
    ...(input.weeklyWorkingHours !== undefined && { weeklyWorkingHours: input.weeklyWorkingHours }),
    ...(input.currency !== undefined && { currency: input.currency }),
    ...(input.invoicePrefix !== undefined && { invoicePrefix: input.invoicePrefix }),
    ...(input.paymentTermsDays !== undefined && { paymentTermsDays: input.paymentTermsDays }),
    ...(input.phoneCountry !== undefined && { phoneCountry: input.phoneCountry }),
    ...(input.minCaptureSeconds !== undefined && { minCaptureSeconds: input.minCaptureSeconds }),
    ...(input.firmName !== undefined && { firmName: input.firmName }),
    ...(input.timezone !== undefined && { timezone: input.timezone }),
    ...(input.membersSeeRates !== undefined && { membersSeeRates: input.membersSeeRates }),
  };
  const userChanges = {
    ...(input.firstName !== undefined && { firstName: input.firstName }),
    ...(input.lastName !== undefined && { lastName: input.lastName }),
    ...(input.email !== undefined && { email: input.email }),
    ...(input.profession !== undefined && { profession: input.profession }),
  };
  // A new address needs the current password, and its owner has proved nothing yet (ADMIN_EMAILS).
  const emailChanged = await isEmailChange(db, { accountId, userId, input, now });

  try {
    return await db.transaction(async (tx) => {
      if (input.email !== undefined && (await emailUsedByAnother(tx, input.email, userId))) {
        throw new AppError("conflict", SETTINGS_EMAIL_TAKEN);
      }
      const [account] = await tx
        .update(accounts)
        .set({ ...accountChanges, updatedAt: now })
        .where(eq(accounts.id, accountId))
        .returning();
      const [user] = await tx
        .update(users)
        .set({ ...userChanges, ...(emailChanged && { emailVerifiedAt: null }), updatedAt: now })
        .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
        .returning();
      if (!account || !user) throw new AppError("not_found", "Account not found");
      return { account, user };
    });
  } catch (error) {
    // Two requests racing for the same address: the unique index decides, with the same message.
    if (isUniqueViolation(error)) throw new AppError("conflict", SETTINGS_EMAIL_TAKEN);
    throw error;
  }
}

async function emailUsedByAnother(db: Db, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}
