import { toRoundingScope } from "../../core/pricing/rounding-scope.js";
import type { Profession, SettingsResponse } from "../../core/contracts/settings.js";
import type { Currency } from "../../core/money.js";
import { centsToDecimal } from "../../core/money.js";
import type { AccountRow, UserRow } from "../auth/sessions.js";

/** Settings as the API shows them: billing defaults, firm and time zone from the account, the profile from the user. */
export function presentSettings(user: UserRow, account: AccountRow): SettingsResponse {
  return {
    defaultBillingRate: centsToDecimal(account.defaultRateCents),
    billingType: account.billingType as SettingsResponse["billingType"],
    minimumBillingMinutes: account.minimumBillingMinutes,
    roundingIncrementMinutes: account.roundingIncrementMinutes,
    roundingScope: toRoundingScope(account.roundingScope),
    weeklyWorkingHours: account.weeklyWorkingHours,
    currency: account.currency as Currency,
    invoicePrefix: account.invoicePrefix,
    paymentTermsDays: account.paymentTermsDays,
    phoneCountry: account.phoneCountry,
    minCaptureSeconds: account.minCaptureSeconds,
    membersSeeRates: account.membersSeeRates,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    profession: user.profession as Profession | null,
    firmName: account.firmName,
    timezone: account.timezone,
  };
}
