import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRIPE_NOT_CONFIGURED, STRIPE_STATUS_ADMIN_ONLY } from "../../src/core/contracts/stripe.js";
import { setAdministrator } from "../../src/server/admin/set-administrator.js";
import { createStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/index.js";
import { axeViolations, type Harness, startHarness } from "./harness.js";

/**
 * Issue 15 §5: /payments against the local Stripe stand-in. An administrator sees the connection
 * status card, creates a payment intent of 1.00 usd and a test customer; signed out the page is
 * Access Denied; a server without keys says Stripe is not configured and keeps the buttons disabled.
 */
describe("/payments with Stripe configured", () => {
  let h: Harness;
  let standIn: StripeStandIn;

  beforeAll(async () => {
    standIn = await createStripeStandIn().start();
    h = await startHarness({ stripe: { secretKey: standIn.secretKey, apiBase: standIn.url, prices: {} } });
  });
  afterAll(async () => {
    await h?.stop();
    await standIn?.stop();
  });

  it("shows Access Denied when signed out", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/payments");
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await context.close();
  });

  it("shows the connected account, then creates a payment intent and a test customer", async () => {
    const { page, context } = await h.newPage();
    const who = await h.signIn(context);
    await setAdministrator(h.app.db, { email: who.email, isAdmin: true, now: new Date() });
    await page.goto("/payments");
    await page.getByRole("heading", { name: "Payment Integration" }).waitFor();
    const account = page.getByTestId("stripe-account");
    await account.waitFor();
    for (const text of ["acct_standin0001", "standard", "US", "USD", "billing@minutely.test", "Minutely Test Practice"]) {
      await account.getByText(text, { exact: true }).waitFor();
    }
    await page.getByText("Connected", { exact: true }).waitFor();

    await page.getByLabel("Amount (USD)").fill("1");
    await page.getByRole("button", { name: "Create Payment Intent" }).click();
    const intent = page.getByTestId("payment-intent");
    await intent.waitFor();
    await intent.getByText("1.00", { exact: true }).waitFor();
    await intent.getByText("usd", { exact: true }).waitFor();
    expect(await intent.textContent()).toMatch(/pi_standin/);
    await page.getByText("Payment Intent Created", { exact: true }).first().waitFor();

    await page.getByRole("button", { name: "Create Test Customer" }).click();
    await page.getByText("Please enter a customer email").first().waitFor();
    await page.getByLabel("Customer email").fill("ada@example.test");
    await page.getByLabel("Name (optional)").fill("Ada Lovelace");
    await page.getByRole("button", { name: "Create Test Customer" }).click();
    const customer = page.getByTestId("test-customer");
    await customer.getByText("ada@example.test", { exact: true }).waitFor();
    await customer.getByText("Ada Lovelace", { exact: true }).waitFor();
    expect(standIn.list("customer").some((c) => c.email === "ada@example.test")).toBe(true);
    expect(await axeViolations(page, "serious")).toEqual([]);
    await context.close();
  });

  it("explains that only administrators check the connection and create test objects, and shows others no account", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    const checks = standIn.requests.filter((r) => r.path === "/v1/account").length;
    await page.goto("/payments");
    await page.getByText(STRIPE_STATUS_ADMIN_ONLY).waitFor();
    expect(await page.getByRole("button", { name: "Create Payment Intent" }).isDisabled()).toBe(true);
    await page.getByText("Only administrators can create test payment intents and customers").first().waitFor();
    expect(await page.getByTestId("stripe-account").count()).toBe(0);
    expect(await page.getByText("acct_standin0001").count()).toBe(0);
    expect(standIn.requests.filter((r) => r.path === "/v1/account").length).toBe(checks);
    await context.close();
  });
});

describe("/payments without Stripe keys", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ stripe: { prices: {} } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it("says Stripe is not configured, names the variables, and the buttons stay disabled", async () => {
    const { page, context } = await h.newPage();
    const who = await h.signIn(context);
    await setAdministrator(h.app.db, { email: who.email, isAdmin: true, now: new Date() });
    await page.goto("/payments");
    await page.getByText("Stripe is not configured", { exact: true }).waitFor();
    await page.getByText(STRIPE_NOT_CONFIGURED).waitFor();
    expect(await page.getByRole("button", { name: "Create Payment Intent" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Create Test Customer" }).isDisabled()).toBe(true);
    await context.close();
  });
});
