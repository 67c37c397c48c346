import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, users } from "../../src/server/db/schema/index.js";
import { createStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/index.js";
import { routeStripe } from "../stand-ins/stripe/stripe-js.js";
import { axeViolations, type Harness, startHarness } from "./harness.js";
import { toPaymentStep, typeCard } from "./paid-signup-steps.js";

/**
 * Issue 15 §1 in the browser: sign-up through the real payment step with Stripe.js replaced by the
 * stand-in script (tests/stand-ins/stripe/stripe-js.ts) talking to the local Stripe stand-in.
 */
const PRICES = {
  "individual:monthly": "price_individual_monthly",
  "individual:annual": "price_individual_annual",
  "team:monthly": "price_team_monthly",
  "team:annual": "price_team_annual",
};
const PUBLISHABLE_KEY = "pk_test_e2e";

let h: Harness;
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await createStripeStandIn({ prices: PRICES }).start();
  h = await startHarness({
    stripe: { secretKey: standIn.secretKey, publishableKey: PUBLISHABLE_KEY, apiBase: standIn.url, prices: PRICES, trialDays: 0 },
  });
});
afterAll(async () => {
  await h?.stop();
  await standIn?.stop();
});

async function statusOf(email: string): Promise<string | null> {
  const [row] = await h.app.db
    .select({ status: accounts.subscriptionStatus })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, email));
  return row?.status ?? null;
}

describe("paid sign-up with Stripe", () => {
  it("card 4242: pays, and lands on the dashboard with the welcome toast", async () => {
    const { page } = await h.newPage();
    await routeStripe(page, standIn, PUBLISHABLE_KEY);
    const email = `paid-${Date.now()}@example.test`;
    await toPaymentStep(page, email);
    await page.getByText("You're one step away...").waitFor();
    await page
      .getByText(/\$17(\.00)?\/month/)
      .first()
      .waitFor();
    const submit = page.getByRole("button", { name: "Complete Payment & Create Account" });
    await page.getByLabel("Card number").waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);

    await typeCard(page, "4242 4242 4242 4242");
    await submit.click();
    await page.getByText("Welcome to Minutely!").first().waitFor();
    await page.getByText("Your account has been created and payment processed successfully.").first().waitFor();
    await page.getByRole("heading", { name: /Good (morning|afternoon|evening), Grace/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await statusOf(email)).toBe("active");
    await page.context().close();
  });

  it('card 0002: "Payment Failed" with Stripe\'s message, stays on the payment step, no account', async () => {
    const { page } = await h.newPage({ colorScheme: "dark" });
    await routeStripe(page, standIn, PUBLISHABLE_KEY);
    const email = `declined-${Date.now()}@example.test`;
    await toPaymentStep(page, email);
    await typeCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Complete Payment & Create Account" }).click();
    await page.getByText("Payment Failed").first().waitFor();
    await page.getByText("Your card was declined.").first().waitFor();
    await page.getByRole("heading", { name: "Complete Payment" }).waitFor();
    expect(await statusOf(email)).toBeNull();

    // Another card on the same step works.
    await typeCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Complete Payment & Create Account" }).click();
    await page.getByText("Welcome to Minutely!").first().waitFor();
    expect(await statusOf(email)).toBe("active");
    await page.context().close();
  });

  it("Stripe.js blocked: the step says so instead of a blank box, and the button stays off", async () => {
    const { page } = await h.newPage();
    await page.route("https://js.stripe.com/**", (route) => route.abort("blockedbyclient"));
    await toPaymentStep(page, `blocked-${Date.now()}@example.test`);
    await page.getByText("The card form is unavailable").waitFor();
    await page.getByText(/could not be loaded from Stripe \(js\.stripe\.com\)/).waitFor();
    expect(await page.getByRole("button", { name: "Complete Payment & Create Account" }).isDisabled()).toBe(true);
    await page.context().close();
  });
});
