import Stripe from "stripe";
import type { Config } from "../../src/server/config.js";
import { createStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/index.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** The price ids the tests configure (STRIPE_PRICE_*), seeded into the stand-in with the catalogue's amounts. */
export const TEST_PRICES = {
  "individual:monthly": "price_individual_monthly",
  "individual:annual": "price_individual_annual",
  "team:monthly": "price_team_monthly",
  "team:annual": "price_team_annual",
};
export const WEBHOOK_SECRET = "whsec_test_standin_secret";
export const PUBLISHABLE_KEY = "pk_test_standin";

export type StripeTestApp = TestApp & { standIn: StripeStandIn; stripe: Stripe; webhookUrl: string };

/** The app configured for Stripe against a fresh local stand-in (trial days as given; 0 = paid at sign-up). */
export async function startStripeApp(options: { trialDays?: number; overrides?: Partial<Config> } = {}): Promise<StripeTestApp> {
  const standIn = await createStripeStandIn({ prices: TEST_PRICES }).start();
  const t = await startTestApp({
    stripe: {
      secretKey: standIn.secretKey,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: standIn.url,
      prices: TEST_PRICES,
      trialDays: options.trialDays ?? 0,
    },
    ...options.overrides,
  });
  // What the browser's Stripe.js does, done with the SDK against the same stand-in.
  const stripe = new Stripe(standIn.secretKey, { host: "127.0.0.1", port: standIn.port, protocol: "http", maxNetworkRetries: 0 });
  return {
    ...t,
    standIn,
    stripe,
    webhookUrl: `${t.baseUrl}/api/webhooks/stripe`,
    close: async () => {
      await t.close();
      await standIn.stop();
    },
  };
}

/** The intent id inside a client secret ("pi_…_secret_…" → "pi_…"). */
export const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;

/** A finished paid sign-up (card 4242): the signed-in client and the ids the webhook tests follow. */
export async function signUpPaid(t: StripeTestApp, card = "pm_card_visa", overrides: Record<string, unknown> = {}) {
  const { signUpInput } = await import("../helpers/factories.js");
  const client = t.client();
  const input = signUpInput(overrides);
  const started = await client.post("/api/auth/create-subscription", input);
  if (started.status !== 200) throw new Error(`create-subscription: ${started.status} ${started.text}`);
  const secret = String(started.body.clientSecret);
  const intentId = intentIdOf(secret);
  if (secret.startsWith("seti_")) {
    const saved = await t.stripe.setupIntents.confirm(intentId, { payment_method: card });
    if (saved.status === "requires_action") await t.stripe.rawRequest("POST", `/v1/setup_intents/${intentId}/authenticate`, {});
  } else {
    const paid = await t.stripe.paymentIntents.confirm(intentId, { payment_method: card });
    if (paid.status === "requires_action") await t.stripe.rawRequest("POST", `/v1/payment_intents/${intentId}/authenticate`, {});
  }
  const completed = await client.post("/api/auth/complete-registration");
  if (completed.status !== 201) throw new Error(`complete-registration: ${completed.status} ${completed.text}`);
  const subscription = t.standIn
    .list("subscription")
    .find((s) => s.latest_invoice && t.standIn.get(String(s.customer))?.email === input.email)!;
  return {
    client,
    email: input.email,
    accountId: completed.body.accountId as number | undefined,
    subscriptionId: subscription.id,
    customerId: String(subscription.customer),
  };
}

