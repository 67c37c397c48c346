import { z } from "zod";
import { ROLES } from "../permissions.js";
import { BILLING_CYCLES, PLAN_IDS } from "../plans.js";
import { text } from "./common.js";
import { count, id, instant, money, rateField } from "./response-fields.js";

/** Validation messages word for word as the product specifies them. */
const email = text({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .email("Please enter a valid email address")
  .max(254, "Email address is too long");
const password = text({ error: "Password must be at least 6 characters" })
  .min(6, "Password must be at least 6 characters")
  .max(200, "Password is too long");

export const loginRequest = z.object({
  email,
  password: text({ error: "Password must be at least 6 characters" })
    .min(6, "Password must be at least 6 characters")
    .max(200, "Password is too long"),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The sign-up form (browser only; confirmPassword never leaves it). */
export const registrationForm = z
  .object({
    firstName: text({ error: "First name is required" })
      .trim()
      .min(1, "First name is required")
      .max(100, "First name is too long"),
    lastName: text({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100, "Last name is too long"),
    email,
    password,
    confirmPassword: text({ error: "Please confirm your password" }).min(6, "Please confirm your password"),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type RegistrationForm = z.infer<typeof registrationForm>;

export const createSubscriptionRequest = z.object({
  firstName: text({ error: "First name is required" }).trim().min(1, "First name is required").max(100, "First name is too long"),
  lastName: text({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100, "Last name is too long"),
  email,
  password,
  plan: z.enum(PLAN_IDS, { error: "Choose the Individual or Team plan" }),
  billingCycle: z.enum(BILLING_CYCLES, { error: "Choose monthly or annual billing" }),
  /** The browser's IANA time zone, so periods are right from the first day (docs/decisions.md D7). */
  timezone: text().max(64).optional(),
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequest>;

/**
 * Answer of create-subscription. `mode: "trial"` means no card is needed and the plan step
 * goes straight to complete-registration; `mode: "payment"` carries the provider's clientSecret.
 */
export const createSubscriptionResponse = z.object({
  mode: z.enum(["trial", "payment"]),
  clientSecret: text().nullable(),
  publishableKey: text().nullable(),
  trialDays: count,
  plan: text(),
  billingCycle: text(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponse>;

export const BILLING_TYPES = ["minute", "hour", "call"] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

export const PROFESSIONS = ["lawyer", "doctor", "consultant", "therapist", "accountant", "other"] as const;

/** The session user as `GET /api/auth/user` and `POST /api/auth/login` answer it. */
export const sessionUser = z.object({
  id,
  accountId: id,
  email: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  profession: text().nullable(),
  firmName: text().nullable(),
  timezone: text(),
  defaultBillingRate: rateField(money),
  billingType: z.enum(BILLING_TYPES),
  minimumBillingMinutes: count,
  roundingIncrementMinutes: count,
  roundingScope: text().describe("entry, day or invoice: where rounding and the minimum apply (core/pricing/rounding-scope.ts)"),
  currency: text(),
  invoicePrefix: text(),
  paymentTermsDays: count,
  phoneNumber: text().nullable(),
  phoneExtension: text().nullable(),
  phoneProvider: text().nullable(),
  plan: text(),
  billingCycle: text(),
  subscriptionStatus: text(),
  trialEndsAt: instant.nullable(),
  isAdmin: z.boolean(),
  /** The person's role in the practice (core/permissions.ts): the web hides what it cannot do. */
  role: z.enum(ROLES),
  createdAt: instant,
});
export type SessionUser = z.infer<typeof sessionUser>;

/** POST /api/auth/logout. */
export const logoutResponse = z.object({ success: z.literal(true) });

/** GET /api/health: answers only when the database does. */
export const healthResponse = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });
