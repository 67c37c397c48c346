import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { emptyBody } from "../../core/contracts/common.js";
import {
  billingPortalResponse,
  billingSeatsJson,
  changePlanRequest,
  changePlanResponse,
  checkoutRequest,
  checkoutResponse,
  NO_STRIPE_CUSTOMER,
  STRIPE_BILLING_NOT_CONFIGURED,
  subscriptionJson,
} from "../../core/contracts/subscription.js";
import { AppError, notFound } from "../../core/errors.js";
import { requireAuth } from "../auth/session-hook.js";
import type { AccountRow } from "../auth/sessions.js";
import { accounts } from "../db/schema/index.js";
import { createBillingPortalSession } from "./stripe/billing-portal.js";
import { stripeClientFor } from "./stripe/stripe-client.js";
import { publicOrigin } from "../http/public-origin.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { changePlan } from "./change-plan.js";
import { startCheckout } from "./start-checkout.js";
import { presentSubscription } from "./subscription-presenter.js";
import { readBillingSeats } from "./seats/billing-seats.js";

/** Where Stripe's portal sends the user back: Settings → Plan & Billing. */
export const PLAN_BILLING_PATH = "/settings?tab=plan";

/** Settings → Plan & Billing and the app shell's banner (docs/subscription.md). */
export async function billingAccountRoutes(app: FastifyInstance): Promise<void> {
  /** The account as stored now: a webhook may have changed it since the session was cached. */
  const freshAccount = async (accountId: number): Promise<AccountRow> => {
    const [account] = await app.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
    if (!account) throw notFound("Account");
    return account;
  };

  app.get(
    "/api/billing/subscription",
    {
      schema: routeSchema({
        permission: "billing:manage",
        summary: "The account's plan, cycle, status, trial days left, next payment and whether it may track",
        tags: ["billing"],
        response: { 200: subscriptionJson },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      return presentSubscription(await freshAccount(accountId), stripeClientFor(app.config), app.now());
    },
  );

  app.get(
    "/api/billing/seats",
    {
      schema: routeSchema({
        permission: "billing:manage",
        summary: "Seats used (members), the trial's limit, the seats Stripe bills and the next invoice from Stripe's preview",
        tags: ["billing"],
        response: { 200: billingSeatsJson },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const account = await freshAccount(accountId);
      return readBillingSeats(app.db, { account, stripe: stripeClientFor(app.config), log: request.log });
    },
  );

  app.post(
    "/api/billing/portal",
    {
      schema: routeSchema({
        permission: "billing:manage",
        summary: "Open Stripe's customer portal (update the card, pay, change or cancel); answers the URL to go to",
        tags: ["billing"],
        body: emptyBody,
        response: { 200: billingPortalResponse },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      parseInput(emptyBody, request.body);
      const stripe = stripeClientFor(app.config);
      if (!stripe) throw new AppError("conflict", STRIPE_BILLING_NOT_CONFIGURED);
      const account = await freshAccount(accountId);
      if (!account.paymentCustomerId) throw new AppError("conflict", NO_STRIPE_CUSTOMER);
      const url = await createBillingPortalSession(
        stripe,
        account.paymentCustomerId,
        publicOrigin(app.config, request) + PLAN_BILLING_PATH,
      );
      return { url };
    },
  );

  app.post(
    "/api/billing/change-plan",
    {
      schema: routeSchema({
        permission: "billing:manage",
        summary: "Change plan or billing cycle: through Stripe (prorated) for a subscription, locally during a card-free trial",
        tags: ["billing"],
        body: changePlanRequest,
        response: { 200: changePlanResponse },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const choice = parseInput(changePlanRequest, request.body);
      const stripe = stripeClientFor(app.config);
      const now = app.now();
      const message = await changePlan(app.db, {
        account: await freshAccount(accountId),
        config: app.config,
        stripe,
        choice,
        now,
      });
      return { success: true as const, message, subscription: presentSubscription(await freshAccount(accountId), stripe, now) };
    },
  );
  app.post(
    "/api/billing/checkout",
    {
      schema: routeSchema({
        permission: "billing:manage",
        summary:
          "Start a card subscription on Stripe Checkout (no live Stripe subscription yet); plan and cycle default to the account's own. Answers the URL to go to",
        tags: ["billing"],
        body: checkoutRequest,
        response: { 200: checkoutResponse },
      }),
    },
    async (request) => {
      const { accountId, user } = requireAuth(request);
      const choice = parseInput(checkoutRequest, request.body ?? {});
      const url = await startCheckout(app.db, {
        account: await freshAccount(accountId),
        user,
        config: app.config,
        stripe: stripeClientFor(app.config),
        choice,
        origin: publicOrigin(app.config, request),
        now: app.now(),
      });
      return { url };
    },
  );
}
