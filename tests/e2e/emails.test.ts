import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendMessages, type Dovecot, startDovecot, words } from "../helpers/dovecot.js";
import { type Harness, startHarness } from "./harness.js";
import { expectToast } from "./toasts.js";

/**
 * Issue 6's journey: connect a real mailbox (Dovecot) in Settings → Integrations → Email, test it,
 * search /emails by subject, select two emails, calculate, save, and find them on the client's
 * Emails tab.
 */
let h: Harness;
let dovecot: Dovecot;

beforeAll(async () => {
  dovecot = await startDovecot();
  await appendMessages(dovecot, "INBOX", [
    {
      from: "Carol <carol@acme.test>",
      to: dovecot.address,
      subject: "Lease renewal: terms",
      date: new Date("2026-03-02T10:00:00Z"),
      text: words(450),
    },
    { from: "Eve <eve@acme.test>", to: dovecot.address, subject: "Lunch", date: new Date("2026-03-03T10:00:00Z"), text: "Hi" },
  ]);
  await appendMessages(dovecot, "Sent", [
    {
      from: `Me <${dovecot.address}>`,
      to: "Carol <carol@acme.test>",
      subject: "Re: Lease renewal: terms",
      date: new Date("2026-03-04T10:00:00Z"),
      html: `<p>${words(150, "reply")}</p>`,
    },
  ]);
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
  await dovecot?.stop();
});

describe("email time tracking", () => {
  it("connects a mailbox, searches, selects two emails, calculates, saves and shows them on the client", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { firstName: "Lena" });
    const created = await context.request.post("/api/clients", {
      data: { name: "Harbor Realty" },
      headers: { "x-requested-with": "XMLHttpRequest" },
    });
    expect(created.status()).toBe(201);
    const client = (await created.json()) as { id: number };

    // /emails before connecting: the status card offers to connect.
    await page.goto("/emails");
    await page.getByRole("heading", { name: "Email Time Tracking" }).waitFor();
    await page.getByText("Not connected").waitFor();
    await page.getByLabel("Email Subject").fill("lease");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expectToast(page, "Email Integration Required", "Please connect your email account in Settings first");

    // Settings → Integrations → Email.
    await page.goto("/settings?tab=integrations");
    await page.getByRole("tab", { name: "Email" }).click();
    await page.getByRole("combobox", { name: "Provider" }).click();
    await page.getByRole("option", { name: "Other (IMAP)" }).click();
    await page.getByLabel("IMAP Server Host").fill(dovecot.host);
    await page.getByLabel("Port").fill(String(dovecot.port));
    await page.getByRole("checkbox", { name: "Use TLS" }).click();
    await page.getByLabel("Username").fill(dovecot.username);
    await page.getByLabel("App Password").fill(dovecot.password);
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Email Integration Saved");
    // The frame's badge (integration-frame.tsx): saved and not yet signed in, then connected by the test.
    await page.getByTestId("mailbox-status").filter({ hasText: "Not tested yet" }).waitFor();
    await page.getByText("Stored encrypted; never shown again.").waitFor({ state: "detached" });
    await page.getByText("Leave blank to keep the saved password.").waitFor();
    await page.getByRole("button", { name: "Test Connection" }).click();
    await page.getByRole("status").filter({ hasText: 'Server greeting: "Dovecot (Debian) ready."' }).first().waitFor();
    await page.getByTestId("mailbox-status").filter({ hasText: "Connected" }).waitFor();

    // Search, select two, calculate, save.
    await page.goto("/emails");
    await page.getByText("Connected", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expectToast(page, "Search Query Required", "Please enter an email subject to search for");
    await page.getByLabel("Email Subject").fill("lease renewal");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expectToast(page, "Email Search Complete", 'Found 2 emails matching "lease renewal"');
    const results = page.getByRole("list", { name: "Emails found" });
    await results.getByText("Re: Lease renewal: terms").waitFor();

    await page.getByRole("button", { name: "Calculate Billing" }).click();
    await expectToast(page, "No Emails Selected");

    await page.getByRole("checkbox", { name: /Re: Lease renewal: terms/ }).click();
    await page.getByRole("checkbox", { name: /^Lease renewal: terms/ }).click();
    await page.getByText("2 emails selected").waitFor();
    await page.getByRole("combobox", { name: "Client" }).click();
    await page.getByRole("option", { name: "Harbor Realty" }).click();
    await page.getByRole("button", { name: "Calculate Billing" }).click();
    await expectToast(page, "Billing Calculated", "2 emails: $20.00 for 0.13 hours");
    const breakdown = page.getByRole("list", { name: "Billing per email" });
    await breakdown.getByText("$12.50").waitFor();
    await breakdown.getByText("$7.50").waitFor();

    await page.getByRole("button", { name: "Save to Billing Records" }).click();
    await expectToast(page, "Email Tracked", "2 emails saved to billing records for Harbor Realty.");
    await page.getByRole("button", { name: "Saved to Billing Records" }).waitFor();
    const recent = page.getByRole("list", { name: "Recently tracked emails" });
    await recent.getByText("Re: Lease renewal: terms").waitFor();
    await recent.getByText("Lease renewal: terms", { exact: true }).waitFor();

    // Sync to accounting answers honestly.
    await page.getByRole("button", { name: "Sync to Accounting" }).click();
    await expectToast(page, "Sync Failed", /QuickBooks is not connected/);

    // The client's Emails tab shows them.
    await page.goto(`/clients/${client.id}`);
    await page.getByRole("tab", { name: /Emails/ }).click();
    await page.getByText("Re: Lease renewal: terms").first().waitFor();
    await page.getByText("Lease renewal: terms", { exact: true }).first().waitFor();
    await context.close();
  });

  it("shows Search Failed with the server's message when the mail server is down, and works at phone width", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 } });
    await h.signIn(context);
    const saved = await context.request.put("/api/integrations/email", {
      data: { provider: "imap", host: "127.0.0.1", port: 1, secure: false, username: "me@firm.test", password: "pw" },
      headers: { "x-requested-with": "XMLHttpRequest" },
    });
    expect(saved.status()).toBe(200);
    await page.goto("/emails");
    await page.getByLabel("Email Subject").fill("anything");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expectToast(page, "Search Failed", /Could not connect to the mail server 127\.0\.0\.1:1/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it("sends a signed-out visitor to sign in with the Unauthorized toast", async () => {
    const { page, context } = await h.newPage();
    // The toast lives 500 ms before the redirect reloads the page, too short to poll for reliably: the page
    // records what its toast region showed in sessionStorage, which survives the same-origin reload.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll("[data-state=open]")) {
          if (toast.textContent?.includes("Unauthorized")) sessionStorage.setItem("seenToast", toast.textContent);
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto("/emails");
    await page.waitForURL(/\/auth$/);
    const seen = await page.evaluate(() => sessionStorage.getItem("seenToast"));
    expect(seen).toContain("Unauthorized");
    expect(seen).toContain("You are logged out. Logging in again...");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await context.close();
  });

  it("shows every failure toast of the workflow: Error when the server is unreachable, Failed with its message", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    const headers = { "x-requested-with": "XMLHttpRequest" };
    expect((await context.request.post("/api/clients", { data: { name: "Quay Legal" }, headers })).status()).toBe(201);
    const saved = await context.request.put("/api/integrations/email", {
      data: {
        provider: "imap",
        host: dovecot.host,
        port: dovecot.port,
        secure: false,
        username: dovecot.username,
        password: dovecot.password,
      },
      headers,
    });
    expect(saved.status()).toBe(200);
    await page.goto("/emails");
    await page.getByText("Connected", { exact: true }).waitFor();
    await page.getByLabel("Email Subject").fill("lease renewal");
    const unreachable = (path: string) => page.route(`**${path}`, (route) => route.abort("connectionrefused"));

    await unreachable("/api/emails/search");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expectToast(page, "Search Error", "Unable to search emails. Please check your email integration.");
    await page.unrouteAll();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expectToast(page, "Email Search Complete");

    await page.getByRole("checkbox", { name: /^Lease renewal: terms/ }).click();
    await page.getByRole("combobox", { name: "Client" }).click();
    await page.getByRole("option", { name: "Quay Legal" }).click();
    await unreachable("/api/emails/calculate-billing");
    await page.getByRole("button", { name: "Calculate Billing" }).click();
    await expectToast(page, "Calculation Error", "Unable to calculate billing. Please try again.");
    await page.unrouteAll();
    await page.route("**/api/emails/calculate-billing", (route) =>
      route.fulfill({ status: 422, json: { error: "validation_error", message: "Billing rate is out of range" } }),
    );
    await page.getByRole("button", { name: "Calculate Billing" }).click();
    await expectToast(page, "Calculation Failed", "Billing rate is out of range");
    await page.unrouteAll();
    await page.getByRole("button", { name: "Calculate Billing" }).click();
    await expectToast(page, "Billing Calculated");

    await unreachable("/api/emails/track");
    await page.getByRole("button", { name: "Save to Billing Records" }).click();
    await expectToast(page, "Tracking Error", "Unable to track email. Please try again.");
    await page.unrouteAll();
    await page.getByRole("button", { name: "Save to Billing Records" }).click();
    await expectToast(page, "Email Tracked");

    await unreachable("/api/emails/*/sync-accounting");
    await page.getByRole("button", { name: "Sync to Accounting" }).click();
    await expectToast(page, "Sync Error", "Unable to sync to accounting system.");
    await page.unrouteAll();

    // The same email again for the same client: the server refuses it, in its own words.
    await page.getByRole("button", { name: "Calculate Billing" }).click();
    await expectToast(page, "Billing Calculated");
    await page.getByRole("button", { name: "Save to Billing Records" }).click();
    await expectToast(page, "Tracking Failed", '"Lease renewal: terms" is already tracked for Quay Legal');
    await context.close();
  });
});
