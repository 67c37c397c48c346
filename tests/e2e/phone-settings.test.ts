import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_PHONE_NUMBER } from "../../src/core/contracts/phone.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { axeViolations, chooseOption, type Harness, startHarness } from "./harness.js";
import { expectToast } from "./toasts.js";

/**
 * Issue 13 §5's settings screens: Landline/Office (Twilio: validation, credentials, the URLs to
 * paste, Clear of the stored token (issue 24 §1); another provider: the signing secret shown once) and Mobile/iPhone (Save only with a carrier
 * and a number; methods not yet working until a real event arrives).
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

async function openSubTab(page: Page, name: string) {
  await page.goto("/settings?tab=integrations");
  await page.getByRole("tab", { name }).click();
}

describe("Settings → Landline/Office", () => {
  it("refuses a bad number (nothing saved), saves Twilio with a good one and shows the URLs to paste", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    await openSubTab(page, "Landline/Office");
    await page.getByRole("combobox", { name: "Phone Provider" }).waitFor();
    await expect(page.getByRole("combobox", { name: "Phone Provider" }).textContent()).resolves.toContain("Twilio");
    await page.getByLabel("Account SID").fill("AC0123456789abcdef0123456789abcdef");
    await page.getByLabel("Auth Token", { exact: true }).fill("twilio-auth-token-1");

    await expectNothingChanged(h.app.db, async () => {
      await page.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Phone Number Required");
      await page.getByLabel("Office Phone Number").fill("555-CALL-NOW");
      await page.getByRole("button", { name: "Save" }).click();
      await expectToast(
        page,
        "Invalid Phone Number",
        "Please enter a valid phone number with country code (e.g., +1 555-123-4567)",
      );
      // Under the field too, the whole validation message.
      await page.getByText(INVALID_PHONE_NUMBER, { exact: true }).waitFor();
    });
    const stored = await page.request.get("/api/integrations/landline");
    expect((await stored.json()).provider).toBeNull();

    await page.getByLabel("Office Phone Number").fill("+1 (555) 010-4000");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Landline Saved", /Twilio landline saved/);
    const voice = page.getByLabel("Voice status callback URL", { exact: true });
    const sms = page.getByLabel("Messaging webhook URL", { exact: true });
    await expect(voice.inputValue()).resolves.toMatch(new RegExp(`^${h.baseUrl}/api/webhooks/twilio/[\\w-]+/voice$`));
    await expect(sms.inputValue()).resolves.toMatch(new RegExp(`^${h.baseUrl}/api/webhooks/twilio/[\\w-]+/sms$`));
    await page.getByRole("button", { name: "Copy Messaging webhook URL" }).click();
    await expectToast(page, "Copied", "Messaging webhook URL copied to the clipboard.");
    // The token is stored, never shown again; the status is honest until an event arrives.
    await page.getByText("Stored — leave blank to keep it.").waitFor();
    await expect(page.getByLabel("Auth Token", { exact: true }).inputValue()).resolves.toBe("");
    await expect(page.getByTestId("integration-status").textContent()).resolves.toBe("Disconnected");
    await page.getByText("No event has arrived yet.").waitFor();

    // After a reload the number is kept in its stored form.
    await page.reload();
    await page.getByRole("tab", { name: "Landline/Office" }).click();
    await expect(page.getByLabel("Office Phone Number").inputValue()).resolves.toBe("+15550104000");
    const saved = await (await page.request.get("/api/integrations/landline")).json();
    expect(saved).toMatchObject({ provider: "twilio", phoneNumber: "+15550104000", hasAuthToken: true });
    expect(JSON.stringify(saved)).not.toContain("twilio-auth-token-1");

    // Clear erases the stored token on the server without a new one (PUT /api/integrations/landline).
    await page.getByRole("button", { name: "Clear the stored Auth Token" }).click();
    await expectToast(
      page,
      "Landline Saved",
      "Twilio landline: Auth Token cleared. It is not connected until a new one is saved.",
    );
    await expect(page.getByRole("button", { name: "Clear the stored Auth Token" }).count()).resolves.toBe(0);
    await expect(page.getByText("Stored — leave blank to keep it.").count()).resolves.toBe(0);
    await expect(page.getByTestId("integration-status").textContent()).resolves.toBe("Disconnected");
    const cleared = await (await page.request.get("/api/integrations/landline")).json();
    expect(cleared).toMatchObject({
      provider: "twilio",
      phoneNumber: "+15550104000",
      hasAuthToken: false,
      status: "disconnected",
    });
    await context.close();
  });

  it("shows another provider's signing secret once, with the example request, at phone width in dark mode", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 375, height: 812 }, colorScheme: "dark" });
    await h.signIn(context);
    // The app's own theme switch (web/lib/theme.ts) keeps the choice in localStorage.
    await context.addInitScript(() => window.localStorage.setItem("vite-ui-theme", "dark"));
    await openSubTab(page, "Landline/Office");
    await chooseOption(page, "Phone Provider", "Vonage");
    await expect(page.getByLabel("Account SID").count()).resolves.toBe(0);
    await page.getByLabel("Office Phone Number").fill("+44 20 7946 0958");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Landline Saved", /Vonage landline saved/);
    await page.getByText("Copy your signing secret now: it will not be shown again.").waitFor();
    const secret = await page.getByLabel("Signing secret", { exact: true }).inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await expect(page.getByLabel("Webhook URL", { exact: true }).inputValue()).resolves.toMatch(
      /\/api\/webhooks\/phone\/[\w-]+$/,
    );
    await page.getByText("Example request").click();
    await page.getByText(/X-Minutely-Signature: v1=\$SIG/).waitFor();

    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);

    // Shown once: after a reload only "stored" remains, and the secret is nowhere on the page.
    await page.reload();
    await page.getByRole("tab", { name: "Landline/Office" }).click();
    await page.getByText("Signing secret: stored. It was shown once when it was created.").waitFor();
    expect(await page.content()).not.toContain(secret);
    await context.close();
  });
});

describe("Settings → Mobile/iPhone", () => {
  it("saves only with a carrier and a number, lists the methods as not yet working, and tests honestly", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    await openSubTab(page, "Mobile/iPhone");
    const save = page.getByRole("button", { name: "Save" });
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel("Mobile Phone Number").fill("+1 555 010 7000");
    expect(await save.isDisabled()).toBe(true);
    await chooseOption(page, "Carrier", /^T-Mobile$/);
    expect(await save.isDisabled()).toBe(false);
    await page.getByText("CALL_START", { exact: true }).first().waitFor();
    await page.getByText("CALL_END", { exact: true }).first().waitFor();

    await save.click();
    await expectToast(page, "Mobile Integration Saved");
    await expect(page.getByTestId("integration-status").textContent()).resolves.toBe("Configuring");
    const methods = page.getByRole("list", { name: "Integration methods" }).getByRole("listitem");
    await expect(methods.count()).resolves.toBe(2);
    for (const item of await methods.all()) {
      await item.getByText("No event yet").waitFor();
      expect(await item.textContent()).toContain("not working yet");
    }

    await page.getByRole("button", { name: "Test" }).click();
    await expectToast(page, "Connection Test Failed");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
