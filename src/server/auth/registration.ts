import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { CreateSubscriptionRequest } from "../../core/contracts/auth.js";
import { AppError } from "../../core/errors.js";
import { getPlan, TRIAL_DAYS } from "../../core/plans.js";
import type { Db } from "../db/client.js";
import { accounts, pendingRegistrations, users } from "../db/schema/index.js";
import type { PaymentProvider } from "../subscription/payment-provider.js";
import { SIGNUP_TTL_SECONDS } from "./cookies.js";
import { hashPassword } from "./passwords.js";
import { createSession } from "./sessions.js";
import { hashToken, newToken } from "./tokens.js";

export const EMAIL_TAKEN = "An account with this email already exists. Please sign in instead.";

function validTimeZone(timezone: string | undefined): string {
  if (!timezone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return timezone;
  } catch {
    return "UTC";
  }
}

async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/**
 * Step two of sign-up: keeps the registration on the server (password already hashed) behind
 * a short-lived cookie token, and asks the payment provider how the plan is paid for.
 */
export async function createSubscription(
  db: Db,
  payments: PaymentProvider,
  input: CreateSubscriptionRequest,
  now: Date,
  passwordHashCost?: number,
) {
  getPlan(input.plan);
  if (await emailTaken(db, input.email)) throw new AppError("conflict", EMAIL_TAKEN);
  const started = await payments.startSubscription({
    email: input.email,
    name: `${input.firstName} ${input.lastName}`,
    plan: input.plan,
    billingCycle: input.billingCycle,
  });
  const { token, tokenHash } = newToken();
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now));
  await db.insert(pendingRegistrations).values({
    tokenHash,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash: await hashPassword(input.password, passwordHashCost),
    plan: input.plan,
    billingCycle: input.billingCycle,
    timezone: validTimeZone(input.timezone),
    paymentProvider: payments.name,
    paymentReference: started.reference,
    paymentCustomerId: started.customerId,
    paymentSetupIntentId: started.setupIntentId ?? null,
    expiresAt: new Date(now.getTime() + SIGNUP_TTL_SECONDS * 1000),
  });
  return {
    token,
    response: {
      mode: started.mode,
      clientSecret: started.clientSecret,
      publishableKey: started.publishableKey,
      trialDays: TRIAL_DAYS,
      plan: input.plan,
      billingCycle: input.billingCycle,
    },
  };
}

/** Step three: the provider confirms payment (or the trial), then the account, user and session are made in one transaction. */
export async function completeRegistration(db: Db, payments: PaymentProvider, signupToken: string | undefined, now: Date) {
  if (!signupToken) throw new AppError("bad_request", "Your sign-up has expired. Please start again.");
  const [pending] = await db
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.tokenHash, hashToken(signupToken)), gt(pendingRegistrations.expiresAt, now)))
    .limit(1);
  if (!pending) throw new AppError("bad_request", "Your sign-up has expired. Please start again.");
  const confirmed = await payments.confirmSubscription(
    {
      reference: pending.paymentReference,
      customerId: pending.paymentCustomerId,
      setupIntentId: pending.paymentSetupIntentId,
    },
    now,
  );
  return db.transaction(async (tx) => {
    if (await emailTaken(tx, pending.email)) throw new AppError("conflict", EMAIL_TAKEN);
    const [account] = await tx
      .insert(accounts)
      .values({
        plan: pending.plan,
        billingCycle: pending.billingCycle,
        subscriptionStatus: confirmed.status,
        trialEndsAt: confirmed.trialEndsAt,
        paymentCustomerId: confirmed.customerId,
        paymentSubscriptionId: confirmed.subscriptionId,
        currentPeriodEnd: confirmed.currentPeriodEnd ?? null,
        cancelAtPeriodEnd: confirmed.cancelAtPeriodEnd ?? false,
        timezone: pending.timezone,
      })
      .returning();
    if (!account) throw new Error("account insert returned nothing");
    const [user] = await tx
      .insert(users)
      .values({
        accountId: account.id,
        email: pending.email,
        passwordHash: pending.passwordHash,
        firstName: pending.firstName,
        lastName: pending.lastName,
      })
      .returning();
    if (!user) throw new Error("user insert returned nothing");
    await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.id, pending.id));
    const token = await createSession(tx, user.id, account.id, now);
    return { token, user, account };
  });
}
