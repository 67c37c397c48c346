import type { FastifyInstance } from "fastify";
import { stripeWebhookResponse } from "../../../core/contracts/stripe-webhook.js";
import { rawBodyOf, registerRawBodyParsers } from "../../http/raw-body.js";
import { routeSchema } from "../../http/route-schema.js";
import { receiveStripeWebhook } from "./receive-stripe-webhook.js";

/**
 * Stripe's webhook in its own scope: the body arrives as the raw string Stripe signed
 * (http/raw-body.ts). One endpoint for the whole deployment: the signing secret
 * (STRIPE_WEBHOOK_SECRET) is the operator's, and the account comes from the event's customer.
 */
export async function stripeWebhookRoutes(app: FastifyInstance): Promise<void> {
  registerRawBodyParsers(app);
  app.post(
    "/api/webhooks/stripe",
    {
      schema: routeSchema({
        summary: "Stripe's subscription and invoice events, signed with the endpoint's secret (Stripe-Signature)",
        tags: ["payments", "webhooks"],
        public: true,
        response: { 200: stripeWebhookResponse },
      }),
    },
    async (request) => {
      const signature = request.headers["stripe-signature"];
      return receiveStripeWebhook(app.database, app.jobs, {
        rawBody: rawBodyOf(request.body),
        signature: typeof signature === "string" ? signature : undefined,
        secret: app.config.stripe.webhookSecret,
        now: app.now(),
      });
    },
  );
}
