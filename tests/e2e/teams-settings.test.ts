import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMicrosoftStandIn, type MicrosoftStandIn } from "../stand-ins/microsoft/server.js";
import { axeViolations, type Harness, startHarness } from "./harness.js";

/**
 * Settings → Integrations → Teams (issue 14 §2, §7; docs/teams.md): the validation message, a
 * test that fails with Microsoft's own words in the 'Test Failed' toast, saving (the subscription is
 * made against the Microsoft stand-in, which validates the webhook URL), the status and the webhook
 * URL with the note that Graph cannot reach a local address, and Disconnect asked once.
 */
let ms: MicrosoftStandIn;
let h: Harness;

beforeAll(async () => {
  ms = await createMicrosoftStandIn().start();
  h = await startHarness({ microsoft: ms.appConfig });
});
afterAll(async () => {
  await h?.stop();
  await ms?.stop();
});

describe("Teams settings", () => {
  it("validates, reports Microsoft's error, connects, shows status and disconnects", async () => {
    const entra = ms.addApp();
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 } });
    await h.signIn(context, { firstName: "Tess", timezone: "UTC" });
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Teams" }).click();
    await page.getByTestId("teams-status").getByText("Not connected").waitFor();
    await page.getByText("CallRecords.Read.All", { exact: true }).waitFor();

    // Both IDs are required, for Save and for the test.
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => page.getByText("Missing Information: Please provide both Tenant ID and Client ID.").count())
      .toBeGreaterThan(0);
    await page.getByText("Missing Information", { exact: true }).first().waitFor();

    await page.getByLabel("Tenant ID").fill(entra.tenantId);
    await page.getByLabel("Client ID").fill(entra.clientId);
    await page.getByLabel("Client Secret", { exact: true }).fill("not-the-secret");
    await page.getByRole("button", { name: "Test Connection" }).click();
    await page.getByText("Test Failed", { exact: true }).first().waitFor();
    await page
      .getByText(/^AADSTS7000215: Invalid client secret provided\./)
      .first()
      .waitFor();

    await page.getByLabel("Client Secret", { exact: true }).fill(entra.clientSecret);
    await page.getByRole("button", { name: "Test Connection" }).click();
    await page.getByText("Connection Successful", { exact: true }).first().waitFor();

    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Integration Created", { exact: true }).first().waitFor();
    await page.getByTestId("teams-status").getByText("Connected").waitFor();
    const webhookUrl = await page.getByLabel("Webhook URL", { exact: true }).inputValue();
    expect(webhookUrl).toMatch(new RegExp(`^${h.baseUrl}/api/webhooks/teams/[A-Za-z0-9_-]{32}$`));
    expect([...ms.subscriptions.values()].map((s) => s.notificationUrl)).toEqual([webhookUrl]);
    await expect.poll(() => page.getByRole("note").filter({ hasText: "Microsoft Graph cannot reach 127.0.0.1" }).count()).toBe(1);
    await page
      .getByTestId("teams-subscription")
      .getByText(/current one ends/)
      .waitFor();
    // The secret is never shown back: the field is empty and says it is stored.
    expect(await page.getByLabel("Client Secret", { exact: true }).inputValue()).toBe("");
    await page.getByText("Stored encrypted; never shown again. Leave blank to keep it.").waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);

    // Saving again keeps the stored secret: Integration Updated.
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Integration Updated", { exact: true }).first().waitFor();

    await page.getByRole("button", { name: "Disconnect" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Disconnect Teams?" });
    expect(await axeViolations(page, "serious")).toEqual([]);
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await page.getByText("Teams Disconnected", { exact: true }).first().waitFor();
    await page.getByTestId("teams-status").getByText("Not connected").waitFor();
    expect(ms.subscriptions.size).toBe(0);
    await context.close();
  });

  it("reads well in dark mode", async () => {
    const { page, context } = await h.newPage({ colorScheme: "dark" });
    await h.signIn(context);
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Teams" }).click();
    await page.getByLabel("Tenant ID").waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);
    await context.close();
  });
});
