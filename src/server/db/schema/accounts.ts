import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { MAX_WEEKLY_WORKING_HOURS } from "../../../core/contracts/settings.js";
import { ROLES } from "../../../core/permissions.js";
import { billingRuleChecks, roundingScopeCheck } from "./billing-rule-checks.js";
import { id, instant, timestamps } from "./columns.js";

/**
 * An account is the practice that pays: plan, billing defaults and the time zone every
 * period is computed in. Every customer-data table carries `account_id` (partition key).
 */
export const accounts = pgTable(
  "accounts",
  {
    id: id(),
    plan: text().notNull().default("individual"),
    billingCycle: text("billing_cycle").notNull().default("monthly"),
    subscriptionStatus: text("subscription_status").notNull().default("trialing"),
    trialEndsAt: instant("trial_ends_at"),
    paymentCustomerId: text("payment_customer_id"),
    paymentSubscriptionId: text("payment_subscription_id"),
    /** End of the paid period Stripe last reported (next payment date). */
    currentPeriodEnd: instant("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /**
     * Creation time of the newest payment-provider event applied to this account: an older event
     * arriving late never overwrites newer state.
     */
    subscriptionEventAt: instant("subscription_event_at"),
    firmName: text("firm_name"),
    timezone: text().notNull().default("UTC"),
    defaultRateCents: integer("default_rate_cents").notNull().default(15000),
    billingType: text("billing_type").notNull().default("hour"),
    minimumBillingMinutes: integer("minimum_billing_minutes").notNull().default(0),
    roundingIncrementMinutes: integer("rounding_increment_minutes").notNull().default(1),
    /** Where rounding and the minimum apply: each call, each day's total, each invoice's total (core/pricing/rounding-scope.ts). */
    roundingScope: text("rounding_scope").notNull().default("entry"),
    /** Hours a week the practice works: the denominator of utilization on the Analytics page. */
    weeklyWorkingHours: integer("weekly_working_hours").notNull().default(40),
    currency: text().notNull().default("usd"),
    invoicePrefix: text("invoice_prefix").notNull().default("INV-"),
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    /** ISO 3166 country whose national phone numbers are read as local (E.164 normalisation for capture). */
    phoneCountry: text("phone_country").notNull().default("US"),
    /** Captured calls shorter than this are ignored (missed and dropped calls); 0 keeps every call. */
    minCaptureSeconds: integer("min_capture_seconds").notNull().default(0),
    /** Next invoice sequence; taken with UPDATE … RETURNING inside the invoice transaction so numbers never repeat or skip. */
    nextInvoiceSequence: integer("next_invoice_sequence").notNull().default(1),
    /** "Members may see rates and amounts" (issue 26 §2): off, a member's answers carry no rate or amount. */
    membersSeeRates: boolean("members_see_rates").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    ...billingRuleChecks("accounts", t),
    roundingScopeCheck("accounts", t.roundingScope),
    check(
      "accounts_weekly_working_hours_check",
      sql`${t.weeklyWorkingHours} between 1 and ${sql.raw(String(MAX_WEEKLY_WORKING_HOURS))}`,
    ),
  ],
);

/** `account_id` of a customer-data table: required, and deleting the account deletes the row (one declaration for every table). */
export function accountIdColumn() {
  return integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" });
}

export const users = pgTable(
  "users",
  {
    id: id(),
    accountId: accountIdColumn(),
    email: text().notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profession: text(),
    phoneNumber: text("phone_number"),
    phoneExtension: text("phone_extension"),
    phoneProvider: text("phone_provider"),
    phoneIntegrationEnabled: boolean("phone_integration_enabled").notNull().default(false),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** The person's role in the practice (core/permissions.ts); the account's first user is its owner. */
    role: text().notNull().default("owner"),
    /**
     * Set when an owner or admin removes the person: they can no longer sign in, and the row stays so the
     * calls they captured stay attributed to them (docs/team.md).
     */
    removedAt: instant("removed_at"),
    /** When the owner last proved `email` by opening a mailed link; cleared when the email changes (ADMIN_EMAILS needs it). */
    emailVerifiedAt: instant("email_verified_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    index("users_account_idx").on(t.accountId),
    check("users_role_check", sql`${t.role} in (${sql.raw(ROLES.map((role) => `'${role}'`).join(", "))})`),
  ],
);

/** Server-side sessions: only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: accountIdColumn(),
    expiresAt: instant("expires_at").notNull(),
    lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** A sign-up between the plan step and a finished payment, tied to the browser by a short-lived cookie. */
export const pendingRegistrations = pgTable("pending_registrations", {
  id: id(),
  tokenHash: text("token_hash").notNull().unique(),
  email: text().notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  passwordHash: text("password_hash").notNull(),
  plan: text().notNull(),
  billingCycle: text("billing_cycle").notNull(),
  timezone: text().notNull().default("UTC"),
  paymentProvider: text("payment_provider").notNull(),
  paymentReference: text("payment_reference"),
  paymentCustomerId: text("payment_customer_id"),
  /** The trial's setup intent (Stripe): complete-registration checks it itself. */
  paymentSetupIntentId: text("payment_setup_intent_id"),
  expiresAt: instant("expires_at").notNull(),
  createdAt: instant("created_at").notNull().defaultNow(),
});

/** Fixed-window counters shared by every app instance (docs/decisions.md D2). */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text().notNull(),
    windowStart: instant("window_start").notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_window_idx").on(t.windowStart)],
);
