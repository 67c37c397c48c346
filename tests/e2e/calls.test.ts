import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, axeViolations, chooseOption, type Harness, startHarness } from "./harness.js";

/**
 * Issue 4's call journeys: start a call, watch the timer, end it and find it priced in Recent
 * Calls and in the client log; log a past call and find it under the right period; change the
 * rounding increment and see a new call follow; the dashboard's figures match the calls made.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

describe("the call timer on the dashboard", () => {
  it("starts a call for a client, ticks, ends it, and shows it priced in Recent Calls, the stats and the client log", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { firstName: "Ruth", timezone: "UTC" });
    await page.goto("/");
    await page.getByRole("heading", { name: /Good (morning|afternoon|evening), Ruth/ }).waitFor();
    await page.getByText("No calls recorded yet").waitFor();
    // Empty Recent Calls points to capture, not to the timer (issue 29 §1).
    await page.getByText(/^No source is connected yet\. Connect your calendar/).waitFor();
    const client = await api<{ id: number }>(page, "POST", "/api/clients", { name: "Acme Legal", billingRate: "50.00", billingType: "call" });
    await page.reload();

    await page.getByRole("button", { name: "Start Call Timer" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Start Call Timer" });
    await dialog.waitFor();
    await chooseOption(page, "Client", /Acme Legal/);
    await chooseOption(page, "Platform", "Phone");
    await dialog.getByRole("button", { name: "Start Timer" }).click();

    await page.getByTestId("recording-badge").waitFor();
    const timer = page.getByRole("timer");
    await timer.waitFor();
    const first = await timer.textContent();
    await page.waitForTimeout(2200);
    const later = await timer.textContent();
    expect(later).not.toBe(first);
    expect(later).toMatch(/^\d+:\d{2}$/);

    // The call is a row on the server: a reload keeps it running.
    await page.reload();
    await page.getByRole("timer").waitFor();
    await page.getByRole("button", { name: /^End call on Phone/ }).click();
    await page.getByText("Call Ended", { exact: true }).first().waitFor();
    await page.getByText(/^Call completed\. Duration: 0m \d+s$/).first().waitFor();
    await expect.poll(() => page.getByTestId("recording-badge").count()).toBe(0);

    const recent = page.getByTestId("recent-calls");
    await recent.getByText("Acme Legal").waitFor();
    await recent.getByText("$50.00").waitFor();
    await expect.poll(() => page.getByTestId("stat-today-s-calls").textContent()).toBe("1");
    await expect.poll(() => page.getByTestId("stat-revenue").textContent()).toBe("$50.00");

    await page.goto(`/client-log?client=${client.id}`);
    await page.getByRole("heading", { name: "Acme Legal" }).waitFor();
    const row = page.getByTestId("call-row").first();
    await row.getByText("$50.00").waitFor();
    await expect.poll(() => page.getByTestId("summary-calls").textContent()).toBe("1");
    await expect.poll(() => page.getByTestId("summary-revenue").textContent()).toBe("$50.00");
    await context.close();
  });

  it("ends every running call with End All", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { timezone: "UTC" });
    await api(page, "POST", "/api/calls/start", { platform: "zoom" });
    await api(page, "POST", "/api/calls/start", { platform: "teams" });
    await page.goto("/");
    await expect.poll(() => page.getByRole("timer").count()).toBe(2);
    await page.getByRole("button", { name: "End All" }).click();
    await page.getByText("All Calls Ended", { exact: true }).first().waitFor();
    await page.getByText("All active calls have been completed").first().waitFor();
    await expect.poll(() => page.getByRole("timer").count()).toBe(0);
    await expect.poll(() => page.getByTestId("stat-today-s-calls").textContent()).toBe("2");
    await context.close();
  });
});

describe("logging a past call", () => {
  it("logs a call on a past day and finds it under that month and year only, in the account's time zone", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { timezone: "America/New_York" });
    await api(page, "POST", "/api/clients", { name: "Baker Holdings", billingRate: "120.00", billingType: "hour" });
    const year = new Date().getUTCFullYear() - 1;
    await page.goto("/");
    await page.getByRole("button", { name: "Log past call" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Log past call" });
    await chooseOption(page, "Client", /Baker Holdings/);
    await dialog.getByLabel("Date").fill(`${year}-03-31`);
    await dialog.getByLabel("Start time").fill("22:30"); // 02:30 UTC on April 1: still March in New York
    await dialog.getByLabel("Minutes").fill("30");
    await dialog.getByLabel("Notes").fill("Quarter-end review");
    await dialog.getByRole("button", { name: "Log call" }).click();
    await page.getByText("Call Logged", { exact: true }).first().waitFor();
    await page.getByTestId("recent-calls").getByText("$60.00").waitFor();

    await page.goto("/client-log");
    await page.getByLabel("Search clients").fill("baker");
    await page.getByRole("button", { name: /Baker Holdings/ }).click();
    await chooseOption(page, "Period", "Month");
    await chooseOption(page, "Month", "March");
    await chooseOption(page, "Year", String(year));
    await page.getByRole("heading", { name: `Call History - March ${year}` }).waitFor();
    await page.getByText(`Mar 1 - Mar 31, ${year}`).waitFor();
    const row = page.getByTestId("call-row");
    await row.getByText("Quarter-end review").waitFor();
    await row.getByText(`Mar 31, ${year} 22:30`).waitFor();
    await row.getByText("$60.00").waitFor();

    await chooseOption(page, "Month", "April");
    await page.getByText("No calls found for this period").waitFor();
    await chooseOption(page, "Period", "Year");
    await page.getByRole("heading", { name: `Call History - ${year}` }).waitFor();
    await page.getByTestId("call-row").getByText("$60.00").waitFor();
    await page.getByRole("tab", { name: "Emails (0)" }).click();
    await page.getByText("No emails found for this period").waitFor();
    await context.close();
  });
});

describe("billing rules follow the settings", () => {
  it("bills a new call with a changed rounding increment, and the dashboard adds up the calls made", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { timezone: "UTC" });
    const now = new Date();
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
    // $150/h, 1-minute rounding: 10 minutes = $25.00.
    await api(page, "POST", "/api/calls", { startTime: minutesAgo(20), duration: 600 });
    await api(page, "PUT", "/api/settings", { roundingIncrementMinutes: 30 });
    await page.goto("/");
    await page.getByRole("button", { name: "Log past call" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Log past call" });
    const start = new Date(now.getTime() - 15 * 60_000);
    await dialog.getByLabel("Date").fill(start.toISOString().slice(0, 10));
    await dialog.getByLabel("Start time").fill(start.toISOString().slice(11, 16));
    await dialog.getByLabel("Minutes").fill("10");
    await dialog.getByRole("button", { name: "Log call" }).click();
    // The same 10 minutes now bill 30: $75.00; the earlier call keeps its $25.00.
    const recent = page.getByTestId("recent-calls");
    await recent.getByText("$75.00").waitFor();
    await recent.getByText("$25.00").waitFor();
    // "Today" is the account's (UTC) day: near midnight one or both calls fall on yesterday.
    const today = now.toISOString().slice(0, 10);
    const todayCalls = String([minutesAgo(20), start.toISOString()].filter((instant) => instant.slice(0, 10) === today).length);
    await expect.poll(() => page.getByTestId("stat-today-s-calls").textContent()).toBe(todayCalls);
    if (todayCalls === "2") {
      await expect.poll(() => page.getByTestId("stat-time-tracked").textContent()).toBe("20m");
      await expect.poll(() => page.getByTestId("stat-revenue").textContent()).toBe("$100.00");
    }
    await context.close();
  });
});

describe("accessibility and layout", () => {
  it("has no serious axe violations on the dashboard and the client log, in dark mode at phone width too", async () => {
    const variants: { viewport?: { width: number; height: number }; colorScheme?: "light" | "dark" }[] = [{}, { viewport: { width: 390, height: 844 }, colorScheme: "dark" }];
    for (const options of variants) {
      const { page, context } = await h.newPage(options);
      if (options.colorScheme === "dark") await context.addInitScript(() => window.localStorage.setItem("vite-ui-theme", "dark"));
      await h.signIn(context, { timezone: "UTC" });
      await api(page, "POST", "/api/clients", { name: "Carter & Co", email: "carter@example.test" });
      await api(page, "POST", "/api/calls/start", {});
      await page.goto("/");
      await page.getByRole("timer").waitFor();
      if (options.colorScheme === "dark") expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
      expect(await axeViolations(page, "serious")).toEqual([]);
      await page.goto("/client-log");
      await page.getByRole("button", { name: /Carter & Co/ }).click();
      await page.getByRole("heading", { name: /Call History/ }).waitFor();
      expect(await axeViolations(page, "serious")).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      expect(overflow).toBe(false);
      await context.close();
    }
  });
});
