import type { UserRow } from "../auth/sessions.js";

/**
 * The one rule for administrator rights (docs/decisions.md D11): the stored role granted
 * by `npm run admin -- grant EMAIL`, or an address named in ADMIN_EMAILS whose owner has proved it by
 * opening a mailed link. A name in ADMIN_EMAILS alone is not enough: anyone can type any address into
 * sign-up or the profile form.
 */
export function isAdministrator(
  user: Pick<UserRow, "email" | "isAdmin" | "emailVerifiedAt">,
  adminEmails: readonly string[],
): boolean {
  if (user.isAdmin) return true;
  return user.emailVerifiedAt !== null && adminEmails.includes(user.email.toLowerCase());
}
