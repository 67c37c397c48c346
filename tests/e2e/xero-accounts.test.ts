import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceDetailJson, InvoiceJson } from "../../src/core/contracts/invoices.js";
import { startSmtpCapture } from "../helpers/smtp-capture.js";
import { startXeroStandIn, type XeroStandIn } from "../stand-ins/xero/index.js";
import { api, axeViolations, chooseOption, type Harness, startHarness } from "./harness.js";

/**
 * Issue 30 §2 in the browser: connect Xero through its consent page to an organisation whose chart is
 * its own (a bank account without a code), pick the sales and payment accounts from the lists by name,
 * sync a paid invoice, and see the payment booked to the chosen account. Also at phone width in dark mode.
 */
let xero: XeroStandIn;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let h: Harness;
let chart: ReturnType<XeroStandIn["organisation"]["useRealChart"]>;

beforeAll(async () => {
  xero = await startXeroStandIn({ organisationName: "Hartley & Webb LLP" });
  chart = xero.organisation.useRealChart();
  smtp = await startSmtpCapture();
  h = await startHarness({
    smtp: { url: smtp.url, from: "Minutely Invoices <invoices@minutely.test>" },
    accounting: { endpoints: { xero: { baseUrl: xero.url } } },
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
  });
});
afterAll(async () => {
  await h?.stop();
  await smtp?.close();
  await xero?.close();
});

/** One client, one call yesterday, invoiced, sent and marked paid (through the API, as the user would). */
async function seedPaidInvoice(page: Page): Promise<InvoiceDetailJson> {
  const client = await api<{ id: number }>(page, "POST", "/api/clients", {
    name: "Mrs Patel",
    email: "patel@example.test",
    billingRate: "150.00",
    billingType: "hour",
  });
  const start = new Date(Date.now() - 86_400_000);
  start.setUTCHours(10, 0, 0, 0);
  await api(page, "POST", "/api/calls", { clientId: client.id, startTime: start.toISOString(), duration: 1800, notes: "Advice" });
  const from = start.toISOString().slice(0, 10);
  const { invoices } = await api<{ invoices: InvoiceJson[] }>(page, "POST", "/api/invoices", { dateFrom: from, dateTo: from });
  const invoice = invoices[0]!;
  await api(page, "POST", `/api/invoices/${invoice.id}/send`, { to: "patel@example.test" });
  await api(page, "POST", `/api/invoices/${invoice.id}/mark-paid`, {});
  return (await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as InvoiceDetailJson;
}

describe("Xero with a real chart of accounts", () => {
  it("connect, choose the accounts from the lists, sync a paid invoice: the payment is booked to the chosen bank account", async () => {
    const { context, page } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await h.signIn(context, { firstName: "Grace", timezone: "UTC" });
    const invoice = await seedPaidInvoice(page);

    await page.goto("/financial-integrations");
    const card = page.getByRole("region", { name: "Xero" });
    await card.getByRole("button", { name: "Connect Xero" }).click();
    const dialog = page.getByRole("dialog", { name: "Connect Xero" });
    await dialog.getByLabel("Client ID").fill(xero.clientId);
    await dialog.getByLabel("Client Secret", { exact: true }).fill(xero.clientSecret);
    await dialog.getByRole("button", { name: "Save and connect to Xero" }).click();

    // Back from Xero's consent: connected, and the card asks for the accounts instead of guessing "200" and "090".
    await page.getByText("Xero Connected", { exact: true }).first().waitFor();
    await card.getByTestId("provider-status").getByText("Connected", { exact: true }).waitFor();
    await card
      .getByTestId("provider-missing-choice")
      .getByText('Choose the sales and the payment accounts in your Xero chart: use "Choose accounts" on the Xero card.')
      .waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);

    await card.getByRole("button", { name: "Choose accounts for Xero" }).click();
    const choose = page.getByRole("dialog", { name: "Choose accounts · Xero" });
    await choose.getByRole("combobox", { name: "Sales account", exact: true }).waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);
    // Nothing chosen yet: Save asks for both.
    await choose.getByRole("button", { name: "Save" }).click();
    // The fields' messages (the placeholders read the same words).
    const messages = choose.locator('[id$="-form-item-message"]');
    await messages.filter({ hasText: "Choose a sales account" }).waitFor();
    await messages.filter({ hasText: "Choose a payment account" }).waitFor();

    await chooseOption(page, "Sales account", "4000 · Legal Fees");
    await chooseOption(page, "Payment account", /^Barclays Client Account/);
    await choose.getByText(/No code in Xero: Minutely books to it by its AccountID/).first().waitFor();
    await choose.getByRole("button", { name: "Save" }).click();
    await page.getByText("Integration Updated", { exact: true }).first().waitFor();
    await choose.waitFor({ state: "hidden" });

    const chosen = card.getByTestId("provider-choices");
    await chosen.getByText("4000 · Legal Fees", { exact: true }).waitFor();
    await chosen.getByText("Barclays Client Account", { exact: true }).waitFor();
    expect(await card.getByTestId("provider-missing-choice").count()).toBe(0);

    // Sync this month: the paid invoice and its payment.
    await card.getByRole("button", { name: "Sync Now Xero" }).click();
    await expect
      .poll(() => card.getByTestId("provider-run-progress").textContent())
      .toMatch(/^Synced 1, failed 0/);
    await card.getByRole("button", { name: "Invoices synced to Xero" }).click();
    const results = page.getByRole("dialog", { name: "Invoices synced to Xero" }).getByTestId("invoice-sync-result");
    await results.filter({ hasText: invoice.invoiceNumber }).getByText("Synced", { exact: true }).waitFor();
    await page.keyboard.press("Escape");

    // In Xero: the line on Legal Fees, the payment in the bank account that has no code, the invoice paid.
    const [remote] = xero.invoices();
    expect(remote).toMatchObject({ InvoiceNumber: invoice.invoiceNumber, Status: "PAID" });
    expect(remote!.LineItems).toMatchObject([{ AccountCode: "4000" }]);
    expect(xero.payments()).toEqual([
      expect.objectContaining({ Amount: Number(invoice.total), Account: { AccountID: chart.bank.AccountID, Code: undefined } }),
    ]);
    await context.close();
  });
});
