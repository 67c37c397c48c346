import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GoogleStandIn, meetEvent, STAND_IN_ACCOUNT, startGoogleStandIn } from "../stand-ins/google/server.js";
import { axeViolations, type Harness, startHarness } from "./harness.js";

/**
 * Settings → Integrations → Meet (issue 14 §3, §7; docs/meet.md): the validation message, a test
 * that fails with Google's own words in the 'Test Failed' toast, saving, Google's consent through
 * the stand-in's consent page, the status connected, a meeting whose Calendar push never arrived
 * recovered by Reconcile now (issue 25 §3), the reconnect message once Google refuses the refresh
 * token, and Disconnect asked once.
 */
const CLIENT_ID = "24680-journey.apps.googleusercontent.com";
const CLIENT_SECRET = "GOCSPX-journey-secret";
let google: GoogleStandIn;
let h: Harness;

beforeAll(async () => {
  google = await startGoogleStandIn();
  google.addClient(CLIENT_ID, CLIENT_SECRET);
  // The job queue runs: the consent's first calendar sync, and Reconcile now's run.
  h = await startHarness({
    google: { oauthBase: google.baseUrl, apiBase: google.baseUrl },
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
  });
});
afterAll(async () => {
  await h?.stop();
  await google?.stop();
});

describe("Meet settings", () => {
  it("validates, reports Google's error, saves, connects through Google's consent, asks to reconnect and disconnects", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 } });
    await h.signIn(context, { firstName: "Mia", timezone: "UTC" });
    // The sub-tab opens from the address (where Google's consent returns).
    await page.goto("/settings?tab=integrations&sub=meet");
    await page.getByTestId("meet-status").getByText("Not connected").waitFor();
    const redirectUri = page.getByLabel("Redirect URI", { exact: true });
    expect(await redirectUri.inputValue()).toBe(`${h.baseUrl}/api/integrations/meet/callback`);
    await page.getByRole("note").filter({ hasText: "Google Calendar cannot reach 127.0.0.1" }).waitFor();

    // Words in a link are anyone's (issue 23 defect 9): the tab says a fixed sentence, never the link's text.
    const bait = "Your Google account was suspended. Call +1 555 0100.";
    await page.goto(`/settings?tab=integrations&sub=meet&meet=connected&message=${encodeURIComponent(bait)}`);
    // Not connected on the server: no success is claimed; the address is cleaned all the same.
    await page.waitForURL(`${h.baseUrl}/settings?tab=integrations&sub=meet`);
    expect(await page.getByText("Google Account Connected", { exact: true }).count()).toBe(0);
    await page.goto(
      `/settings?tab=integrations&sub=meet&meet=error&reason=${encodeURIComponent(bait)}&error_description=${encodeURIComponent(bait)}`,
    );
    await page.getByText("The connection was not completed. Click Connect again.").first().waitFor();
    expect(await page.getByText(/Call \+1 555 0100/).count()).toBe(0);
    await page.getByTestId("meet-status").getByText("Not connected").waitFor();

    // Both are required, for Save and for the test.
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => page.getByText("Missing Information: Please provide both Client ID and Client Secret.").count())
      .toBeGreaterThan(0);
    await page.getByText("Missing Information", { exact: true }).first().waitFor();

    // A client Google does not know: 'Test Failed' with Google's own words.
    await page.getByLabel("Client ID").fill("unknown-client.apps.googleusercontent.com");
    await page.getByLabel("Client Secret", { exact: true }).fill("nope");
    await page.getByRole("button", { name: "Test Connection" }).click();
    await page.getByText("Test Failed", { exact: true }).first().waitFor();
    await page
      .getByText(/The OAuth client was not found\./)
      .first()
      .waitFor();

    await page.getByLabel("Client ID").fill(CLIENT_ID);
    await page.getByLabel("Client Secret", { exact: true }).fill(CLIENT_SECRET);
    await page.getByRole("button", { name: "Test Connection" }).click();
    await page
      .getByText("Google accepted the Client ID and Client Secret. Save, then connect your Google account.")
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Meet Settings Saved", { exact: true }).first().waitFor();
    await page.getByTestId("meet-status").getByText("Not connected").waitFor();
    expect(await page.getByLabel("Client Secret", { exact: true }).inputValue()).toBe("");
    expect(await axeViolations(page, "serious")).toEqual([]);

    // Google's consent page (the stand-in's), then back on the Meet sub-tab.
    await page.getByRole("link", { name: "Connect Google account" }).click();
    await page.getByRole("heading", { name: "Minutely wants to access your Google Account" }).waitFor();
    await page.getByRole("link", { name: "Allow" }).click();
    await page.getByText("Google Account Connected", { exact: true }).first().waitFor();
    await page.getByTestId("meet-status").getByText("Connected").waitFor();
    await page.getByText(`Google account: ${STAND_IN_ACCOUNT}`).waitFor();
    await page
      .getByTestId("meet-channel")
      .getByText(/Calendar notifications renew automatically/)
      .waitFor();
    expect(new URL(page.url()).search).toBe("?tab=integrations&sub=meet");
    expect(await page.content()).not.toContain(CLIENT_SECRET);

    // A meeting whose Calendar push never arrived (after the first sync has read the calendar):
    // "No missed call" → Reconcile now reads Meet's own record and recovers it.
    const listed = () =>
      google.apiRequests.some((r) => r.method === "GET" && r.path.startsWith("/calendar/v3/calendars/primary/events?"));
    await expect.poll(listed).toBe(true);
    const start = new Date(Date.now() - 50 * 60_000);
    const end = new Date(Date.now() - 20 * 60_000);
    google.putEvent(
      meetEvent({
        id: "evt-lost",
        code: "los-tpus-hxx",
        start,
        end,
        attendees: [STAND_IN_ACCOUNT, "jane@client.test"],
        self: STAND_IN_ACCOUNT,
      }),
    );
    google.addConference({
      meetingCode: "los-tpus-hxx",
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      participants: [{ signedinUser: { user: "users/222", displayName: "Jane Client" } }],
    });
    const card = page.getByRole("region", { name: "No missed call" });
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.getByTestId("reconcile-last-run").textContent()).toBe("Not run yet");
    await card.getByRole("button", { name: "Reconcile now" }).click();
    await page.getByText("Reconciliation Started", { exact: true }).first().waitFor();
    await expect
      .poll(() => card.getByTestId("reconcile-last-run").textContent())
      .toMatch(/: 1 record read, 1 call recovered$/);
    await expect.poll(() => card.getByTestId("reconcile-recovered").textContent()).toBe("1");
    expect(await axeViolations(page, "serious")).toEqual([]);

    // Google refuses the refresh token: the test says so and the screen asks to reconnect.
    google.expireRefreshTokens();
    google.expireAccessTokens();
    await page.getByRole("button", { name: "Test Connection" }).click();
    await page.getByText("Test Failed", { exact: true }).first().waitFor();
    await page.getByTestId("meet-status").getByText("Reconnect needed").waitFor();
    await page.getByRole("alert").filter({ hasText: "Reconnect your Google account to resume capturing Meet calls." }).waitFor();
    await page.getByRole("link", { name: "Reconnect Google account" }).waitFor();
    await card
      .getByTestId("reconcile-missing")
      .getByText(/Reconnect your Google account/)
      .waitFor();
    expect(await axeViolations(page, "serious")).toEqual([]);

    // Disconnect, asked once.
    await page.getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Disconnect" }).click();
    await page.getByText("Meet Disconnected", { exact: true }).first().waitFor();
    await page.getByTestId("meet-status").getByText("Not connected").waitFor();
    expect(await page.getByLabel("Client ID").inputValue()).toBe("");
  });
});
