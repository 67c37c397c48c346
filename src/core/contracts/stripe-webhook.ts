import { z } from "zod";

/** POST /api/webhooks/stripe: Stripe reads only the status; the body says what happened. */
export const stripeWebhookResponse = z.object({
  received: z.literal(true),
  /** This event id was received before: nothing was done again. */
  duplicate: z.boolean().optional(),
  /** An event type the app does not act on. */
  ignored: z.boolean().optional(),
});
export type StripeWebhookResponse = z.infer<typeof stripeWebhookResponse>;
