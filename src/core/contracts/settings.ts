import { z } from "zod";
import { CURRENCIES, parseDecimalToCents } from "../money.js";
import { canonicalTimeZone } from "../period.js";
import { isSupportedCountry } from "../phone-countries.js";
import { ROUNDING_SCOPES } from "../pricing/rounding-scope.js";
import { BILLING_TYPES } from "../pricing/rules.js";
import { PROFESSIONS } from "./auth.js";
import { emailAddress, text } from "./common.js";
import { money } from "./response-fields.js";

export { BILLING_TYPES, CURRENCIES, PROFESSIONS };

/** Choices of the Billing tab (docs/decisions.md D8). */
export const ROUNDING_INCREMENT_CHOICES = [1, 6, 15, 30] as const;
export const PAYMENT_TERMS_CHOICES = [15, 30, 45, 60] as const;
export type Profession = (typeof PROFESSIONS)[number];

/** The highest rate anyone can save, so every amount stays an exact integer of cents in the database. */
export const MAX_RATE_CENTS = 10_000_000;
/** The longest minimum billable time: one day. */
export const MAX_MINIMUM_MINUTES = 1440;
/** Working hours a week (the Analytics page's utilization): at most every hour of the week. */
export const MAX_WEEKLY_WORKING_HOURS = 168;

/** "150", "150.5", 150.5 → "150.50"; a rate with at most 2 decimals between 0 and 100,000.00. */
export function decimalRate(label: string) {
  return z.union([text(), z.number()], { error: `${label} must be an amount such as 150.00` }).transform((value, ctx) => {
    const cents = parseDecimalToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: `${label} must be an amount such as 150.00` });
      return z.NEVER;
    }
    if (cents > MAX_RATE_CENTS) {
      ctx.addIssue({ code: "custom", message: `${label} must be 100,000.00 or less` });
      return z.NEVER;
    }
    return cents;
  });
}

/** A whole number from a JSON number or a numeric string (form inputs give strings). */
export function wholeNumber(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z
    .union([z.number(), text().trim().regex(/^\d+$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

/** One of a fixed list of numbers, also from a numeric string. */
export function numberChoice<T extends readonly number[]>(choices: T, message: string) {
  return z
    .union([z.number(), text().trim().regex(/^\d+$/, message)], { error: message })
    .transform(Number)
    .refine((value): value is T[number] => choices.includes(value), message);
}

export const billingTypeField = z.enum(BILLING_TYPES, { error: "Billing type must be minute, hour or call" });
export const roundingIncrementField = numberChoice(
  ROUNDING_INCREMENT_CHOICES,
  "Rounding increment must be 1, 6, 15 or 30 minutes",
);
export const minimumMinutesField = wholeNumber("Minimum billing minutes", 0, MAX_MINIMUM_MINUTES);
export const ROUNDING_SCOPE_MESSAGE = "Rounding scope must be entry, day or invoice";
export const roundingScopeField = z.enum(ROUNDING_SCOPES, { error: ROUNDING_SCOPE_MESSAGE });
export const weeklyWorkingHoursField = wholeNumber("Working hours a week", 1, MAX_WEEKLY_WORKING_HOURS);

export const PHONE_COUNTRY_MESSAGE = "Choose the country your phone numbers are in";
/** The longest call capture may ignore as too short: one hour. */
export const MAX_MIN_CAPTURE_SECONDS = 3600;

/** Call capture: the country national numbers are read in (E.164 matching), upper case as stored. */
export const phoneCountryField = text({ error: PHONE_COUNTRY_MESSAGE })
  .trim()
  .toUpperCase()
  .refine(isSupportedCountry, PHONE_COUNTRY_MESSAGE);
/** Call capture: captured calls shorter than this many seconds are dropped (missed and dropped calls); 0 keeps all. */
export const minCaptureSecondsField = wholeNumber("Minimum call length", 0, MAX_MIN_CAPTURE_SECONDS);

const trimmedOptional = (label: string, max: number) =>
  text({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null));

/** IANA names this runtime lists ("America/New_York"); older ICU lists some legacy links ("Asia/Calcutta"). */
export function timeZoneNames(): string[] {
  return typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
}

/**
 * The spelling to store for a zone the user chose, or null when it is unknown: their name as
 * written when the platform knows it (so "Asia/Kolkata" is not turned into the legacy
 * "Asia/Calcutta"), with its letter case corrected when it differs only in case.
 */
export function storedTimeZone(input: string): string | null {
  const name = input.trim();
  const canonical = canonicalTimeZone(name);
  if (!canonical) return null;
  const lower = name.toLowerCase();
  if (canonical.toLowerCase() === lower) return canonical;
  return timeZoneNames().find((zone) => zone.toLowerCase() === lower) ?? name;
}

/** Billing tab: the account's defaults (docs/decisions.md D8). */
export const billingSettingsShape = {
  defaultBillingRate: decimalRate("Default billing rate"),
  billingType: billingTypeField,
  minimumBillingMinutes: minimumMinutesField,
  roundingIncrementMinutes: roundingIncrementField,
  roundingScope: roundingScopeField,
  weeklyWorkingHours: weeklyWorkingHoursField,
  currency: text({ error: "Currency must be usd, eur, gbp or cad" })
    .trim()
    .toLowerCase()
    .pipe(z.enum(CURRENCIES, { error: "Currency must be usd, eur, gbp or cad" })),
  invoicePrefix: text({ error: "Invoice prefix must be text" })
    .trim()
    .min(1, "Invoice prefix is required")
    .max(20, "Invoice prefix must be at most 20 characters")
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9 _./#-]*$/,
      "Invoice prefix may use letters, digits, spaces and - _ . / #, starting with a letter or digit",
    ),
  paymentTermsDays: numberChoice(PAYMENT_TERMS_CHOICES, "Payment terms must be 15, 30, 45 or 60 days"),
  phoneCountry: phoneCountryField,
  minCaptureSeconds: minCaptureSecondsField,
};

export const EMAIL_CHANGE_NEEDS_PASSWORD = "Enter your current password to change your email";
export const EMAIL_CHANGE_WRONG_PASSWORD = "Current password is incorrect";

/**
 * Asked only when the sign-in email changes (docs/security.md): someone holding a session must not
 * move the account to an address they choose without knowing its password. "" means not given.
 */
export const currentPasswordField = text({ error: "Current password must be text" })
  .max(200, EMAIL_CHANGE_WRONG_PASSWORD)
  .optional()
  .transform((value) => (value ? value : undefined));

/** Profile tab: the signed-in user, plus the firm name and time zone of the account. */
export const profileSettingsShape = {
  firstName: text({ error: "First name is required" }).trim().min(1, "First name is required").max(100, "First name is too long"),
  lastName: text({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100, "Last name is too long"),
  email: emailAddress,
  profession: z
    .union([z.enum(PROFESSIONS), z.literal(""), z.null()], {
      error: "Profession must be lawyer, doctor, consultant, therapist, accountant or other",
    })
    .transform((value) => (value ? value : null)),
  firmName: trimmedOptional("Company name", 200),
  timezone: text({ error: "Time zone must be an IANA name such as America/New_York" }).transform((value, ctx) => {
    const canonical = storedTimeZone(value);
    if (!canonical) {
      ctx.addIssue({ code: "custom", message: "Time zone must be an IANA name such as America/New_York" });
      return z.NEVER;
    }
    return canonical;
  }),
  currentPassword: currentPasswordField,
};

/** The Billing tab's form and the billing half of PUT /api/settings. */
export const billingSettingsForm = z.object(billingSettingsShape);
export type BillingSettingsFormInput = z.input<typeof billingSettingsForm>;

/** The Profile tab's form and the profile half of PUT /api/settings. */
export const profileSettingsForm = z.object(profileSettingsShape);
export type ProfileSettingsFormInput = z.input<typeof profileSettingsForm>;

/**
 * PUT /api/settings: any subset of the fields (each tab saves its own). Unknown fields are
 * refused so a misspelt field never looks saved. Rates come back as integer cents.
 */
export const updateSettingsRequest = z
  .object({
    ...billingSettingsShape,
    ...profileSettingsShape,
    /** "Members may see rates and amounts" (Settings → Team; issue 26 §2). */
    membersSeeRates: z.boolean({ error: "membersSeeRates must be true or false" }),
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).some((key) => key !== "currentPassword"), "Send at least one setting to change");
export type UpdateSettingsRequest = z.output<typeof updateSettingsRequest>;

/** GET and PUT /api/settings answer. */
export const settingsResponse = z.object({
  defaultBillingRate: money,
  billingType: z.enum(BILLING_TYPES),
  minimumBillingMinutes: z.number().int().nonnegative(),
  roundingIncrementMinutes: z.number().int().positive(),
  roundingScope: z
    .enum(ROUNDING_SCOPES)
    .describe("Where rounding and the minimum apply: each call, each day's total or each invoice's total"),
  weeklyWorkingHours: z.number().int().positive().describe("Hours a week the practice works: utilization on the Analytics page"),
  currency: z.enum(CURRENCIES),
  invoicePrefix: text(),
  paymentTermsDays: z.number().int().positive(),
  phoneCountry: text().describe("ISO 3166-1 alpha-2 country whose national phone numbers captured calls are read in"),
  minCaptureSeconds: z.number().int().nonnegative().describe("Captured calls shorter than this are ignored; 0 keeps every call"),
  membersSeeRates: z.boolean().describe("Members may see rates and amounts (off: their answers carry none)"),
  firstName: text().nullable(),
  lastName: text().nullable(),
  email: text(),
  emailVerified: z.boolean().describe("Whether the owner proved `email` by a mailed link (ADMIN_EMAILS counts only then)"),
  profession: z.enum(PROFESSIONS).nullable(),
  firmName: text().nullable(),
  timezone: text(),
});
export type SettingsResponse = z.infer<typeof settingsResponse>;
