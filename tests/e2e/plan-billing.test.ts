import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRIAL_ENDED_MESSAGE } from "../../src/core/subscription-standing.js";
import { accounts } from "../../src/server/db/schema/index.js";
import { PORTAL_PAGE_PATH } from "../stand-ins/stripe/billing-portal.js";
import { createStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/index.js";
import { axeViolations, type Harness, startHarness } from "./harness.js";

/**
 * Issue 15 §4: Settings → Plan & Billing. A card-free trial shows its days left and changes cycle
 * after a confirmation; once the trial has ended the app shell shows the banner with one way on;
 * a Stripe customer's "Manage billing" opens Stripe's portal (the stand-in's URL, answered here).
 */
const PRICES = {
  "individual:monthly": "price_individual_monthly",
  "individual:annual": "price_individual_annual",
  "team:monthly": "price_team_monthly",
  "team:annual": "price_team_annual",
};

describe("Plan & Billing on a card-free trial", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ stripe: { prices: {} } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it("shows trial days left and changes the cycle after a confirmation", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    await page.goto("/settings?tab=plan");
    await page.getByRole("heading", { name: "Plan & Billing" }).waitFor();
    expect(await page.getByTestId("trial-days-left").textContent()).toMatch(/^14 days left/);
    expect(await page.getByTestId("current-cycle").textContent()).toBe("Monthly");
    expect(await page.getByTestId("tracking-stopped-banner").count()).toBe(0);

    await page.getByRole("button", { name: "Change plan" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("radio", { name: "Annual" }).click();
    await dialog.getByText(/^Save up to \d+%$/).waitFor();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByText(/Switch to Individual, billed annually, at \$15\/month\?/).waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);
    await dialog.getByRole("button", { name: "Confirm change" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("current-cycle").getByText("Annual", { exact: true }).waitFor();
    await context.close();
  });

  it("shows the banner with one way on once the trial has ended", async () => {
    const { page, context } = await h.newPage();
    const who = await h.signIn(context);
    await h.app.db
      .update(accounts)
      .set({ trialEndsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(accounts.id, who.user.accountId));
    await page.goto("/");
    const banner = page.getByTestId("tracking-stopped-banner");
    await banner.getByText(TRIAL_ENDED_MESSAGE, { exact: false }).waitFor();
    await banner.getByRole("link", { name: "Choose a plan" }).click();
    await page.getByRole("heading", { name: "Plan & Billing" }).waitFor();
    await page.getByTestId("trial-days-left").getByText("Ended", { exact: true }).waitFor();
    await context.close();
  });
});

describe("Plan & Billing for a Stripe customer", () => {
  let h: Harness;
  let standIn: StripeStandIn;

  beforeAll(async () => {
    standIn = await createStripeStandIn({ prices: PRICES }).start();
    h = await startHarness({ stripe: { secretKey: standIn.secretKey, apiBase: standIn.url, prices: PRICES } });
  });
  afterAll(async () => {
    await h?.stop();
    await standIn?.stop();
  });

  it("opens Stripe's customer portal from Manage billing", async () => {
    const { page, context } = await h.newPage();
    const who = await h.signIn(context);
    const stripe = new Stripe(standIn.secretKey, {
      host: "127.0.0.1",
      port: standIn.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const customer = await stripe.customers.create({ email: who.email });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: PRICES["individual:monthly"] }],
      trial_period_days: 14,
    });
    await h.app.db
      .update(accounts)
      .set({ paymentCustomerId: customer.id, paymentSubscriptionId: subscription.id })
      .where(eq(accounts.id, who.user.accountId));
    // Stripe hosts the portal; the stand-in's session URL is answered here with a page of its own.
    await page.route(`${standIn.url}${PORTAL_PAGE_PATH}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Portal</title><h1>Stand-in customer portal</h1>" }),
    );
    await page.goto("/settings?tab=plan");
    await page.getByRole("button", { name: "Manage billing" }).click();
    await page.getByRole("heading", { name: "Stand-in customer portal" }).waitFor();
    expect(page.url()).toContain(`${standIn.url}${PORTAL_PAGE_PATH}/bps_`);
    expect(standIn.list("billing_portal.session").at(-1)?.return_url).toBe(`${h.baseUrl}/settings?tab=plan`);
    await context.close();
  });
});
