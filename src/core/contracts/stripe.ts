import { z } from "zod";
import { text } from "./common.js";

/**
 * The payment test page: the
 * connection check, a test payment intent and a test customer. Shared by the server's routes and
 * the /payments page's forms.
 */

/** What to set when Stripe is not configured (both keys are needed for card payments). */
export const STRIPE_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY"] as const;
export const STRIPE_NOT_CONFIGURED =
  "Stripe is not configured. Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY on the server and restart it.";
/** Word for word as the product specifies it. */
export const INVALID_AMOUNT = "Invalid Amount: Please enter a valid amount";
export const CUSTOMER_EMAIL_REQUIRED = "Email Required: Please enter a customer email";
/** Word for word as the product specifies it. */
export const PAYMENT_INTENT_FAILED = "Failed to create payment intent";
export const CUSTOMER_FAILED = "Failed to create customer";
export const CONNECTION_FAILED = "Connection Failed";
export const STATUS_UNCHECKABLE = "Unable to check Stripe status";
/** A shared deployment's Stripe account belongs to its operator: only administrators make objects in it. */
export const TEST_OBJECTS_ADMIN_ONLY =
  "Only administrators can create test payment intents and customers: they are made in this server's Stripe account.";

/** The connection check shows the operator's Stripe account (docs/security.md): administrators only. */
export const STRIPE_STATUS_ADMIN_ONLY =
  "Only administrators can check the Stripe connection: it shows this server's Stripe account (its id, email and business name).";

/** The default test amount, in dollars. */
export const DEFAULT_TEST_AMOUNT = 100;
/** Stripe's largest amount for usd (99,999,999 cents). */
export const MAX_TEST_AMOUNT = 999_999.99;
export const TEST_CURRENCIES = ["usd", "eur", "gbp", "cad"] as const;

/** Stripe's metadata limits: 50 keys, keys up to 40 characters, values up to 500. */
const metadata = z
  .record(
    text().max(40, "metadata keys are at most 40 characters"),
    text().max(500, "metadata values are at most 500 characters"),
  )
  .refine((value) => Object.keys(value).length <= 50, "metadata has at most 50 keys")
  .optional();

/** GET /api/stripe/test: the connection check (the Stripe account behind STRIPE_SECRET_KEY). */
export const stripeTestResponse = z.object({
  success: z.boolean(),
  /** False when STRIPE_SECRET_KEY is unset; the message names the variables to set. */
  configured: z.boolean(),
  message: text(),
  details: z
    .object({
      id: text(),
      type: text().nullable(),
      country: text().nullable(),
      defaultCurrency: text().nullable(),
      email: text().nullable(),
      businessProfile: z.object({ name: text().nullable() }),
    })
    .optional(),
});
export type StripeTestResponse = z.infer<typeof stripeTestResponse>;

/** POST /api/stripe/payment-intent: the amount in dollars, sent to Stripe in cents. */
export const paymentIntentRequest = z
  .object({
    amount: z
      .number({ error: INVALID_AMOUNT })
      .refine(Number.isFinite, INVALID_AMOUNT)
      .gt(0, INVALID_AMOUNT)
      .max(MAX_TEST_AMOUNT, INVALID_AMOUNT)
      // Whole cents only, at least one: 1.005 dollars or 1e-9 has no price.
      .refine((value) => Math.round(value * 100) >= 1 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6, INVALID_AMOUNT),
    currency: z.enum(TEST_CURRENCIES, { error: "currency must be usd, eur, gbp or cad" }).default("usd"),
    metadata,
  })
  .strict();
export type PaymentIntentInput = z.input<typeof paymentIntentRequest>;

export const paymentIntentResponse = z.object({
  success: z.literal(true),
  message: text(),
  /** Amount in cents, as Stripe keeps it (the page shows cents / 100). */
  paymentIntent: z.object({ id: text(), amount: z.number().int(), currency: text(), status: text() }),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponse>;

/** POST /api/stripe/customer: email required, name optional. */
export const testCustomerRequest = z
  .object({
    email: text({ error: CUSTOMER_EMAIL_REQUIRED })
      .trim()
      .min(1, CUSTOMER_EMAIL_REQUIRED)
      .max(254, "Email address is too long")
      .pipe(z.email("Please enter a valid email address")),
    name: text({ error: "name must be text" })
      .trim()
      .max(200, "Name is too long (at most 200 characters)")
      .optional()
      .nullable()
      .transform((value) => value || null),
    metadata,
  })
  .strict();
export type TestCustomerInput = z.input<typeof testCustomerRequest>;

export const testCustomerResponse = z.object({
  success: z.literal(true),
  message: text(),
  customer: z.object({ id: text(), email: text().nullable(), name: text().nullable() }),
});
export type TestCustomerResponse = z.infer<typeof testCustomerResponse>;
