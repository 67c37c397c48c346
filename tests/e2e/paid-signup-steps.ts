import type { Page } from "playwright-core";

/** The sign-up steps up to the payment step (docs/subscription.md), as a user types them. */
export async function toPaymentStep(page: Page, email: string): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("First Name").fill("Grace");
  await page.getByLabel("Last Name").fill("Hopper");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("cobol1959");
  await page.getByLabel("Confirm Password").fill("cobol1959");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("button", { name: "Continue with Individual" }).click();
  await page.getByRole("heading", { name: "Complete Payment" }).waitFor();
}

/** A card typed into the Payment Element (the Stripe.js stand-in's labelled inputs). */
export async function typeCard(page: Page, number: string): Promise<void> {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiration date").fill("12 / 34");
  await page.getByLabel("Security code").fill("123");
}
