import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, axeViolations, chooseOption, type Harness, startHarness } from "./harness.js";

/**
 * Issue 28's journey: a lawyer sets a client's e-billing id and matter, generates an invoice, opens
 * "Export LEDES 1998B", reads what a portal would refuse (no task code), fixes it on the line,
 * downloads the file and marks the invoice as checked. At phone width and in dark mode, axe-clean.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

const YEAR = new Date().getUTCFullYear() - 1;

describe("Legal e-billing", () => {
  it("sets matter and codes, generates an invoice, sees the portal's refusal, fixes it and downloads the LEDES file", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await h.signIn(context, { firstName: "Jane", lastName: "Doe" });
    await page.goto("/settings?tab=billing");
    // Off by default: nothing legal shows until it is turned on.
    await page.getByRole("checkbox", { name: "Turn on legal e-billing" }).click();
    await page.getByLabel("Law firm ID (LAW_FIRM_ID)").fill("12-3456789");
    await page.getByLabel("Your timekeeper ID").fill("JD");
    await chooseOption(page, "Timekeeper classification", /^PT · Partner/);
    await page.getByRole("button", { name: "Save legal e-billing" }).click();
    await page.getByText("Legal e-billing settings saved", { exact: true }).first().waitFor();

    const client = await api<{ id: number }>(page, "POST", "/api/clients", { name: "Acme Corp", email: "gc@acme.test" });
    await api(page, "POST", "/api/calls", {
      clientId: client.id,
      startTime: `${YEAR}-03-04T10:00:00Z`,
      duration: 420,
      notes: "Strategy call",
    });

    await page.goto(`/clients/${client.id}`);
    await page.getByRole("heading", { name: "Legal e-billing" }).waitFor();
    await page.getByRole("form", { name: "Add a matter" }).getByLabel("Your matter number").fill("M-100");
    await page.getByRole("form", { name: "Add a matter" }).getByLabel("Client's matter number").fill("ACME-7");
    await page.getByRole("form", { name: "Add a matter" }).getByLabel("Description").fill("Acme v. Widget");
    await page.getByRole("button", { name: "Add matter" }).click();
    await page.getByRole("region", { name: "Matters" }).getByText("M-100 · client's ACME-7 · Acme v. Widget").waitFor();
    await page.getByLabel("Client's e-billing ID (CLIENT_ID)").fill("ACME");
    await chooseOption(page, "Default matter", /^M-100/);
    await page.getByRole("button", { name: "Save e-billing details" }).click();
    await page.getByText("E-billing details saved", { exact: true }).first().waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);

    await page.goto("/invoices");
    await page.getByLabel("From", { exact: true }).fill(`${YEAR}-03-01`);
    await page.getByLabel("To", { exact: true }).fill(`${YEAR}-03-31`);
    await chooseOption(page, "Client", "Acme Corp");
    await page.getByRole("button", { name: "Generate Invoice", exact: true }).click();
    const row = page.getByTestId("invoice-row").first();
    await row.getByRole("button", { name: "Export LEDES 1998B" }).click();

    const dialog = page.getByRole("dialog");
    await dialog.getByText("1 problem a portal would refuse").waitFor();
    await dialog
      .getByText("Task code is empty; portals refuse the invoice without it: choose a UTBMS task code such as L120 or C300")
      .waitFor();
    expect(await dialog.getByRole("button", { name: "Mark as checked" }).isDisabled()).toBe(true);
    expect(await axeViolations(page, "serious")).toEqual([]);

    await chooseOption(page, "Task code", /^L120 Analysis\/Strategy/);
    await dialog.getByRole("button", { name: "Save codes" }).click();
    await dialog.getByText("No problems: the file passes the checks e-billing portals apply.").waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("link", { name: /^Download INV-0001\.ledes1998b\.txt/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("INV-0001.ledes1998b.txt");
    const lines = fs.readFileSync((await download.path()) as string, "ascii").split("\r\n");
    expect(lines[0]).toBe("LEDES1998B[]");
    // 7 minutes at 150.00 an hour: 0.1167 h, the rounding cent as an adjustment, 17.50 exactly.
    expect(lines[2]).toMatch(
      /^\d{8}\|INV-0001\|ACME\|M-100\|17\.50\|.*\|1\|F\|0\.1167\|-0\.01\|17\.50\|\d{8}\|L120\|\|A106\|JD\|.*\|12-3456789\|150\.00\|Jane Doe\|PT\|ACME-7\[\]$/,
    );

    await dialog.getByRole("button", { name: "Mark as checked" }).click();
    await dialog.getByText(/^Marked as checked on /).waitFor();
    await page.keyboard.press("Escape");
    await row.getByText("Checked", { exact: true }).waitFor();
    await context.close();
  });
});
