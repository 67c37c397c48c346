import fs from "node:fs";
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceDetailJson, InvoiceJson } from "../../src/core/contracts/invoices.js";
import { startSmtpCapture } from "../helpers/smtp-capture.js";
import { type QuickBooksStandIn, startQuickBooksStandIn } from "../stand-ins/quickbooks/index.js";
import { api, axeViolations, type Harness, startHarness } from "./harness.js";
import { expectToast } from "./toasts.js";

/**
 * Issue 16's browser journeys: connect QuickBooks through its consent page (the stand-in's sends the
 * browser straight back), sync a month and see "Last sync" and each invoice's QuickBooks id; export
 * the revenue CSV and read it back against the invoices; the page at phone width in dark mode.
 */
let qbo: QuickBooksStandIn;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let h: Harness;

beforeAll(async () => {
  qbo = await startQuickBooksStandIn();
  smtp = await startSmtpCapture();
  h = await startHarness({
    smtp: { url: smtp.url, from: "Minutely Invoices <invoices@minutely.test>" },
    accounting: { endpoints: { quickbooks: { baseUrl: qbo.url } } },
    // Sync runs are jobs: a worker that looks for work twice a second.
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
  });
});
afterAll(async () => {
  await h?.stop();
  await smtp?.close();
  await qbo?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
/** Last month's calls, invoiced today: the invoices are issued this month. */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

type Client = { id: number; name: string };

/** Two clients billed for last month and sent (the sync's invoices), and a third left as a draft (never synced). */
async function seedInvoices(page: Page): Promise<InvoiceDetailJson[]> {
  const month = lastMonth();
  const day = (n: number) => `${month.from.slice(0, 8)}${String(n).padStart(2, "0")}`;
  const hartley = await api<Client>(page, "POST", "/api/clients", {
    name: "Hartley & Sons",
    email: "accounts@hartley.test",
    billingRate: "120.00",
    billingType: "hour",
  });
  const keller = await api<Client>(page, "POST", "/api/clients", {
    name: "Keller GmbH",
    billingRate: "75.00",
    billingType: "call",
  });
  const draft = await api<Client>(page, "POST", "/api/clients", {
    name: "Draft Only Ltd",
    billingRate: "50.00",
    billingType: "call",
  });
  await api(page, "POST", "/api/calls", {
    clientId: hartley.id,
    startTime: `${day(4)}T10:00:00Z`,
    duration: 1800,
    notes: "Lease review",
  });
  await api(page, "POST", "/api/calls", {
    clientId: hartley.id,
    startTime: `${day(18)}T15:00:00Z`,
    duration: 2700,
    notes: "Board call",
  });
  await api(page, "POST", "/api/calls", {
    clientId: keller.id,
    startTime: `${day(9)}T08:00:00Z`,
    duration: 600,
    notes: "Intake",
  });
  await api(page, "POST", "/api/calls", { clientId: draft.id, startTime: `${day(11)}T08:00:00Z`, duration: 600 });
  const { invoices } = await api<{ invoices: InvoiceJson[] }>(page, "POST", "/api/invoices", {
    dateFrom: month.from,
    dateTo: month.to,
  });
  const sent: InvoiceDetailJson[] = [];
  for (const invoice of invoices) {
    if (invoice.clientId === draft.id) continue;
    await api(page, "POST", `/api/invoices/${invoice.id}/send`, { to: `billing-${invoice.clientId}@clients.test` });
    const detail = await page.request.get(`/api/invoices/${invoice.id}`);
    sent.push((await detail.json()) as InvoiceDetailJson);
  }
  expect(sent).toHaveLength(2);
  return sent;
}

describe("Financial Integrations", () => {
  let sent: InvoiceDetailJson[] = [];
  let page: Page;

  it("connects QuickBooks through its consent page, syncs a month, and shows Last sync and each invoice's QuickBooks id", async () => {
    const opened = await h.newPage();
    page = opened.page;
    await h.signIn(opened.context, { firstName: "Grace", timezone: "UTC" });
    sent = await seedInvoices(page);

    await page.goto("/financial-integrations");
    await page.getByRole("heading", { name: "Financial Integrations", level: 1 }).waitFor();
    const card = page.getByRole("region", { name: "QuickBooks" });
    await card.getByTestId("provider-status").getByText("Not connected").waitFor();
    await card.getByText("Last sync: Never", { exact: true }).waitFor();
    // All eight providers of the catalogue (core/accounting/providers.ts) have a card; Timberline says why it works through a file.
    expect(await page.getByRole("region").count()).toBe(8);
    await page
      .getByRole("region", { name: "Timberline" })
      .getByText(/has no public API/)
      .waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);

    await card.getByRole("button", { name: "Connect QuickBooks" }).click();
    const dialog = page.getByRole("dialog", { name: "Connect QuickBooks" });
    // The Redirect URI defaults to this site's callback.
    expect(await dialog.getByLabel("Redirect URI").inputValue()).toBe(`${h.baseUrl}/api/financial-integrations/oauth/callback`);
    await dialog.getByLabel("Accounts Receivable Account ID").waitFor();
    await dialog.getByLabel("Revenue Account ID").waitFor();
    // Client ID and Client Secret are required; nothing is sent without them.
    await dialog.getByRole("button", { name: "Save and connect to QuickBooks" }).click();
    await expect.poll(() => dialog.getByText("Client ID and Client Secret are required", { exact: true }).count()).toBe(2);
    expect(await axeViolations(page, "serious")).toEqual([]);

    await dialog.getByLabel("Client ID").fill(qbo.clientId);
    await dialog.getByLabel("Client Secret", { exact: true }).fill(qbo.clientSecret);
    expect(await dialog.getByLabel("Client Secret", { exact: true }).getAttribute("type")).toBe("password");
    await dialog.getByRole("button", { name: "Save and connect to QuickBooks" }).click();

    // The stand-in's consent page sends the browser back through the callback to this page.
    await expectToast(page, "QuickBooks Connected");
    await page.waitForURL(`${h.baseUrl}/financial-integrations`);
    await card.getByTestId("provider-status").getByText("Connected", { exact: true }).waitFor();
    await card.getByTestId("provider-organisation").getByText(qbo.companyName, { exact: true }).waitFor();
    await card.getByRole("button", { name: "Configure QuickBooks" }).waitFor();
    await card.getByRole("button", { name: "Disable QuickBooks" }).waitFor();
    expect(qbo.counts().invoices).toBe(0);

    // Sync Settings: this month (the invoices were issued today).
    await page.getByRole("tab", { name: "Sync Settings" }).click();
    await page.getByLabel("From", { exact: true }).fill(`${today().slice(0, 8)}01`);
    await page.getByLabel("To", { exact: true }).fill(today());
    await page.getByRole("button", { name: "Sync Revenue Data" }).click();
    await expectToast(page, "Sync Completed", "Successfully synced to 1 out of 1 integrations");

    await page.getByRole("tab", { name: "Integrations" }).click();
    await expect
      .poll(() => card.getByTestId("provider-run-progress").textContent())
      .toMatch(/^Synced 2, failed 0/);
    await expect
      .poll(() => card.getByTestId("provider-last-sync").textContent())
      .not.toBe("Last sync: Never");

    // QuickBooks holds exactly the two sent invoices (the draft stays here), with their lines.
    const remote = qbo.invoices();
    expect(remote.map((invoice) => invoice.docNumber).sort()).toEqual(sent.map((invoice) => invoice.invoiceNumber).sort());
    for (const invoice of sent) {
      const there = remote.find((candidate) => candidate.docNumber === invoice.invoiceNumber);
      expect(there?.total).toBe(invoice.total);
      expect(there?.lines.map((line) => line.amount)).toEqual(invoice.items.map((item) => item.amount));
    }
    expect(
      qbo
        .customers()
        .map((customer) => customer.displayName)
        .sort(),
    ).toEqual(["Hartley & Sons", "Keller GmbH"]);

    // The per-invoice results: each invoice's QuickBooks id.
    await card.getByRole("button", { name: "Invoices synced to QuickBooks" }).click();
    const resultsDialog = page.getByRole("dialog", { name: "Invoices synced to QuickBooks" });
    const results = resultsDialog.getByTestId("invoice-sync-result");
    await expect.poll(() => results.count()).toBe(2);
    for (const invoice of remote) {
      const row = results.filter({ hasText: invoice.docNumber });
      await row.getByText(invoice.id, { exact: true }).waitFor();
      await row.getByText("Synced", { exact: true }).waitFor();
    }
    expect(await axeViolations(page, "serious")).toEqual([]);
    await page.keyboard.press("Escape");
    await resultsDialog.waitFor({ state: "hidden" });
  });

  it("exports the revenue CSV, one row per invoice line, matching the invoices", async () => {
    await page.getByRole("tab", { name: "Export Data" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export Revenue CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`revenue-export-${today()}.csv`);
    await expectToast(page, "Export Successful");
    const rows: Record<string, string>[] = parse(fs.readFileSync((await download.path()) as string), {
      columns: true,
      bom: true,
    });
    const expected = sent.flatMap((invoice) =>
      invoice.items.map((item) => ({ invoice: invoice.invoiceNumber, client: invoice.clientName, amount: item.amount })),
    );
    const got = rows.map((row) => ({ invoice: row["Invoice Number"], client: row.Client, amount: row.Amount }));
    const order = (list: typeof expected) =>
      [...list].sort((a, b) => `${a.invoice}${a.amount}`.localeCompare(`${b.invoice}${b.amount}`));
    expect(order(got as typeof expected)).toEqual(order(expected));

    // The header's Export CSV downloads the same file.
    const [again] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV", exact: true }).click(),
    ]);
    expect(again.suggestedFilename()).toBe(`revenue-export-${today()}.csv`);

    // Settings → Integrations → Financial: the same connection, its Export as a dated file, and the way to the page.
    await page.goto("/settings?tab=integrations&sub=financial");
    await page.getByTestId("financial-status").getByText("Connected", { exact: true }).waitFor();
    await page.getByText(qbo.companyName, { exact: true }).waitFor();
    expect(await page.getByLabel("Client Secret", { exact: true }).getAttribute("placeholder")).toBe(
      "Stored — leave empty to keep",
    );
    const [settingsExport] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export", exact: true }).click(),
    ]);
    expect(settingsExport.suggestedFilename()).toBe(`financial-export-${today()}.csv`);
    expect(await axeViolations(page, "serious")).toEqual([]);
    await page.getByRole("link", { name: "Open Financial Integrations" }).click();
    await page.getByRole("heading", { name: "Financial Integrations", level: 1 }).waitFor();

    // Disconnect, asked once: the credentials go, what QuickBooks holds stays.
    const card = page.getByRole("region", { name: "QuickBooks" });
    await card.getByRole("button", { name: "Disconnect" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Disconnect QuickBooks?" });
    expect(await axeViolations(page, "serious")).toEqual([]);
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await expectToast(page, "QuickBooks Disconnected");
    await card.getByTestId("provider-status").getByText("Not connected", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Connect QuickBooks" }).waitFor();
    expect(qbo.counts().invoices).toBe(2);
  });

  it("fits a phone in dark mode, cards, tabs and configure dialog alike", async () => {
    const { page: phone, context } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await context.addInitScript(() => window.localStorage.setItem("vite-ui-theme", "dark"));
    await h.signIn(context, { timezone: "UTC" });
    await phone.goto("/financial-integrations");
    await phone.getByRole("region", { name: "NetSuite" }).waitFor();
    // Nothing connected: the header's Sync Now says why, in the server's words.
    await phone.getByRole("button", { name: "Sync Now", exact: true }).click();
    await expectToast(phone, "Sync Failed");
    await phone
      .getByText(/No accounting integration is enabled/)
      .first()
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(phone, "serious")).toEqual([]);

    await phone.getByRole("button", { name: "Connect NetSuite" }).click();
    const dialog = phone.getByRole("dialog", { name: "Connect NetSuite" });
    await dialog.getByLabel("Token Secret").waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(phone, "serious")).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await phone.getByRole("tab", { name: "Sync Settings" }).click();
    await phone.getByRole("button", { name: "Sync Revenue Data" }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A consent that failed comes back as ?error={code}: a destructive toast in fixed words, and the address is cleaned.
    await phone.goto("/financial-integrations?error=denied&provider=quickbooks");
    await expectToast(phone, "Setup Failed", "Access was not allowed at QuickBooks. Nothing was connected.");
    await phone.waitForURL(`${h.baseUrl}/financial-integrations`);
    // Words in a link are anyone's (issue 23 defect 9): never shown, a success never claimed.
    const bait = "Your QuickBooks was disconnected. Call +1 555 0100 to restore it.";
    await phone.goto(`/financial-integrations?error=${encodeURIComponent(bait)}&connected=${encodeURIComponent(bait)}`);
    await expectToast(phone, "Setup Failed", "The connection was not completed. Click Connect again.");
    await phone.waitForURL(`${h.baseUrl}/financial-integrations`);
    expect(await phone.getByText(/Call \+1 555 0100/).count()).toBe(0);
    expect(await phone.getByText(/Connected$/).count()).toBe(0);
    // A link claiming a connection the server does not have claims nothing.
    await phone.goto("/financial-integrations?connected=xero");
    await phone.waitForURL(`${h.baseUrl}/financial-integrations`);
    expect(await phone.getByText("Xero Connected", { exact: true }).count()).toBe(0);
    await context.close();
  });

  it("Settings → Financial: a stored secret shows as stored, never its value, and Clear erases it on the server", async () => {
    const { page: tab, context } = await h.newPage();
    await h.signIn(context, { timezone: "UTC" });
    await tab.goto("/settings?tab=integrations&sub=financial");
    await tab.getByLabel("Provider", { exact: true }).click();
    await tab.getByRole("option", { name: "Timberline" }).click();
    await tab.getByLabel("Server Name", { exact: true }).fill("SQL01");
    await tab.getByLabel("Database Name", { exact: true }).fill("CRE_AR");
    await tab.getByLabel("Username", { exact: true }).fill("ar_import");
    const password = tab.getByLabel("Password", { exact: true });
    await password.fill("timberline-journey-pw");
    await tab.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(tab, "Integration Updated");
    await expect.poll(() => password.getAttribute("placeholder")).toBe("Stored — leave empty to keep");
    const clear = tab.getByRole("button", { name: "Clear the stored Password" });
    expect(await axeViolations(tab, "serious")).toEqual([]);
    await clear.click();
    await expectToast(
      tab,
      "Integration Updated",
      "Timberline: Password cleared. Timberline is not connected until a new one is saved.",
    );
    await expect.poll(() => password.getAttribute("placeholder")).not.toBe("Stored — leave empty to keep");
    expect(await password.inputValue()).toBe("");
    await expect.poll(() => clear.count()).toBe(0);
    const records = (await (await tab.request.get("/api/financial-integrations")).json()) as {
      integrationId: string;
      storedSecrets: string[];
    }[];
    const record = records.find((row) => row.integrationId === "timberline");
    expect(record?.storedSecrets).toEqual([]);
    await context.close();
  });
});
