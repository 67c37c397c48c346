import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type Harness, startHarness } from "./harness.js";

/**
 * Issue 11 defect 14: rename a client, open Email Tracking without reloading, and the old name
 * stayed (the client mutation did not refresh the emails list, and cached data never went stale).
 * Every move here is an in-app link, so the query cache lives through the whole journey.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

/** The header's section links, as a user clicks them (no page load). */
const goTo = (page: Page, section: "Clients" | "Email Tracking") =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: section }).click();

describe("screens after a write", () => {
  it("shows a renamed client's new name on Email Tracking without a reload", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    await page.goto("/clients");

    await page.getByRole("button", { name: "Add Your First Client" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Harbor Realty");
    await page.getByRole("dialog").getByRole("button", { name: "Add Client" }).click();
    await page.getByText("Client created successfully", { exact: true }).first().waitFor();

    // An email tracked for the client (as Save to Billing Records does), seeded through the API.
    const clients = await (await page.request.get("/api/clients")).json();
    const clientId = (clients as { id: number; name: string }[]).find((c) => c.name === "Harbor Realty")?.id;
    await api(page, "POST", "/api/emails/track", {
      emailData: { id: "<lease-1@acme.test>", subject: "Lease renewal: terms", wordCount: 450, isInbound: true },
      clientId,
    });
    // A marker that a full page load would wipe.
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));

    // Email Tracking caches the list with the old name.
    await goTo(page, "Email Tracking");
    const recent = page.getByRole("list", { name: "Recently tracked emails" });
    await recent.getByText(/Harbor Realty/).waitFor();

    await goTo(page, "Clients");
    await page.getByRole("button", { name: "Edit Harbor Realty" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Lighthouse Realty");
    await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Client updated successfully", { exact: true }).first().waitFor();

    await goTo(page, "Email Tracking");
    await recent.getByText(/Lighthouse Realty/).waitFor();
    await expect(recent.getByText(/Harbor Realty/).count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage)).resolves.toBe(true);
    await context.close();
  });
});
