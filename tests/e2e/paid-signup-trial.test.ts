import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, users } from "../../src/server/db/schema/index.js";
import { createStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/index.js";
import { routeStripe } from "../stand-ins/stripe/stripe-js.js";
import { axeViolations, type Harness, startHarness } from "./harness.js";
import { toPaymentStep, typeCard } from "./paid-signup-steps.js";

/**
 * Issue 30 §1 in the browser: the 14-day trial with Stripe, where the payment step saves the card
 * through the subscription's setup intent. Stripe does not document whether that makes the card the
 * subscription's default, so the stand-in runs both ways; both sign-ups must reach the dashboard.
 */
const PRICES = {
  "individual:monthly": "price_individual_monthly",
  "individual:annual": "price_individual_annual",
  "team:monthly": "price_team_monthly",
  "team:annual": "price_team_annual",
};
const PUBLISHABLE_KEY = "pk_test_e2e_trial";

let h: Harness;
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await createStripeStandIn({ prices: PRICES }).start();
  h = await startHarness({
    stripe: {
      secretKey: standIn.secretKey,
      publishableKey: PUBLISHABLE_KEY,
      apiBase: standIn.url,
      prices: PRICES,
      trialDays: 14,
    },
  });
});
afterAll(async () => {
  await h?.stop();
  await standIn?.stop();
});

async function accountOf(email: string) {
  const [row] = await h.app.db
    .select({
      status: accounts.subscriptionStatus,
      customer: accounts.paymentCustomerId,
      subscription: accounts.paymentSubscriptionId,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, email));
  return row ?? null;
}

describe("trial sign-up with Stripe", () => {
  for (const stripeSetsDefault of [true, false]) {
    it(`${stripeSetsDefault ? "Stripe sets" : "Stripe does not set"} the saved card as default: the sign-up reaches the dashboard`, async () => {
      standIn.setupSetsDefaultPaymentMethod = stripeSetsDefault;
      const { page } = await h.newPage(stripeSetsDefault ? {} : { colorScheme: "dark", viewport: { width: 390, height: 844 } });
      await routeStripe(page, standIn, PUBLISHABLE_KEY);
      const email = `trial-${stripeSetsDefault ? "set" : "unset"}-${Date.now()}@example.test`;
      await toPaymentStep(page, email);
      await page.getByLabel("Card number").waitFor();
      expect(await axeViolations(page, "serious")).toEqual([]);

      await typeCard(page, "4242 4242 4242 4242");
      await page.getByRole("button", { name: "Complete Payment & Create Account" }).click();
      await page.getByText("Welcome to Minutely!").first().waitFor();
      await page.getByRole("heading", { name: /Good (morning|afternoon|evening), Grace/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/");

      const account = await accountOf(email);
      expect(account?.status).toBe("trialing");
      // Whatever Stripe did by itself, the renewal has the saved card to charge.
      const subscription = standIn.get(account!.subscription!)!;
      const customer = standIn.get(account!.customer!)!;
      const saved = String(subscription.default_payment_method);
      expect(saved).toMatch(/^pm_/);
      expect((customer.invoice_settings as { default_payment_method: string }).default_payment_method).toBe(saved);
      await page.context().close();
    });
  }
});
