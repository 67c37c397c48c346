import { monthLabel, monthStart } from "../../src/core/analytics/analytics-period.js";
import { addDays } from "../../src/core/invoices.js";
import { todayInZone } from "../../src/core/period.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, axeViolations, chooseOption, type Harness, startHarness } from "./harness.js";

/**
 * Issue 27's journey: calls entered for a client last month, part of them invoiced; the Analytics page
 * shows the funnel's numbers for that month (captured → billable → invoiced → paid and the rates),
 * the unbilled rest links to the invoice generator with its client and days filled in; a call edited
 * in the client log shows raw and billed time side by side in its History; the Settings audit log
 * finds the edit. At phone width and in dark mode, axe-clean.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

// Last month in UTC (the account's zone), so every call and the invoice lie in a closed month.
const THIS_MONTH = monthStart(todayInZone("UTC"));
const LAST_MONTH = monthStart(THIS_MONTH, -1);
const day = (n: number) => addDays(LAST_MONTH, n - 1);

/** A safety net, never a speed check: each journey took 50-95 s at load 17 on two cores (the e2e default is 90 s). */
const JOURNEY_BUDGET = 240_000;

type Seeded = { clientId: number; lateCallId: number; email: string };

/** Signs in at phone width in dark mode; a client at $120.00 an hour (to the minute, no minimum), an hour on day 3 and half an hour on day 20 of last month, the hour invoiced (a draft). */
async function seedMonth() {
  const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  const account = await h.signIn(context, { firstName: "Ada", timezone: "UTC" });
  const client = await api<{ id: number }>(page, "POST", "/api/clients", {
    name: "Babbage Ltd",
    email: "office@babbage.test",
    billingRate: "120.00",
    billingType: "hour",
    minimumBillingMinutes: 0,
    roundingIncrementMinutes: 1,
  });
  await api(page, "POST", "/api/calls", {
    clientId: client.id,
    startTime: `${day(3)}T10:00:00Z`,
    duration: 3600,
    notes: "Engine review",
  });
  const late = await api<{ id: number }>(page, "POST", "/api/calls", {
    clientId: client.id,
    startTime: `${day(20)}T15:00:00Z`,
    duration: 1800,
    notes: "Follow-up",
  });
  await api(page, "POST", "/api/invoices", { dateFrom: day(1), dateTo: day(10), clientId: client.id });
  return { page, context, seeded: { clientId: client.id, lateCallId: late.id, email: account.email } satisfies Seeded };
}

describe("Analytics", () => {
  it(
    "shows a month's funnel and rates, and links its unbilled work to the invoice generator",
    async () => {
      const { page, context } = await seedMonth();
      await page.goto("/");
      await page.getByRole("button", { name: "Open navigation menu" }).click();
      await page.getByRole("menuitem", { name: "Analytics" }).click();
      await page.getByRole("heading", { name: "Analytics", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Previous period" }).click();
      await page.getByText(monthLabel(LAST_MONTH), { exact: true }).waitFor();

      // $180.00 captured and billable (1.5 h at $120.00), $120.00 of it invoiced, nothing paid yet.
      const stages = page.getByTestId("funnel-stages");
      await expect.poll(() => stages.innerText()).toContain("Invoiced\n$120.00\n1.00 h");
      const stageText = await stages.innerText();
      expect(stageText).toContain("Captured\n$180.00\n1.50 h");
      expect(stageText).toContain("Billable\n$180.00\n1.50 h");
      expect(stageText).toContain("Paid\n$0.00\n0.00 h");
      const rates = await page.getByTestId("funnel-rates").innerText();
      expect(rates).toContain("Realization\n67 %");
      expect(rates).toContain("Collection\n0 %");
      const byClient = page.getByRole("region", { name: "By client" }).getByRole("row", { name: /Babbage Ltd/ });
      expect(await byClient.innerText()).toContain("$120.00");
      await page.getByTestId("forecast-method").waitFor();
      expect(await axeViolations(page, "serious")).toEqual([]);

      // Unbilled work: the half hour of day 20, exported, and one click from its invoice.
      const unbilled = page.getByRole("region", { name: "Unbilled work" });
      expect(await unbilled.getByRole("row", { name: /Babbage Ltd/ }).innerText()).toContain("$60.00");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        unbilled.getByRole("button", { name: "Export Unbilled work as CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^analytics-unbilled-.*\.csv$/);
      await unbilled.getByRole("link", { name: "Create invoice for Babbage Ltd" }).click();
      await page.getByRole("heading", { name: "Invoices", level: 1 }).waitFor();
      await expect.poll(() => page.getByLabel("From", { exact: true }).inputValue()).toBe(day(20));
      expect(await page.getByLabel("To", { exact: true }).inputValue()).toBe(day(20));
      await expect.poll(() => page.getByRole("combobox", { name: "Client", exact: true }).innerText()).toContain("Babbage Ltd");
      await context.close();
    },
    JOURNEY_BUDGET,
  );
});

describe("the audit trail", () => {
  it(
    "shows an edited call's raw and billed time side by side in its History, and finds the edit in the Settings log",
    async () => {
      const { page, context, seeded } = await seedMonth();
      await page.goto(`/client-log?client=${seeded.clientId}`);
      await chooseOption(page, "Period", "Month");
      await chooseOption(page, "Month", monthLabel(LAST_MONTH).split(" ")[0] as string);
      await chooseOption(page, "Year", LAST_MONTH.slice(0, 4));
      const row = page.getByTestId("call-row").filter({ hasText: "Follow-up" });
      // An invoiced call can no longer change, but its History stays one click away.
      const invoiced = page.getByTestId("call-row").filter({ hasText: "Engine review" });
      await invoiced.getByRole("button", { name: /^History of the/ }).click();
      await expect.poll(() => page.getByRole("dialog").getByTestId("call-history-row").count()).toBe(2);
      await page.keyboard.press("Escape");

      await row.getByRole("button", { name: /^Actions for the/ }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      await page.getByLabel("Minutes").fill("45");
      await page.getByRole("button", { name: "Save" }).click();
      await row.getByText("45m 0s").waitFor();

      await row.getByRole("button", { name: /^Actions for the/ }).click();
      await page.getByRole("menuitem", { name: "History" }).click();
      const changes = page.getByRole("dialog").getByTestId("call-history-row");
      await expect.poll(() => changes.count()).toBe(2);
      expect(await changes.nth(0).innerText()).toMatch(/created[\s\S]*30m 0s\s+30m 0s$/);
      const edited = await changes.nth(1).innerText();
      expect(edited).toContain("PATCH /api/calls/:id");
      expect(edited).toContain("Raw time: 30m 0s → 45m 0s");
      expect(edited).toContain("Billed time: 30m 0s → 45m 0s");
      expect(edited).toMatch(/45m 0s\s+45m 0s$/);
      expect(await axeViolations(page, "serious")).toEqual([]);
      await page.keyboard.press("Escape");

      // Who changed what: the user's own email, calls, updates.
      await page.goto("/settings?tab=audit");
      await page.getByRole("searchbox", { name: "Search" }).fill(seeded.email);
      await chooseOption(page, "Record", "Calls");
      await chooseOption(page, "Action", "Updated");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      // Generating the invoice updated the first call too; the edit is the one with its times.
      const log = page.getByRole("list", { name: "Audit log" }).getByTestId("audit-event");
      const edit = log.filter({ hasText: `Call ${seeded.lateCallId} updated` });
      await edit.waitFor();
      expect(await edit.innerText()).toContain("Raw time: 30m 0s → 45m 0s");
      expect(await log.filter({ hasText: "created" }).count()).toBe(0);
      expect(await axeViolations(page, "serious")).toEqual([]);
      await context.close();
    },
    JOURNEY_BUDGET,
  );
});
