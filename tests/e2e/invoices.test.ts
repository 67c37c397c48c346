import fs from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CapturedMail, startSmtpCapture } from "../helpers/smtp-capture.js";
import { api, chooseOption, XHR, axeViolations, type Harness, startHarness } from "./harness.js";
import { expectToast } from "./toasts.js";

/**
 * Issue 5's browser journeys: generate an invoice for a client's month, open and download its
 * PDF, send it through a real SMTP server in this process, mark it paid; try to bill an invoiced
 * call again and see it refused; end a call and use the notification's Invoice Ready dialog.
 */
let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  h = await startHarness({ smtp: { url: smtp.url, from: "Minutely Invoices <invoices@minutely.test>" } });
});
afterAll(async () => {
  await h?.stop();
  await smtp?.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

/** A whole past month, so "today" never moves the figures: March of last year. */
const YEAR = new Date().getUTCFullYear() - 1;

function pdfAttachment(mail: CapturedMail) {
  return mail.parts.find((part) => (part.headers["content-type"] ?? "").startsWith("application/pdf"));
}

/** The client log on one client and a month of last year. */
async function openClientLog(page: Page, clientId: number, month: string) {
  await page.goto(`/client-log?client=${clientId}`);
  await chooseOption(page, "Period", "Month");
  await chooseOption(page, "Month", month);
  await chooseOption(page, "Year", String(YEAR));
  await page.getByRole("heading", { name: `Call History - ${month} ${YEAR}` }).waitFor();
}

type Client = { id: number; name: string };
type Call = { id: number; amount: string };

describe("an invoice from a client's month to paid", () => {
  it("generates it on the invoices page, opens and downloads the PDF, sends it by email and marks it paid", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { firstName: "Grace", timezone: "UTC" });
    await api(page, "PUT", "/api/settings", { firmName: "Hopper Advisory" });
    const client = await api<Client>(page, "POST", "/api/clients", {
      name: "Hartley & Sons",
      email: "accounts@hartley.test",
      billingRate: "120.00",
      billingType: "hour",
    });
    // Two March calls (30 min = $60.00, 45 min = $90.00) and one in April that stays unbilled.
    await api(page, "POST", "/api/calls", { clientId: client.id, startTime: `${YEAR}-03-04T10:00:00Z`, duration: 1800, notes: "Lease review" });
    await api(page, "POST", "/api/calls", { clientId: client.id, startTime: `${YEAR}-03-18T15:00:00Z`, duration: 2700, notes: "Board call" });
    await api(page, "POST", "/api/calls", { clientId: client.id, startTime: `${YEAR}-04-02T09:00:00Z`, duration: 600 });

    await page.goto("/invoices");
    await page.getByRole("heading", { name: "Invoices", level: 1 }).waitFor();
    await page.getByText("No invoices yet", { exact: true }).waitFor();

    // No dates: "Please select date range", and nothing is created.
    await page.getByRole("button", { name: "Generate Invoice", exact: true }).click();
    await expectToast(page, "Failed to generate invoice", "Please select date range");

    await page.getByLabel("From", { exact: true }).fill(`${YEAR}-03-01`);
    await page.getByLabel("To", { exact: true }).fill(`${YEAR}-03-31`);
    await chooseOption(page, "Client", "Hartley & Sons");
    await chooseOption(page, "Template", "Modern");
    await page.getByRole("button", { name: "Generate Invoice", exact: true }).click();
    await expectToast(page, "Invoice generated successfully", /^INV-\d+ for Hartley & Sons: \$150\.00$/);

    const row = page.getByTestId("invoice-row");
    await expect.poll(() => row.count()).toBe(1);
    const number = ((await row.locator("p").first().textContent()) ?? "").trim();
    expect(number).toMatch(/^INV-\d+$/);
    await row.getByText(`Hartley & Sons · Mar 1 - Mar 31, ${YEAR}`).waitFor();
    await row.getByText("Draft", { exact: true }).waitFor();
    const figures = Object.fromEntries(
      await row.locator("dl > div").evaluateAll((cells) => cells.map((cell) => [cell.querySelector("dt")?.textContent, cell.querySelector("dd")?.textContent])),
    );
    expect(figures).toEqual({ Calls: "2", Duration: "1h 15m", Subtotal: "$150.00", Total: "$150.00" });

    // View: the PDF opens in a new tab, served inline.
    const view = row.getByRole("link", { name: `View invoice ${number} (opens in a new tab)` });
    expect(await view.getAttribute("target")).toBe("_blank");
    const viewUrl = (await view.getAttribute("href")) as string;
    const [popup] = await Promise.all([page.waitForEvent("popup"), view.click()]);
    expect(new URL(popup.url()).pathname).toBe(new URL(viewUrl, h.baseUrl).pathname);
    await popup.close();
    const inline = await page.request.get(viewUrl);
    expect(inline.status()).toBe(200);
    expect(inline.headers()["content-type"]).toBe("application/pdf");
    expect(inline.headers()["content-disposition"]).toBe(`inline; filename="${number}.pdf"`);
    expect((await inline.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // Download: an attachment named after the invoice.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: `Download invoice ${number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const downloaded = fs.readFileSync((await download.path()) as string);
    expect(downloaded.subarray(0, 5).toString()).toBe("%PDF-");
    const attachment = await page.request.get((await row.getByRole("link", { name: `Download invoice ${number}` }).getAttribute("href")) as string);
    expect(attachment.headers()["content-disposition"]).toBe(`attachment; filename="${number}.pdf"`);

    // Send: the dialog offers the client's own address; the mail server receives the PDF.
    await row.getByRole("button", { name: `Send invoice ${number}` }).click();
    const dialog = page.getByRole("dialog", { name: `Send invoice ${number}` });
    await expect.poll(() => dialog.getByLabel("Client email").inputValue()).toBe("accounts@hartley.test");
    await dialog.getByRole("button", { name: "Send invoice" }).click();
    await expectToast(page, "Invoice Sent", `Invoice ${number} sent to accounts@hartley.test`);
    await dialog.waitFor({ state: "hidden" });
    await row.getByText("Sent", { exact: true }).waitFor();
    await row.getByText(/Sent to accounts@hartley\.test/).waitFor();
    expect(await row.getByRole("button", { name: `Send invoice ${number}` }).count()).toBe(0);

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0] as CapturedMail;
    expect(mail.to).toEqual(["accounts@hartley.test"]);
    expect(mail.headers.subject).toBe(`Invoice ${number} from Hopper Advisory`);
    const pdf = pdfAttachment(mail);
    expect(pdf?.headers["content-disposition"]).toContain(`${number}.pdf`);
    expect(pdf?.body.subarray(0, 5).toString()).toBe("%PDF-");

    // Mark as paid.
    await row.getByRole("button", { name: `Mark invoice ${number} as paid` }).click();
    await expectToast(page, "Marked as paid");
    await row.getByText("Paid", { exact: true }).first().waitFor();
    await expect.poll(() => row.getByRole("button", { name: `Mark invoice ${number} as paid` }).count()).toBe(0);
    const afterReload = await page.request.get("/api/invoices");
    expect(((await afterReload.json()) as { status: string }[])[0]?.status).toBe("paid");

    // The client log: March's calls are billed and locked; April's can still be invoiced.
    await openClientLog(page, client.id, "March");
    const march = page.getByTestId("call-row");
    await expect.poll(() => march.count()).toBe(2);
    await expect.poll(() => march.getByText("Invoiced", { exact: true }).count()).toBe(2);
    expect(await march.getByRole("button", { name: "Get Invoice" }).count()).toBe(0);
    expect(await march.getByRole("button", { name: /^Actions for the/ }).count()).toBe(0);
    await context.close();
  });

  it("downloads and sends the invoice just generated from the generator card; deletes a draft and voids a sent invoice, freeing their calls", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { timezone: "UTC" });
    const client = await api<Client>(page, "POST", "/api/clients", { name: "Keller GmbH", billingRate: "75.00", billingType: "call" });
    await api(page, "POST", "/api/calls", { clientId: client.id, startTime: `${YEAR}-09-03T08:00:00Z`, duration: 600 });
    await api(page, "POST", "/api/calls", { clientId: client.id, startTime: `${YEAR}-10-03T08:00:00Z`, duration: 600 });

    await page.goto("/invoices");
    await page.getByText("No invoices yet", { exact: true }).waitFor();
    const generator = page.getByRole("button", { name: "Generate Invoice", exact: true }).locator("xpath=ancestor::form");
    // Before anything is generated, the two shortcuts wait for an invoice.
    expect(await generator.getByRole("button", { name: "Send Email" }).isDisabled()).toBe(true);

    await page.getByLabel("From", { exact: true }).fill(`${YEAR}-09-01`);
    await page.getByLabel("To", { exact: true }).fill(`${YEAR}-09-30`);
    await chooseOption(page, "Template", "Minimal");
    await page.getByRole("button", { name: "Generate Invoice", exact: true }).click();
    await expectToast(page, "Invoice generated successfully", /^INV-\d+ for Keller GmbH: \$75\.00$/);
    const [download] = await Promise.all([page.waitForEvent("download"), generator.getByRole("link", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d+\.pdf$/);

    // Send Email: no address on file, so the dialog asks for one.
    await generator.getByRole("button", { name: "Send Email" }).click();
    const send = page.getByRole("dialog", { name: /^Send invoice INV-\d+$/ });
    await send.getByText("Keller GmbH has no email address on file. Enter the address to send the invoice to.").waitFor();
    await send.getByRole("button", { name: "Send invoice" }).click();
    await send.getByText("Please enter a valid email address").waitFor();
    await send.getByLabel("Client email").fill("ap@keller.test");
    await send.getByRole("button", { name: "Send invoice" }).click();
    await expectToast(page, "Invoice Sent", /^Invoice INV-\d+ sent to ap@keller\.test$/);
    expect(smtp.messages.map((m) => m.to)).toEqual([["ap@keller.test"]]);
    expect(await generator.getByRole("button", { name: "Send Email" }).isDisabled()).toBe(true);

    // Void the sent invoice: kept on record as Void, its call billable again.
    const sent = page.getByTestId("invoice-row").filter({ hasText: "Sent to ap@keller.test" });
    const sentNumber = ((await sent.locator("p").first().textContent()) ?? "").trim();
    await sent.getByRole("button", { name: `Void invoice ${sentNumber}` }).click();
    const confirmVoid = page.getByRole("alertdialog", { name: `Void invoice ${sentNumber}?` });
    await confirmVoid.getByRole("button", { name: "Void invoice" }).click();
    await expectToast(page, "Invoice voided", `Invoice ${sentNumber} voided; its 1 call can be invoiced again`);
    await sent.getByText("Void", { exact: true }).waitFor();

    // A draft for October, then deleted: gone from the list, its call billable again.
    await page.getByLabel("From", { exact: true }).fill(`${YEAR}-10-01`);
    await page.getByLabel("To", { exact: true }).fill(`${YEAR}-10-31`);
    await page.getByRole("button", { name: "Generate Invoice", exact: true }).click();
    await expectToast(page, "Invoice generated successfully");
    await expect.poll(() => page.getByTestId("invoice-row").count()).toBe(2);
    const draft = page.getByTestId("invoice-row").filter({ hasText: "Draft" });
    const draftNumber = ((await draft.locator("p").first().textContent()) ?? "").trim();
    await draft.getByRole("button", { name: `Delete draft ${draftNumber}` }).click();
    const confirmDelete = page.getByRole("alertdialog", { name: `Delete draft ${draftNumber}?` });
    await confirmDelete.getByRole("button", { name: "Cancel" }).click();
    await confirmDelete.waitFor({ state: "hidden" });
    await draft.getByRole("button", { name: `Delete draft ${draftNumber}` }).click();
    await confirmDelete.getByRole("button", { name: "Delete draft" }).click();
    await expectToast(page, "Draft deleted", `Draft ${draftNumber} deleted; its 1 call can be invoiced again`);
    await expect.poll(() => page.getByTestId("invoice-row").count()).toBe(1);

    const calls = (await (await page.request.get("/api/calls")).json()) as { invoiceId: number | null }[];
    expect(calls.map((call) => call.invoiceId)).toEqual([null, null]);
    await context.close();
  });

  it("generates an invoice for selected calls from the client log's Generate Invoice dialog", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { timezone: "UTC" });
    const client = await api<Client>(page, "POST", "/api/clients", { name: "Iris Webb", billingRate: "50.00", billingType: "call" });
    await api(page, "POST", "/api/calls", { clientId: client.id, startTime: `${YEAR}-05-06T10:00:00Z`, duration: 900, notes: "Intake" });
    await api(page, "POST", "/api/calls", { clientId: client.id, startTime: `${YEAR}-05-20T10:00:00Z`, duration: 1200, notes: "Follow-up" });

    await openClientLog(page, client.id, "May");
    const rows = page.getByTestId("call-row");
    await expect.poll(() => rows.count()).toBe(2);
    // "Get Invoice" on one call: the dialog lists that call with its type, duration and amount.
    await rows.filter({ hasText: "Intake" }).getByRole("button", { name: "Get Invoice" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate Invoice" });
    await dialog.getByText(`Iris Webb · May 1 - May 31, ${YEAR} · 1 call`).waitFor();
    const listed = dialog.getByRole("list", { name: "Calls to invoice" }).getByRole("listitem");
    await expect.poll(() => listed.count()).toBe(1);
    await listed.getByText("15m 0s", { exact: true }).waitFor();
    await listed.getByText("$50.00").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    // "Generate Invoice" for the period: both calls, one invoice.
    await page.getByRole("button", { name: "Generate Invoice", exact: true }).click();
    await dialog.getByText(/· 2 calls$/).waitFor();
    await dialog.getByText("$100.00", { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Generate Invoice" }).click();
    await expectToast(page, "Invoice Generated", /^Invoice INV-\d+ created successfully for \$100\.00$/);
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => rows.getByText("Invoiced", { exact: true }).count()).toBe(2);

    // Nothing left to bill: the dialog says a call is needed and will not generate.
    await page.getByRole("button", { name: "Generate Invoice", exact: true }).click();
    await dialog.getByText("Please select at least one call").waitFor();
    expect(await dialog.getByRole("button", { name: "Generate Invoice" }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe("nothing is billed twice", () => {
  it("refuses a call that was invoiced meanwhile, shows it Invoiced and locked, and refuses a period already billed", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { timezone: "UTC" });
    const client = await api<Client>(page, "POST", "/api/clients", { name: "Jonas Park", email: "jonas@park.test", billingRate: "90.00", billingType: "hour" });
    const call = await api<Call>(page, "POST", "/api/calls", { clientId: client.id, startTime: `${YEAR}-06-09T13:00:00Z`, duration: 1200, notes: "Estate planning" });

    await openClientLog(page, client.id, "June");
    const row = page.getByTestId("call-row").filter({ hasText: "Estate planning" });
    await row.getByRole("button", { name: "Get Invoice" }).waitFor();

    // Another tab invoices the same call first.
    const first = await api<{ invoiceNumber: string }>(page, "POST", "/api/invoices/generate", { clientId: client.id, callIds: [call.id] });

    await row.getByRole("button", { name: "Get Invoice" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate Invoice" });
    await dialog.getByRole("button", { name: "Generate Invoice" }).click();
    await expectToast(page, "Failed to generate invoice", `This call is already invoiced on invoice ${first.invoiceNumber} and cannot be invoiced again`);
    // The log catches up: the call is shown Invoiced, with no Get Invoice and no edit menu.
    await page.keyboard.press("Escape");
    await row.getByText("Invoiced", { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: "Get Invoice" }).count()).toBe(0);
    expect(await row.getByRole("button", { name: /^Actions for the/ }).count()).toBe(0);

    // The invoices page: the same month again has nothing to bill.
    await page.goto("/invoices");
    await page.getByTestId("invoice-row").first().waitFor();
    await page.getByLabel("From", { exact: true }).fill(`${YEAR}-06-01`);
    await page.getByLabel("To", { exact: true }).fill(`${YEAR}-06-30`);
    await chooseOption(page, "Client", "Jonas Park");
    await page.getByRole("button", { name: "Generate Invoice", exact: true }).click();
    await expectToast(page, "Failed to generate invoice", /^Nothing to invoice for Jonas Park in Jun 1 - Jun 30, \d{4}/);
    await expect.poll(() => page.getByTestId("invoice-row").count()).toBe(1);

    // The API agrees: a second invoice for the call is a 409.
    const again = await page.request.post("/api/invoices/generate", { data: { clientId: client.id, callIds: [call.id] }, headers: XHR });
    expect(again.status()).toBe(409);
    await context.close();
  });
});

describe("the notifications overlay", () => {
  it("shows Invoice Ready when a call with a client ends; Send Now mails the invoice, Save for Later keeps a draft", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { timezone: "UTC" });
    const client = await api<Client>(page, "POST", "/api/clients", { name: "Nova Clinic", email: "billing@nova.test", billingRate: "80.00", billingType: "call" });
    await api(page, "POST", "/api/calls/start", { clientId: client.id, platform: "zoom" });

    await page.goto("/");
    await page.getByRole("timer").waitFor();
    await page.getByRole("button", { name: /^End call on Zoom/ }).click();
    await expectToast(page, "Call Ended");

    const overlay = page.getByRole("region", { name: "Notifications" });
    const card = overlay.getByTestId("notification");
    await expect.poll(() => card.count()).toBe(1);
    await card.getByText("Invoice Ready", { exact: true }).waitFor();
    await card.getByText("Your consultation call with Nova Clinic has ended and is ready to invoice.").waitFor();
    await card.getByText("Just now", { exact: true }).waitFor();
    await card.getByText("Nova Clinic", { exact: true }).waitFor();
    await card.getByText(/^\d+ min$/).waitFor();
    await card.getByText("$80.00", { exact: true }).waitFor();

    await card.getByRole("button", { name: /^Invoice Ready/ }).first().click();
    const dialog = page.getByRole("dialog", { name: "Invoice Ready" });
    await expect.poll(() => dialog.getByLabel("Send to").inputValue()).toBe("billing@nova.test");
    await dialog.getByRole("button", { name: "Send Now" }).click();
    await expectToast(page, "Invoice Sent", /^Invoice INV-\d+ sent to billing@nova\.test$/);
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => card.count()).toBe(0);

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0] as CapturedMail;
    expect(mail.to).toEqual(["billing@nova.test"]);
    expect(mail.headers.subject).toMatch(/^Invoice INV-\d+ from /);
    expect(pdfAttachment(mail)?.body.subarray(0, 5).toString()).toBe("%PDF-");

    // A second call: Save for Later generates the invoice and keeps it as a draft.
    const second = await api<{ id: number }>(page, "POST", "/api/calls/start", { clientId: client.id, platform: "phone" });
    await page.reload();
    await page.getByRole("button", { name: /^End call on Phone/ }).click();
    await expect.poll(() => card.count()).toBe(1);
    await card.getByRole("button", { name: /^Invoice Ready/ }).first().click();
    await dialog.getByRole("button", { name: "Save for Later" }).click();
    await expectToast(page, "Saved", /^Invoice INV-\d+ saved as a draft\. Send it from Invoices when you are ready\.$/);
    await expect.poll(() => card.count()).toBe(0);
    expect(smtp.messages).toHaveLength(1);

    await page.goto("/invoices");
    const rows = page.getByTestId("invoice-row");
    await expect.poll(() => rows.count()).toBe(2);
    await rows.filter({ hasText: "Draft" }).getByText("$80.00", { exact: false }).first().waitFor();
    await rows.filter({ hasText: "Sent to billing@nova.test" }).waitFor();
    const calls = (await (await page.request.get("/api/calls")).json()) as { id: number; invoiceId: number | null }[];
    expect(calls.find((c) => c.id === second.id)?.invoiceId).not.toBeNull();
    await context.close();
  });

  it("shows at most 3 notifications plus '+N more notifications', and dismisses one", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { timezone: "UTC" });
    const client = await api<Client>(page, "POST", "/api/clients", { name: "Orla Quinn", billingRate: "60.00", billingType: "call" });
    for (let i = 0; i < 5; i += 1) {
      const call = await api<{ id: number }>(page, "POST", "/api/calls/start", { clientId: client.id });
      await api(page, "POST", `/api/calls/end/${call.id}`);
    }
    await page.goto("/invoices");
    const overlay = page.getByRole("region", { name: "Notifications" });
    const cards = overlay.getByTestId("notification");
    await expect.poll(() => cards.count()).toBe(3);
    await overlay.getByText("+2 more notifications", { exact: true }).waitFor();

    await overlay.getByRole("button", { name: "Dismiss notification: Invoice Ready for Orla Quinn" }).first().click();
    await overlay.getByText(/^\+1 more notification/).waitFor();
    await expect.poll(() => cards.count()).toBe(3);
    await overlay.getByRole("button", { name: "Dismiss notification: Invoice Ready for Orla Quinn" }).first().click();
    await expect.poll(() => overlay.getByText(/more notification/).count()).toBe(0);
    await expect.poll(() => cards.count()).toBe(3);
    const unread = (await (await page.request.get("/api/notifications/unread")).json()) as unknown[];
    expect(unread).toHaveLength(3);

    // Hidden, the stack stays folded on the next page; a call that ends opens it again.
    await overlay.getByRole("button", { name: "Hide notifications" }).click();
    await expect.poll(() => cards.count()).toBe(0);
    const call = await api<{ id: number }>(page, "POST", "/api/calls/start", { clientId: client.id, platform: "teams" });
    await page.goto("/");
    await overlay.getByRole("button", { name: "3 unread notifications" }).waitFor();
    expect(await cards.count()).toBe(0);
    await page.getByRole("button", { name: /^End call on/ }).click();
    await expect.poll(() => cards.count()).toBe(3);
    await overlay.getByText("+1 more notification", { exact: true }).waitFor();
    expect(call.id).toBeGreaterThan(0);
    await context.close();
  });
});

describe("accessibility and layout", () => {
  it("has no serious axe violations on the invoices page and its dialogs, in dark mode at phone width too", async () => {
    const variants: { viewport?: { width: number; height: number }; colorScheme?: "light" | "dark" }[] = [
      {},
      { viewport: { width: 390, height: 844 }, colorScheme: "dark" },
    ];
    for (const options of variants) {
      const { page, context } = await h.newPage(options);
      if (options.colorScheme === "dark") await context.addInitScript(() => window.localStorage.setItem("vite-ui-theme", "dark"));
      await h.signIn(context, { timezone: "UTC" });
      const client = await api<Client>(page, "POST", "/api/clients", { name: "Pemberton Legal", billingRate: "100.00", billingType: "hour" });
      await api(page, "POST", "/api/calls", { clientId: client.id, startTime: `${YEAR}-07-07T10:00:00Z`, duration: 1800 });
      await api(page, "POST", "/api/calls", { clientId: client.id, startTime: `${YEAR}-08-07T10:00:00Z`, duration: 1800 });
      const started = await api<{ id: number }>(page, "POST", "/api/calls/start", { clientId: client.id });
      await api(page, "POST", `/api/calls/end/${started.id}`);
      const { invoices } = await api<{ invoices: { id: number }[] }>(page, "POST", "/api/invoices", { dateFrom: `${YEAR}-07-01`, dateTo: `${YEAR}-07-31`, clientId: client.id });
      await api(page, "POST", "/api/invoices", { dateFrom: `${YEAR}-08-01`, dateTo: `${YEAR}-08-31`, clientId: client.id });
      await api(page, "POST", `/api/invoices/${invoices[0]?.id}/send`, { to: "pemberton@legal.test" });

      await page.goto("/invoices");
      await expect.poll(() => page.getByTestId("invoice-row").count()).toBe(2);
      if (options.colorScheme === "dark") expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
      expect(await axeViolations(page, "serious")).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      expect(overflow).toBe(false);

      // The Send dialog (a client with no address: the form asks for one).
      await page.getByRole("button", { name: /^Send invoice INV-/ }).click();
      const send = page.getByRole("dialog", { name: /^Send invoice INV-/ });
      await send.getByText("Pemberton Legal has no email address on file. Enter the address to send the invoice to.").waitFor();
      expect(await axeViolations(page, "serious")).toEqual([]);
      await send.getByRole("button", { name: "Cancel" }).click();
      await send.waitFor({ state: "hidden" });

      // The Invoice Ready dialog from the overlay (folded on a phone: open it first).
      const overlay = page.getByRole("region", { name: "Notifications" });
      if (options.viewport) await overlay.getByRole("button", { name: "1 unread notification" }).click();
      await overlay.getByTestId("notification").getByRole("button", { name: /^Invoice Ready/ }).first().click();
      await page.getByRole("dialog", { name: "Invoice Ready" }).waitFor();
      expect(await axeViolations(page, "serious")).toEqual([]);
      await context.close();
    }
  });
});
