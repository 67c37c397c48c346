import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zoomDelivery, zoomEvent } from "../helpers/zoom-webhook.js";
import { ZoomStandIn } from "../stand-ins/zoom/server.js";
import { api, axeViolations, type Harness, startHarness } from "./harness.js";

/**
 * Issue 13 §3 and §7's journey: connect Zoom in Settings and read the URL to paste; Zoom (the test,
 * signing as Zoom does) posts meeting.started to it and the call appears in Active Calls on a
 * dashboard that is already open, with its platform and the Recording badge, without a reload
 * (how soon is bench/'s to measure, issue 22); meeting.ended takes it out and Recent Calls shows it
 * with its amount. Then a meeting whose every delivery Zoom dropped (issue 25 §3): the tab's "No missed
 * call" card shows the last event, Reconcile now reads Zoom's record (the Zoom stand-in's report API)
 * and the card shows the run and the call recovered, which Recent Calls lists with its amount.
 */
const SECRET_TOKEN = "journey-secret-token-5Rt";
const zoom = new ZoomStandIn();
let h: Harness;
beforeAll(async () => {
  await zoom.start();
  h = await startHarness({
    providers: zoom.appConfig,
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
  });
});
afterAll(async () => {
  await h?.stop();
  await zoom.stop();
});

async function postAsZoom(url: string, body: unknown): Promise<number> {
  const { rawBody, headers } = zoomDelivery(body, { secretToken: SECRET_TOKEN, timestamp: Math.floor(Date.now() / 1000) });
  const response = await fetch(url, { method: "POST", headers, body: rawBody });
  return response.status;
}

describe("Zoom capture", () => {
  it("connects Zoom in Settings, then a signed meeting shows live on the dashboard and ends with its amount; one Zoom never delivered is recovered by Reconcile now", async () => {
    const { page: settings, context } = await h.newPage({ viewport: { width: 390, height: 844 } });
    const me = await h.signIn(context, { firstName: "Zora", timezone: "UTC" });
    // The same Server-to-Server OAuth app in Zoom's record (the stand-in): its Account ID is entered below.
    const zoomApp = zoom.addApp({
      clientId: "journeyClientId",
      clientSecret: "journey-client-secret",
      secretToken: SECRET_TOKEN,
    });
    await api(settings, "POST", "/api/clients", { name: "Acme Legal", email: "gc@acme-legal.test" });

    await settings.goto("/settings");
    await settings.getByRole("tab", { name: "Zoom" }).click();
    await settings.getByText("No events received yet").waitFor();
    const connect = settings.getByRole("button", { name: "Connect Zoom" });
    await connect.click();
    await expect.poll(() => settings.getByText("Please provide both API Key and API Secret").count()).toBeGreaterThan(0);

    await settings.getByLabel("Client ID").fill("journeyClientId");
    await settings.getByLabel("Client Secret", { exact: true }).fill("journey-client-secret");
    await settings.getByLabel("Secret Token", { exact: true }).fill(SECRET_TOKEN);
    await settings.getByLabel("Account ID (optional)").fill(zoomApp.accountId);
    await connect.click();
    await settings.getByText("Zoom Integration Saved", { exact: true }).first().waitFor();
    const urlField = settings.getByLabel("Webhook URL", { exact: true });
    await urlField.waitFor();
    const webhookUrl = await urlField.inputValue();
    expect(webhookUrl).toMatch(new RegExp(`^${h.baseUrl}/api/webhooks/zoom/[A-Za-z0-9_-]{32}$`));
    // The app runs on 127.0.0.1 with no PUBLIC_URL: the screen says Zoom cannot reach it and what to set.
    await expect
      .poll(() => settings.getByRole("note").filter({ hasText: "Zoom cannot reach 127.0.0.1" }).textContent())
      .toContain("Set PUBLIC_URL to the address the internet reaches Minutely at");
    for (const event of ["meeting.started", "meeting.ended", "meeting.participant_joined"])
      await settings.getByText(event, { exact: true }).waitFor();
    expect(await axeViolations(settings, "serious")).toEqual([]);

    // The dashboard is open before anything arrives.
    const dashboard = await context.newPage();
    await dashboard.setViewportSize({ width: 1280, height: 900 });
    await dashboard.goto("/");
    await dashboard.getByText("No active calls. Start a timer when a call begins.").waitFor();

    const endAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const startAt = new Date(endAt.getTime() - 30 * 60_000);
    const meeting = { uuid: `journey-${Date.now()}==`, topic: "Acme contract" };
    expect(
      await postAsZoom(
        webhookUrl,
        zoomEvent("meeting.started", meeting, { eventTs: Date.now(), startTime: startAt.toISOString() }),
      ),
    ).toBe(200);
    const activeList = dashboard.getByRole("list", { name: "Active calls" });
    // Shown live, without a reload; how soon is not asserted (issue 22: latency belongs in bench/).
    await activeList.getByText("Zoom", { exact: true }).waitFor();
    await dashboard.getByTestId("recording-badge").waitFor();

    expect(
      await postAsZoom(
        webhookUrl,
        zoomEvent("meeting.participant_joined", meeting, {
          eventTs: Date.now(),
          startTime: startAt.toISOString(),
          participant: {
            user_id: "555",
            user_name: "Grace Counsel",
            email: "gc@acme-legal.test",
            join_time: startAt.toISOString(),
          },
        }),
      ),
    ).toBe(200);
    await activeList.getByText(/^Acme Legal/).waitFor();

    expect(
      await postAsZoom(
        webhookUrl,
        zoomEvent("meeting.ended", meeting, {
          eventTs: Date.now(),
          startTime: startAt.toISOString(),
          endTime: endAt.toISOString(),
        }),
      ),
    ).toBe(200);
    await dashboard.getByText("No active calls. Start a timer when a call begins.").waitFor();
    await expect.poll(() => dashboard.getByTestId("recording-badge").count()).toBe(0);
    const recent = dashboard.getByTestId("recent-calls");
    await recent.getByText("Acme Legal").waitFor();
    // The account's default rate: $150.00 an hour, 30 minutes.
    await recent.getByText("$75.00").waitFor();

    await settings.reload();
    await settings.getByRole("tab", { name: "Zoom" }).click();
    await settings.getByText(/^Last event received: /).waitFor();
    await settings.getByText("Connected", { exact: true }).waitFor();

    // A meeting whose every webhook Zoom dropped: Minutely never heard of it.
    const lostStart = new Date(endAt.getTime() - 90 * 60_000);
    const lostEnd = new Date(endAt.getTime() - 45 * 60_000);
    const lost = zoom.addMeeting({
      uuid: `lost-${Date.now()}==`,
      id: 81_000_000_001,
      host_id: "zoraHostId",
      host_email: me.email,
      topic: "Acme settlement",
      start_time: lostStart.toISOString(),
      end_time: lostEnd.toISOString(),
      participants: [
        { id: "zoraHostId", user_id: "1", name: "Zora", user_email: me.email, join_time: lostStart.toISOString() },
        { user_id: "555", name: "Grace Counsel", user_email: "gc@acme-legal.test", join_time: lostStart.toISOString() },
      ],
    });
    zoom.dropShare = 1;
    await zoom.deliver(lost, zoomApp, webhookUrl);
    expect(zoom.dropped).toBe(4);

    const card = settings.getByRole("region", { name: "No missed call" });
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.getByTestId("reconcile-last-event").textContent()).not.toBe("No events received yet");
    await expect.poll(() => card.getByTestId("reconcile-last-run").textContent()).toBe("Not run yet");
    await expect.poll(() => card.getByTestId("reconcile-recovered").textContent()).toBe("0");
    await card.getByRole("button", { name: "Reconcile now" }).click();
    await settings.getByText("Reconciliation Started", { exact: true }).first().waitFor();
    await expect
      .poll(() => card.getByTestId("reconcile-last-run").textContent())
      .toMatch(/: 1 record read, 1 call recovered$/);
    await expect.poll(() => card.getByTestId("reconcile-recovered").textContent()).toBe("1");
    expect(await axeViolations(settings, "serious")).toEqual([]);
    // The recovered meeting is a call like any other: 45 minutes at $150.00 an hour.
    await dashboard.reload();
    await dashboard.getByTestId("recent-calls").getByText("$112.50").waitFor();

    await settings.getByRole("button", { name: "Disconnect" }).click();
    const confirm = settings.getByRole("alertdialog", { name: "Disconnect Zoom?" });
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await settings.getByText("Zoom Disconnected", { exact: true }).first().waitFor();
    await settings.getByText("No events received yet").waitFor();
    expect(await postAsZoom(webhookUrl, zoomEvent("meeting.started", { uuid: "after==" }, { eventTs: Date.now() }))).toBe(404);
    await context.close();
  });
});
