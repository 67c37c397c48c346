import type { SessionUser } from "../../core/contracts/auth.js";
import { centsToDecimal } from "../../core/money.js";
import { seesRates, withoutRates } from "../../core/work-visibility.js";
import { isAdministrator } from "../admin/is-administrator.js";
import type { AccountRow, UserRow } from "./sessions.js";

/**
 * The session user as the API shows it: profile from the user, billing defaults from the account; the default
 * rate only for a role that sees rates (issue 26 §2: sign-in and joining answer before a session exists, and
 * GET /api/auth/user is written as text, so the rate-hiding hook sees none of them).
 */
export function presentUser(user: UserRow, account: AccountRow, adminEmails: readonly string[]): SessionUser {
  const presented = presentAllOfUser(user, account, adminEmails);
  return seesRates(user.role, account) ? presented : withoutRates(presented);
}

function presentAllOfUser(user: UserRow, account: AccountRow, adminEmails: readonly string[]): SessionUser {
  return {
    id: user.id,
    accountId: account.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profession: user.profession,
    firmName: account.firmName,
    timezone: account.timezone,
    defaultBillingRate: centsToDecimal(account.defaultRateCents),
    billingType: account.billingType as SessionUser["billingType"],
    minimumBillingMinutes: account.minimumBillingMinutes,
    roundingIncrementMinutes: account.roundingIncrementMinutes,
    roundingScope: account.roundingScope,
    currency: account.currency,
    invoicePrefix: account.invoicePrefix,
    paymentTermsDays: account.paymentTermsDays,
    phoneNumber: user.phoneNumber,
    phoneExtension: user.phoneExtension,
    phoneProvider: user.phoneProvider,
    plan: account.plan,
    billingCycle: account.billingCycle,
    subscriptionStatus: account.subscriptionStatus,
    trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
    isAdmin: isAdministrator(user, adminEmails),
    role: user.role as SessionUser["role"],
    createdAt: user.createdAt.toISOString(),
  };
}
