import type { Page } from "playwright-core";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, axeViolations, type Harness, startHarness, XHR } from "./harness.js";
import { expectToast } from "./toasts.js";

/**
 * Issue 13 §6: /phone-integration. Save the user's number, run the call test while a SIGNED Twilio
 * SMS from that number reaches the messaging webhook the landline settings show (detected), then a
 * second test with no event (not detected, with the server's reason). Signed out: Access Denied.
 */
let h: Harness;

const AUTH_TOKEN = "e2e-twilio-auth-token";
const USER_NUMBER = "+15550102000";
const TWILIO_NUMBER = "+15550109999";
const ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef";

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

/** A form POST as Twilio makes it, signed with the account's auth token over the URL as configured. */
async function postSignedTwilio(page: Page, url: string, params: Record<string, string>) {
  const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params);
  const response = await page.request.post(url, { form: params, headers: { "X-Twilio-Signature": signature } });
  expect(response.status(), await response.text()).toBe(200);
  return response.text();
}

/** What Twilio posts for a text from the user's mobile to the office's Twilio number. */
function sendSignedSms(page: Page, url: string, body: string, messageSid: string) {
  return postSignedTwilio(page, url, {
    AccountSid: ACCOUNT_SID,
    MessageSid: messageSid,
    SmsSid: messageSid,
    From: USER_NUMBER,
    To: TWILIO_NUMBER,
    Body: body,
    NumMedia: "0",
  });
}

describe("/phone-integration", () => {
  it("shows Access Denied with a Log In button when signed out", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/phone-integration");
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    expect(await page.getByRole("link", { name: "Log In" }).getAttribute("href")).toBe("/api/login");
    await context.close();
  });

  it("saves the number, detects a signed SMS during a test, and says plainly when a test saw nothing", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    await page.goto("/phone-integration");
    await page.getByRole("heading", { name: "Phone Integration", level: 1 }).waitFor();
    const badges = page.getByRole("list", { name: "Integration status" });
    for (const name of ["Phone System", "Mobile", "Landline"]) {
      await badges.getByRole("listitem").filter({ hasText: name }).getByText("Inactive", { exact: true }).waitFor();
    }

    // Nothing configured: the test cannot start, and Save needs a number.
    await page.getByRole("button", { name: "Start Test" }).click();
    await expectToast(page, "Phone Number Required", "Please configure phone number first");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Please enter a phone number").filter({ visible: true }).first().waitFor();

    await page.getByLabel("Phone Number", { exact: true }).fill("+1 (555) 010-2000");
    await page.getByLabel("Extension (optional)").fill("12");
    await expect(page.getByLabel("Display Number").inputValue()).resolves.toBe(`${USER_NUMBER} ext. 12`);
    await expect(page.getByRole("combobox", { name: "Provider" }).textContent()).resolves.toContain("Twilio");
    await page.getByText("only call start and end times are detected", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Success", "Phone integration updated");

    // The office's Twilio number, set up through the API; its messaging webhook as Settings shows it.
    await api(page, "POST", "/api/integrations/landline", {
      provider: "twilio",
      phoneNumber: TWILIO_NUMBER,
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
    });
    const landline = await (await page.request.get("/api/integrations/landline")).json();
    const smsUrl = landline.smsWebhookUrl as string;
    expect(smsUrl).toMatch(/\/sms$/);

    // Test 1: a signed SMS from the user's number arrives during the session.
    const start = page.getByRole("button", { name: "Start Test" });
    await start.click();
    await expectToast(page, "Test Started");
    const active = page.getByRole("status", { name: "Active test session" });
    await active.getByText(`Test started. Call or text ${USER_NUMBER} ext. 12 now, then press End Test.`).waitFor();
    expect(await start.isDisabled()).toBe(true);
    const reply = await sendSignedSms(page, smsUrl, "CALL_START", "SM00000000000000000000000000000001");
    expect(reply).toMatch(/<Response><Message>Call started/);
    // Then the call itself, through the same number: its length is the test's duration.
    await postSignedTwilio(page, landline.voiceWebhookUrl, {
      AccountSid: ACCOUNT_SID,
      CallSid: "CA00000000000000000000000000000001",
      CallStatus: "completed",
      CallDuration: "42",
      Direction: "inbound",
      From: USER_NUMBER,
      To: TWILIO_NUMBER,
    });
    await page.getByRole("button", { name: "End Test" }).click();
    await expectToast(page, "Test Completed");
    const result = page.getByRole("status", { name: "Test result" });
    await result.getByText("Call detected", { exact: true }).waitFor();
    await result.getByText(/a text message for \+15550102000 reached Minutely/).waitFor();
    await result.getByText("Duration: 42 seconds", { exact: true }).waitFor();
    expect(await start.isDisabled()).toBe(false);
    await badges.getByRole("listitem").filter({ hasText: "Phone System" }).getByText("Active", { exact: true }).waitFor();
    await badges.getByRole("listitem").filter({ hasText: "Landline" }).getByText("Active", { exact: true }).waitFor();

    // Test 2: nothing arrives.
    await start.click();
    await expectToast(page, "Test Started");
    await page.getByRole("status", { name: "Active test session" }).waitFor();
    await page.getByRole("button", { name: "End Test" }).click();
    await expectToast(page, "Test Completed");
    await result.getByText("Call not detected", { exact: true }).waitFor();
    await result.getByText(/^No call or text from \+15550102000 reached Minutely during the test\./).waitFor();
    expect(await result.getByText(/Duration:/).count()).toBe(0);

    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("works at phone width in dark mode, and a lost session says 'Please sign in again' then goes to sign in", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 375, height: 812 }, colorScheme: "dark" });
    await h.signIn(context);
    // The app's own theme switch (web/lib/theme.ts) keeps the choice in localStorage.
    await context.addInitScript(() => window.localStorage.setItem("vite-ui-theme", "dark"));
    await page.goto("/phone-integration");
    await page.getByRole("button", { name: "Start Test" }).waitFor();
    await page.getByLabel("Phone Number", { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);

    // Signed out elsewhere (the same session ends), then Save.
    const out = await context.request.post("/api/auth/logout", { headers: XHR });
    expect(out.status()).toBe(200);
    await page.getByLabel("Phone Number", { exact: true }).fill("+15550103000");
    // The toast lives 500 ms before the redirect: record what the page shows rather than poll for it.
    const shown: string[] = [];
    await page.exposeFunction("reportShownText", (text: string) => shown.push(text));
    await page.evaluate(() => {
      const report = (window as unknown as { reportShownText: (text: string) => void }).reportShownText;
      new MutationObserver(() => report(document.body.innerText)).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/auth/);
    expect(shown.some((text) => /Unauthorized\s+Please sign in again/.test(text))).toBe(true);
    await context.close();
  });
});
