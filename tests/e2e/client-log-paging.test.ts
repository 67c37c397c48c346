import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDecimalMoney } from "../../src/core/money.js";
import { buildCalls } from "../helpers/factories.js";
import { api, axeViolations, chooseOption, type Harness, startHarness } from "./harness.js";

/**
 * Issue 31: a busy client's year in the client log and on the client's page shows its first page of
 * rows with the whole period's figures (summed by the server), loads more on request, exports the
 * year as a streamed CSV, and bills the period's unbilled calls without the page holding them all.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

const YEAR = new Date().getUTCFullYear() - 1;
const CALLS = 120;

async function busyClient(signedIn: { user: { accountId: number } }, page: import("playwright-core").Page) {
  const client = await api<{ id: number }>(page, "POST", "/api/clients", { name: "Busy Practice Client", billingRate: "60.00", billingType: "hour" });
  const who = { c: h.client(), accountId: signedIn.user.accountId, db: h.app.db };
  // A working year: 120 calls of 10 to 50 minutes, spread over the months.
  await buildCalls(
    who,
    Array.from({ length: CALLS }, (_, i) => ({
      clientId: client.id,
      startedAt: new Date(Date.UTC(YEAR, i % 12, 1 + (i % 28), 9 + (i % 8))),
      durationSeconds: 600 + (i % 5) * 600,
      notes: `Matter ${i + 1}`,
    })),
  );
  return client;
}

async function openYear(page: import("playwright-core").Page, clientId: number) {
  await page.goto(`/client-log?client=${clientId}`);
  await chooseOption(page, "Period", "Year");
  await chooseOption(page, "Year", String(YEAR));
  await page.getByRole("heading", { name: `Call History - ${YEAR}` }).waitFor();
}

describe("a busy client's year in the client log", () => {
  it("shows the first page with the whole year's figures, loads the rest on request, exports and bills the year", async () => {
    const { page, context } = await h.newPage();
    const account = await h.signIn(context, { timezone: "UTC" });
    const client = await busyClient(account, page);
    const totals = await (await page.request.get(`/api/clients/${client.id}/period-totals?startDate=${YEAR}-01-01&endDate=${YEAR}-12-31`)).json();

    await openYear(page, client.id);
    const rows = page.getByTestId("call-row");
    await expect.poll(() => rows.count()).toBe(50);
    await expect.poll(() => page.getByTestId("summary-calls").textContent()).toBe(String(CALLS));
    await expect.poll(() => page.getByTestId("summary-revenue").textContent()).toBe(formatDecimalMoney(totals.revenue, "usd"));
    await page.getByRole("tab", { name: `Calls (${CALLS})` }).waitFor();
    await expect.poll(() => page.getByTestId("load-more-status").first().textContent()).toBe(`Showing 50 of ${CALLS} calls`);

    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows.count()).toBe(100);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows.count()).toBe(CALLS);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

    // Export CSV: the server streams the year; the file holds every call once.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /as CSV$/ }).click()]);
    expect(download.suggestedFilename()).toBe(`busy-practice-client-${YEAR}-01-01-${YEAR}-12-31.csv`);
    const csv = fs.readFileSync((await download.path()) as string, "utf8");
    expect(csv.trimEnd().split("\r\n")).toHaveLength(CALLS + 1);

    // Generate Invoice for the year: the count and total the server summed; the server picks the calls.
    await page.getByRole("button", { name: "Generate Invoice", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Generate Invoice" });
    await dialog.getByText(new RegExp(`· ${CALLS} calls$`)).waitFor();
    await dialog.getByText(formatDecimalMoney(totals.unbilledCallAmount, "usd"), { exact: true }).waitFor();
    await expect.poll(() => dialog.getByRole("list", { name: "Calls to invoice" }).getByRole("listitem").count()).toBe(50);
    await dialog.getByRole("button", { name: "Generate Invoice" }).click();
    await dialog.waitFor({ state: "hidden" });
    // Every page on screen is fetched again after the write: all the year's rows now show Invoiced.
    await expect.poll(() => rows.getByText("Invoiced", { exact: true }).count()).toBe(CALLS);
    await context.close();
  });

  it("is clean for axe at phone width in dark mode, and the client's page pages its tabs too", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    const account = await h.signIn(context, { timezone: "UTC" });
    const client = await busyClient(account, page);
    await openYear(page, client.id);
    await expect.poll(() => page.getByTestId("call-row").count()).toBe(50);
    await page.getByRole("button", { name: "Load more" }).waitFor();
    expect((await axeViolations(page)).map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);

    await page.goto(`/clients/${client.id}`);
    await page.getByRole("tab", { name: `Calls (${CALLS})` }).waitFor();
    await expect.poll(() => page.getByRole("table", { name: "Calls" }).locator("tbody tr").count()).toBe(50);
    await expect.poll(() => page.getByTestId("load-more-status").textContent()).toBe(`Showing 50 of ${CALLS} calls`);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => page.getByRole("table", { name: "Calls" }).locator("tbody tr").count()).toBe(100);
    expect((await axeViolations(page)).map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    await context.close();
  });
});
