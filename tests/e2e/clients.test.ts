import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, type Harness, startHarness, chooseOption } from "./harness.js";

/** Issue 4's client and settings journeys: add, edit and delete a client; billing and profile settings that persist. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

/** Page object for /clients: reads like the user's steps. */
function clientsPage(page: Page) {
  const dialog = page.getByRole("dialog");
  return {
    open: () => page.goto("/clients"),
    card: (name: string) => page.getByTestId("client-card").filter({ hasText: name }),
    fillForm: async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: label !== "Name" }).fill(value);
    },
    submit: (button: "Add Client" | "Save Changes") => dialog.getByRole("button", { name: button }).click(),
    toast: (text: string) => page.getByText(text, { exact: true }).first().waitFor(),
  };
}

describe("clients", () => {
  it("adds, edits and deletes a client, asking before the delete", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    const clients = clientsPage(page);
    await clients.open();

    await page.getByRole("heading", { name: "No clients yet" }).waitFor();
    await page.getByText("Get started by adding your first client to track billable time").waitFor();
    await page.getByRole("button", { name: "Add Your First Client" }).click();
    await page.getByRole("heading", { name: "Add New Client" }).waitFor();

    // The name is required: the form says so and sends nothing.
    await clients.submit("Add Client");
    await page.getByText("Name is required").waitFor();

    await clients.fillForm({ Name: "Jane Doe", Email: "jane@doe.test", Phone: "+1 555 0100", Company: "Doe Holdings", "Case Type": "Contract Review", "Billing Rate": "150" });
    await clients.submit("Add Client");
    await clients.toast("Client created successfully");

    const card = clients.card("Jane Doe");
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain("Billing Rate: $150.00/hour");
    for (const text of ["JD", "Doe Holdings", "jane@doe.test", "+1 555 0100", "Contract Review"]) {
      await expect(card.getByText(text, { exact: true }).count()).resolves.toBeGreaterThan(0);
    }

    // Edit: the dialog opens with the client's values.
    await page.getByRole("button", { name: "Edit Jane Doe" }).click();
    await page.getByRole("heading", { name: "Edit Client" }).waitFor();
    await expect(page.getByRole("dialog").getByLabel("Company").inputValue()).resolves.toBe("Doe Holdings");
    await clients.fillForm({ Company: "Doe & Daughters", "Billing Rate": "4" });
    await page.getByRole("dialog").getByRole("combobox", { name: "Billing Type" }).click();
    await page.getByRole("option", { name: "Per Minute" }).click();
    await clients.submit("Save Changes");
    await clients.toast("Client updated successfully");
    await card.getByText("Doe & Daughters").waitFor();
    await card.getByText("$4.00/min").waitFor();

    // View log switches to the Client Log tab.
    await page.getByRole("button", { name: "View log for Jane Doe" }).click();
    await expect(page.getByRole("tab", { name: "Client Log" }).getAttribute("aria-selected")).resolves.toBe("true");
    await page.getByRole("tab", { name: "Client List" }).click();

    // Delete asks first; Cancel keeps the client.
    await page.getByRole("button", { name: "Delete Jane Doe" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("heading", { name: "Delete Jane Doe?" }).waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    await card.waitFor();

    await page.getByRole("button", { name: "Delete Jane Doe" }).click();
    await confirm.getByRole("button", { name: "Delete Client" }).click();
    await clients.toast("Client deleted successfully");
    await page.getByText("Jane Doe was deleted.").first().waitFor();
    await page.getByRole("heading", { name: "No clients yet" }).waitFor();
    await context.close();
  });

  it("shows a client's page with its cards and tabs, and goes back to the list", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    const created = await page.request.post("/api/clients", {
      data: { name: "Acme Corp", email: "ops@acme.test", billingRate: "50", billingType: "call", notes: "Retainer client" },
      headers: { "x-requested-with": "XMLHttpRequest" },
    });
    expect(created.status()).toBe(201);
    await page.goto("/clients");
    await page.getByRole("link", { name: "Acme Corp" }).click();
    await page.getByRole("heading", { name: "Acme Corp" }).waitFor();
    await page.getByText("ops@acme.test").first().waitFor();
    for (const label of ["Total Calls", "Total Time", "Total Revenue", "Billing Rate", "Client since"]) await page.getByText(label, { exact: true }).first().waitFor();
    await page.getByText("$50.00/call").first().waitFor();
    await page.getByText("No calls recorded yet").waitFor();
    await page.getByRole("tab", { name: "Emails (0)" }).click();
    await page.getByText("No emails tracked yet").waitFor();
    await page.getByRole("tab", { name: "Invoices (0)" }).click();
    await page.getByText("No invoices generated yet").waitFor();
    await page.getByRole("link", { name: "Back to Clients" }).click();
    await page.waitForURL(/\/clients$/);
    await context.close();
  });

  it("has no serious accessibility violations on the list, the dialog and at phone width in dark mode", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await h.signIn(context);
    await page.request.post("/api/clients", { data: { name: "Zoe Quinn", caseType: "Estate" }, headers: { "x-requested-with": "XMLHttpRequest" } });
    await page.addInitScript(() => localStorage.setItem("vite-ui-theme", "dark"));
    await page.goto("/clients");
    await clientsPage(page).card("Zoe Quinn").waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Add Client" }).click();
    await page.getByRole("heading", { name: "Add New Client" }).waitFor();
    await page.waitForTimeout(300); // let the opening animation finish before measuring contrast
    expect(await axeViolations(page, "serious")).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await context.close();
  });
});

describe("settings", () => {
  it("saves billing defaults that persist across a reload and price new clients", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    await page.goto("/settings");
    // Integrations is the default tab, opening on its first sub-tab, Mobile/iPhone.
    await expect(page.getByRole("tab", { name: "Integrations" }).getAttribute("aria-selected")).resolves.toBe("true");
    await expect(page.getByRole("tab", { name: "Mobile/iPhone" }).getAttribute("aria-selected")).resolves.toBe("true");

    await page.getByRole("tab", { name: "Billing", exact: true }).click();
    await page.getByLabel("Default Billing Rate").fill("4.00");
    await chooseOption(page, "Billing Type", "Per Minute");
    await page.getByLabel("Minimum Billing (minutes)").fill("15");
    await chooseOption(page, "Rounding Increment", "6 minutes (tenth of an hour)");
    await chooseOption(page, "Currency", "EUR");
    await page.getByLabel("Invoice Prefix").fill("DOE-");
    await chooseOption(page, "Payment Terms", "45 days");
    await chooseOption(page, "Phone number country", "United Kingdom");
    await page.getByLabel("Ignore captured calls shorter than (seconds)").fill("30");
    await page.getByRole("button", { name: "Save Billing Settings" }).click();
    await page.getByText("Your billing settings have been saved.").first().waitFor();

    await page.reload();
    await page.getByLabel("Default Billing Rate").waitFor();
    expect(new URL(page.url()).searchParams.get("tab")).toBe("billing");
    await expect(page.getByLabel("Default Billing Rate").inputValue()).resolves.toBe("4.00");
    await expect(page.getByLabel("Minimum Billing (minutes)").inputValue()).resolves.toBe("15");
    await expect(page.getByLabel("Invoice Prefix").inputValue()).resolves.toBe("DOE-");
    await expect(page.getByLabel("Ignore captured calls shorter than (seconds)").inputValue()).resolves.toBe("30");
    for (const [label, text] of [["Billing Type", "Per Minute"], ["Rounding Increment", "6 minutes"], ["Currency", "EUR"], ["Payment Terms", "45 days"], ["Phone number country", "United Kingdom"]]) {
      await expect(page.getByRole("combobox", { name: label }).textContent()).resolves.toContain(text);
    }

    // A client without its own rate follows the new default, in its own unit and currency.
    await page.request.post("/api/clients", { data: { name: "Default Rate Client" }, headers: { "x-requested-with": "XMLHttpRequest" } });
    await page.goto("/clients");
    await expect(clientsPage(page).card("Default Rate Client").textContent()).resolves.toContain("€4.00/min");

    // Bad input is refused in the form with the contract's message.
    await page.goto("/settings?tab=billing");
    await page.getByLabel("Default Billing Rate").fill("4.005");
    await page.getByRole("button", { name: "Save Billing Settings" }).click();
    await page.getByText("Default billing rate must be an amount such as 150.00").waitFor();
    await context.close();
  });

  it("opens the Profile tab from the user menu and saves a profile that persists", async () => {
    const { page, context } = await h.newPage();
    const account = await h.signIn(context, { firstName: "Ada", lastName: "Lovelace" });
    await page.goto("/");
    await page.getByRole("button", { name: /user menu|Ada Lovelace/i }).first().click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await page.waitForURL(/\/settings\?tab=profile/);
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(account.email);

    await page.getByLabel("First Name").fill("Augusta");
    await page.getByLabel("Last Name").fill("King");
    await chooseOption(page, "Profession", "Lawyer");
    await page.getByLabel("Company Name").fill("King & Co");
    await chooseOption(page, "Time Zone", "Europe/London");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Your profile has been saved.").first().waitFor();
    // The header's user menu follows the session user.
    await page.getByText("Augusta King").first().waitFor();

    await page.reload();
    await page.getByLabel("First Name").waitFor();
    await expect(page.getByLabel("First Name").inputValue()).resolves.toBe("Augusta");
    await expect(page.getByLabel("Company Name").inputValue()).resolves.toBe("King & Co");
    await expect(page.getByRole("combobox", { name: "Profession" }).textContent()).resolves.toContain("Lawyer");
    await expect(page.getByRole("combobox", { name: "Time Zone" }).textContent()).resolves.toContain("Europe/London");

    // An email another account uses is refused with the server's message.
    const other = h.client();
    const { signUp } = await import("../helpers/factories.js");
    const taken = await signUp(other);
    await page.getByLabel("Email").fill(taken.email);
    // A new sign-in address asks for the current password (issue 11): without it the field says so.
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Enter your current password to change your email").first().waitFor();
    await page.getByLabel("Current Password").fill(account.password);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Failed to save settings").first().waitFor();
    await page.getByText("This email address is already used by another account. Choose a different one.").first().waitFor();
    await context.close();
  });

  it("re-prices unbilled calls with the current rates only when asked, leaving running calls alone", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    const headers = { "x-requested-with": "XMLHttpRequest" };
    const logged = await page.request.post("/api/calls", { data: { startTime: "2026-01-05T15:00:00Z", duration: 3600 }, headers });
    expect((await logged.json()).amount).toBe("150.00");
    await page.request.post("/api/calls/start", { data: {}, headers });
    await page.goto("/settings?tab=billing");
    await page.getByLabel("Default Billing Rate").fill("200.00");
    await page.getByRole("button", { name: "Save Billing Settings" }).click();
    await page.getByText("Your billing settings have been saved.").first().waitFor();
    // Saving a new rate changes no past call.
    const amountOf = async () => {
      const calls = (await (await page.request.get("/api/calls")).json()) as { amount: string; active: boolean }[];
      return calls.filter((c) => !c.active).map((c) => c.amount);
    };
    await expect(amountOf()).resolves.toEqual(["150.00"]);

    // Asking first; Cancel changes nothing.
    await page.getByRole("button", { name: "Re-price Unbilled Calls" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("heading", { name: "Re-price unbilled calls?" }).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect(amountOf()).resolves.toEqual(["150.00"]);

    await page.getByRole("button", { name: "Re-price Unbilled Calls" }).click();
    await dialog.getByRole("button", { name: "Re-price Calls" }).click();
    await page.getByText("Re-priced 1 of 1 unbilled call.").first().waitFor();
    await dialog.waitFor({ state: "hidden" });
    await expect(amountOf()).resolves.toEqual(["200.00"]);
    const running = (await (await page.request.get("/api/calls/active")).json()) as unknown[];
    expect(running).toHaveLength(1);

    await page.getByRole("button", { name: "Re-price Unbilled Calls" }).click();
    await dialog.getByRole("button", { name: "Re-price Calls" }).click();
    await page.getByText("Every unbilled call already uses the current rates.").first().waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);
    await context.close();
  });

  it("shows the three notifications as Coming Soon", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    await page.goto("/settings?tab=notifications");
    for (const item of ["Call Notifications", "Invoice Reminders", "Weekly Reports"]) await page.getByText(item, { exact: true }).waitFor();
    await expect(page.getByText("Coming Soon", { exact: true }).count()).resolves.toBe(3);
    await context.close();
  });
});

