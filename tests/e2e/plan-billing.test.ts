import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEXT_INVOICE_NOT_CONFIGURED } from "../../src/core/contracts/subscription.js";
import { TRIAL_ENDED_MESSAGE } from "../../src/core/subscription-standing.js";
import { INDIVIDUAL_PLAN_INVITE } from "../../src/core/team-seats.js";
import { accounts } from "../../src/server/db/schema/index.js";
import { PORTAL_PAGE_PATH } from "../stand-ins/stripe/billing-portal.js";
import { CHECKOUT_PAGE_PATH } from "../stand-ins/stripe/checkout-sessions.js";
import { deliverEvent, eventsOf } from "../stand-ins/stripe/events.js";
import { createStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/index.js";
import { axeViolations, type Harness, startHarness } from "./harness.js";

/**
 * Issue 15 §4: Settings → Plan & Billing. A card-free trial shows its days left and changes cycle
 * after a confirmation; once the trial has ended the app shell shows the banner with one way on;
 * a Stripe customer's "Manage billing" opens Stripe's portal (the stand-in's URL, answered here);
 * an account whose trial ended without a Stripe subscription subscribes on Stripe Checkout (the
 * stand-in's hosted page pays and sends the browser back) and is active once Stripe's webhook lands.
 */
const WEBHOOK_SECRET = "whsec_e2e_checkout";
const PRICES = {
  "individual:monthly": "price_individual_monthly",
  "individual:annual": "price_individual_annual",
  "team:monthly": "price_team_monthly",
  "team:annual": "price_team_annual",
};

/** Ends the account's trial an hour ago, as time would. */
async function endTrial(h: Harness, accountId: number): Promise<void> {
  await h.app.db
    .update(accounts)
    .set({ trialEndsAt: new Date(Date.now() - 3_600_000) })
    .where(eq(accounts.id, accountId));
}

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

  it("Individual: inviting offers Upgrade, which opens Plan & Billing with its one seat (phone width, dark mode)", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await h.signIn(context);
    await page.goto("/settings?tab=team");
    await page.getByLabel("Email").fill("colleague@example.test");
    await page.getByRole("button", { name: "Invite" }).click();
    await page.getByText(INDIVIDUAL_PLAN_INVITE).waitFor();
    const upgrade = page.getByRole("link", { name: "Upgrade" });
    await upgrade.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Plan & Billing" }).waitFor();
    await page.getByTestId("seats-used").getByText("1 of 1 member", { exact: true }).waitFor();
    // No Stripe key on this server: the next invoice says why it is not shown.
    await page.getByTestId("next-invoice-message").getByText(NEXT_INVOICE_NOT_CONFIGURED).waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);
    await context.close();
  });

  it("shows the banner with one way on once the trial has ended", async () => {
    const { page, context } = await h.newPage();
    const who = await h.signIn(context);
    await endTrial(h, who.user.accountId);
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
    h = await startHarness({
      stripe: { secretKey: standIn.secretKey, apiBase: standIn.url, prices: PRICES, webhookSecret: WEBHOOK_SECRET },
      jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
    });
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

  it("subscribes with a card on Stripe Checkout once the trial has ended, and tracking resumes", async () => {
    const { page, context } = await h.newPage();
    const who = await h.signIn(context);
    await endTrial(h, who.user.accountId);
    await page.goto("/");
    const banner = page.getByTestId("tracking-stopped-banner");
    await banner.getByText(TRIAL_ENDED_MESSAGE, { exact: false }).waitFor();
    // The banner's one way on: Stripe Checkout (the stand-in's hosted page pays with 4242 and redirects back).
    await banner.getByRole("button", { name: "Subscribe with a card" }).click();
    await page.waitForURL(/\/settings\?tab=plan$/);
    const [session, ...others] = standIn
      .list("checkout.session")
      .filter((s) => s.client_reference_id === String(who.user.accountId));
    expect(others).toEqual([]);
    expect(session).toMatchObject({ status: "complete" });
    expect(session?.url).toContain(`${standIn.url}${CHECKOUT_PAGE_PATH}/`);
    // Back before Stripe's webhook: the tab says so and keeps reading the subscription.
    await page.getByText("Finishing your subscription…", { exact: true }).first().waitFor();
    expect(await page.getByTestId("tracking-stopped-banner").count()).toBe(1);
    for (const event of eventsOf(standIn).filter((e) => e.data.object.customer === session?.customer)) {
      expect((await deliverEvent(`${h.baseUrl}/api/webhooks/stripe`, event, WEBHOOK_SECRET)).status).toBe(200);
    }
    await page.getByText("Payment received: your subscription is active", { exact: true }).first().waitFor();
    await page.getByText("Active", { exact: true }).first().waitFor();
    await page.getByTestId("tracking-stopped-banner").waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: "Subscribe with a card" }).count()).toBe(0);
    await page.getByRole("button", { name: "Manage billing" }).waitFor();
    // Seats and the next invoice, as Stripe's preview computes it: one Individual seat, $17.00 at the period's end.
    await page.getByTestId("seats-used").getByText("1 of 1 member", { exact: true }).waitFor();
    await page.getByTestId("next-invoice").getByText(/^\$17\.00 on \w+ \d+, \d{4}$/).waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);
    await context.close();
  });

  it("says nothing was charged when the user comes back from Checkout without paying", async () => {
    const { page, context } = await h.newPage();
    const who = await h.signIn(context);
    await endTrial(h, who.user.accountId);
    await page.goto("/settings?tab=plan");
    // The payer leaves the hosted page by its "back" link: Stripe sends the browser to cancel_url.
    await page.route(`${standIn.url}${CHECKOUT_PAGE_PATH}/**`, (route) =>
      route.continue({ url: `${route.request().url()}?cancel=1` }),
    );
    await page.getByRole("button", { name: "Subscribe with a card" }).first().click();
    // The page starts on this very URL, so the URL alone cannot tell that the round trip is over:
    // the toast appears only once the browser is back from Checkout's cancel_url.
    await page.getByText("Checkout cancelled", { exact: true }).first().waitFor();
    await page.waitForURL(/\/settings\?tab=plan$/);
    // This account's session only: earlier tests made others.
    const sessions = standIn.list("checkout.session").filter((s) => s.client_reference_id === String(who.user.accountId));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ status: "open" });
    expect(await page.getByTestId("tracking-stopped-banner").count()).toBe(1);
    await context.close();
  });
});
