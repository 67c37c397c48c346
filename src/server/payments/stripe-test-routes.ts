import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  paymentIntentRequest,
  paymentIntentResponse,
  STRIPE_NOT_CONFIGURED,
  stripeTestResponse,
  TEST_OBJECTS_ADMIN_ONLY,
  testCustomerRequest,
  testCustomerResponse,
} from "../../core/contracts/stripe.js";
import { AppError } from "../../core/errors.js";
import { isAdministrator } from "../admin/is-administrator.js";
import { requireAuth } from "../auth/session-hook.js";
import { routeSchema } from "../platform/route-schema.js";
import { parseInput } from "../platform/validate.js";
import { stripeClientFor } from "./stripe/stripe-client.js";
import { checkStripeConnection, createTestCustomer, createTestPaymentIntent } from "./stripe/test-stripe-objects.js";

/** The payment test page /payments (spec 001 §7 "Card payment provider"; issue 15 §5). */
export async function stripeTestRoutes(app: FastifyInstance): Promise<void> {
  /** Test objects are made in the deployment's own Stripe account: administrators only (403 for others). */
  const requireTestMaker = (request: FastifyRequest) => {
    const auth = requireAuth(request);
    if (!isAdministrator(auth.user, app.config.adminEmails)) throw new AppError("forbidden", TEST_OBJECTS_ADMIN_ONLY);
    return auth;
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
        summary: "Check the Stripe connection: the account behind STRIPE_SECRET_KEY (success false with the reason otherwise)",
        tags: ["stripe"],
        response: { 200: stripeTestResponse },
      }),
    },
    async (request) => {
      requireAuth(request);
      return checkStripeConnection(stripeClientFor(app.config));
    },
  );

  app.post(
    "/api/stripe/payment-intent",
    {
      schema: routeSchema({
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
