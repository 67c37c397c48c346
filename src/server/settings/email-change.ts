import { and, eq } from "drizzle-orm";
import {
  EMAIL_CHANGE_NEEDS_PASSWORD,
  EMAIL_CHANGE_WRONG_PASSWORD,
  type UpdateSettingsRequest,
} from "../../core/contracts/settings.js";
import { AppError } from "../../core/errors.js";
import { verifyPassword } from "../auth/passwords.js";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";
import { consumeRateLimit } from "../http/rate-limit.js";

/** Attempts to change the email per user; counted before the password is checked, so guessing it here is as slow as at sign-in. */
const EMAIL_CHANGE_LIMIT = { limit: 10, windowSeconds: 900 };
const EMAIL_CHANGE_TOO_OFTEN = "Too many attempts to change your email. Try again in 15 minutes.";

/**
 * Whether this save moves the account to another sign-in address; if so, only with the current
 * password (a borrowed session must not take the account, or an ADMIN_EMAILS
 * address, for itself). Refuses with a 400 naming the field, before anything is written.
 */
export async function isEmailChange(
  db: Db,
  options: { accountId: number; userId: number; input: Pick<UpdateSettingsRequest, "email" | "currentPassword">; now: Date },
): Promise<boolean> {
  const { accountId, userId, input, now } = options;
  if (input.email === undefined) return false;
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .limit(1);
  if (!user) throw new AppError("not_found", "Account not found");
  if (user.email.toLowerCase() === input.email.toLowerCase()) return false;
  if (!input.currentPassword) throw passwordError(EMAIL_CHANGE_NEEDS_PASSWORD);
  await consumeRateLimit(db, `email-change:user:${userId}`, EMAIL_CHANGE_LIMIT, now, EMAIL_CHANGE_TOO_OFTEN);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw passwordError(EMAIL_CHANGE_WRONG_PASSWORD);
  return true;
}

function passwordError(message: string): AppError {
  return new AppError("validation_error", message, [{ path: "currentPassword", message }]);
}
