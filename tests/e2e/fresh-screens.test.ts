import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type Harness, startHarness } from "./harness.js";
import { expectToast } from "./toasts.js";

/**
 * Issue 11 defect 14: rename a client, open Email Tracking without reloading, and the old name
 * stayed (the client mutation did not refresh the emails list, and cached data never went stale).
 * Every move here is an in-app link, so the query cache lives through the whole journey.
 *
 * The page's clock is held (Date.now never moves; timers still run, so toasts, dialogs and the query
 * client's scheduling work as usual): a cached answer goes stale only after STALE_TIME_MS of Date.now
 * (src/web/lib/query-client.ts), so with the clock held the list on Email Tracking can only come back
 * with the new name because the client write refreshed it (lib/query-refresh.ts), never because 30 s
 * passed on a slow machine. No deadline is needed to tell the two apart.
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
    const heldAt = Date.now();
    await context.clock.setFixedTime(heldAt);
    await h.signIn(context);
    await page.goto("/clients");

    await page.getByRole("button", { name: "Add Your First Client" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Harbor Realty");
    await page.getByRole("dialog").getByRole("button", { name: "Add Client" }).click();
    await expectToast(page, "Client created successfully");

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
    await expectToast(page, "Client updated successfully");

    await goTo(page, "Email Tracking");
    await expect
      .poll(() => recent.textContent(), {
        message:
          "Email Tracking kept the old name: the client update did not refresh the emails list (the clock is held, so it never went stale)",
      })
      .toMatch(/Lighthouse Realty/);
    await expect(recent.getByText(/Harbor Realty/).count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage)).resolves.toBe(true);
    // The page's clock never moved, so the list was not refetched for being older than STALE_TIME_MS.
    await expect(page.evaluate(() => Date.now())).resolves.toBe(heldAt);
    await context.close();
  });
});
