import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  paymentIntentRequest,
  paymentIntentResponse,
  STRIPE_NOT_CONFIGURED,
  STRIPE_STATUS_ADMIN_ONLY,
  type StripeTestResponse,
  stripeTestResponse,
  TEST_OBJECTS_ADMIN_ONLY,
  testCustomerRequest,
  testCustomerResponse,
} from "../../core/contracts/stripe.js";
import { AppError } from "../../core/errors.js";
import { isAdministrator } from "../admin/is-administrator.js";
import { requireAuth } from "../auth/session-hook.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { stripeClientFor } from "./stripe/stripe-client.js";
import { checkStripeConnection, createTestCustomer, createTestPaymentIntent } from "./stripe/test-stripe-objects.js";

/** How long one Stripe connection check is answered from memory. */
export const STRIPE_CHECK_CACHE_MS = 60_000;

/** The payment test page /payments (docs/subscription.md). */
export async function stripeTestRoutes(app: FastifyInstance): Promise<void> {
  /** The deployment's own Stripe account is its operator's: administrators only (403 with `refusal` for others). */
  const requireAdministrator = (request: FastifyRequest, refusal: string) => {
    const auth = requireAuth(request);
    if (!isAdministrator(auth.user, app.config.adminEmails)) throw new AppError("forbidden", refusal);
    return auth;
  };
  const requireTestMaker = (request: FastifyRequest) => requireAdministrator(request, TEST_OBJECTS_ADMIN_ONLY);
  /**
   * One connection check serves every administrator of this instance for 60 s (docs/security.md):
   * the answer is the same for all of them (the server's own account, nothing per account), so a
   * per-instance memory cache leaks nothing between accounts, costs no table, and bounds the live
   * requests to Stripe to one a minute per instance however often the page is opened. Concurrent
   * checks share one request; a check that throws is not kept.
   */
  let connectionCheck: { at: number; answer: Promise<StripeTestResponse> } | null = null;
  const checkConnectionCached = (): Promise<StripeTestResponse> => {
    const now = app.now().getTime();
    if (connectionCheck && now - connectionCheck.at >= 0 && now - connectionCheck.at < STRIPE_CHECK_CACHE_MS)
      return connectionCheck.answer;
    const answer = checkStripeConnection(stripeClientFor(app.config));
    const entry = { at: now, answer };
    connectionCheck = entry;
    answer.catch(() => {
      if (connectionCheck === entry) connectionCheck = null;
    });
    return answer;
  };
  const configuredStripe = () => {
    const stripe = stripeClientFor(app.config);
    if (!stripe) throw new AppError("conflict", STRIPE_NOT_CONFIGURED);
    return stripe;
  };

  app.get(
    "/api/stripe/test",
    {
      schema: routeSchema({
        permission: "account:use",
        summary:
          "Check the Stripe connection: the account behind STRIPE_SECRET_KEY (success false with the reason otherwise); administrators only, one check per minute",
        tags: ["stripe"],
        response: { 200: stripeTestResponse },
      }),
    },
    async (request) => {
      requireAdministrator(request, STRIPE_STATUS_ADMIN_ONLY);
      return checkConnectionCached();
    },
  );

  app.post(
    "/api/stripe/payment-intent",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "Create a test payment intent (amount in dollars, sent to Stripe in cents); administrators only",
        tags: ["stripe"],
        body: paymentIntentRequest,
        response: { 200: paymentIntentResponse },
      }),
    },
    async (request) => {
      requireTestMaker(request);
      const input = parseInput(paymentIntentRequest, request.body);
      return createTestPaymentIntent(configuredStripe(), input);
    },
  );

  app.post(
    "/api/stripe/customer",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "Create a test customer (email, optional name); administrators only",
        tags: ["stripe"],
        body: testCustomerRequest,
        response: { 200: testCustomerResponse },
      }),
    },
    async (request) => {
      requireTestMaker(request);
      const input = parseInput(testCustomerRequest, request.body);
      return createTestCustomer(configuredStripe(), input);
    },
  );
}
