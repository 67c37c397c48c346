import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvitationSentResponse } from "../../src/core/contracts/team.js";
import { calls } from "../../src/server/db/schema/index.js";
import { zoomDelivery, zoomEvent } from "../helpers/zoom-webhook.js";
import { tokenOf } from "../helpers/team.js";
import { api, axeViolations, type Harness, startHarness } from "./harness.js";

/**
 * Issue 26 §2's journey (docs/team.md "Connections per member"): a member opens Settings → Integrations,
 * sees "Your connections" and only the sources they may connect, connects their own Zoom, a signed
 * meeting lands as their call, and the owner sees that member's connection, connected, in the
 * per-member view; at phone width in dark mode with no serious accessibility finding.
 */
const SECRET_TOKEN = "member-journey-secret-token-8Kd";
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

async function postAsZoom(url: string, body: unknown): Promise<number> {
  const { rawBody, headers } = zoomDelivery(body, { secretToken: SECRET_TOKEN, timestamp: Math.floor(Date.now() / 1000) });
  return (await fetch(url, { method: "POST", headers, body: rawBody })).status;
}

describe("each member connects their own capture sources", () => {
  it("a member connects Zoom in Settings → Integrations, a meeting lands as their call, the owner sees it attributed", async () => {
    const owner = await h.newPage();
    const ownerAccount = await h.signIn(owner.context, { plan: "team", firstName: "Olive", lastName: "Owner" });
    const sent = await api<InvitationSentResponse>(owner.page, "POST", "/api/team/invitations", {
      email: `grace-${Date.now()}@example.test`,
      role: "member",
    });

    const member = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    const joined = await api<{ id: number }>(member.page, "POST", "/api/invitations/accept", {
      token: tokenOf(sent.link!),
      firstName: "Grace",
      lastName: "Hopper",
      password: "cobol1959",
    });

    await member.page.goto("/settings?tab=integrations");
    await member.page.getByRole("heading", { name: "Your connections" }).waitFor();
    await member.page.getByText("You have not connected a capture source yet: choose one below.", { exact: false }).waitFor();
    // The practice's connections stay the owner's and admins'.
    for (const hidden of ["Financial", "Email"])
      expect(await member.page.getByRole("tab", { name: hidden, exact: true }).count(), hidden).toBe(0);
    expect(await member.page.getByRole("heading", { name: "Every member's connections" }).count()).toBe(0);

    await member.page.getByRole("tab", { name: "Zoom" }).click();
    await member.page.getByLabel("Client ID").fill("graceClientId");
    await member.page.getByLabel("Client Secret", { exact: true }).fill("grace-client-secret");
    await member.page.getByLabel("Secret Token", { exact: true }).fill(SECRET_TOKEN);
    await member.page.getByRole("button", { name: "Connect Zoom" }).click();
    await member.page.getByText("Zoom Integration Saved", { exact: true }).first().waitFor();
    const urlField = member.page.getByLabel("Webhook URL", { exact: true });
    await urlField.waitFor();
    const webhookUrl = await urlField.inputValue();
    const mine = member.page.getByTestId("member-connection").filter({ hasText: "Zoom" });
    await mine.getByText("No event yet").waitFor();

    const start = new Date(Math.floor(Date.now() / 1000) * 1000 - 20 * 60_000);
    const meeting = { uuid: `grace-${Date.now()}==`, topic: "Grace's client call" };
    expect(
      await postAsZoom(webhookUrl, zoomEvent("meeting.started", meeting, { eventTs: Date.now(), startTime: start.toISOString() })),
    ).toBe(200);
    await member.page.reload();
    await member.page.getByTestId("member-connection").filter({ hasText: "Zoom" }).getByText("connected").waitFor();
    const overflowing = await member.page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
    );
    expect(overflowing).toEqual([]);
    expect(await axeViolations(member.page, "serious")).toEqual([]);

    // The call is the member's, not the owner's.
    const [call] = await h.app.db
      .select({ userId: calls.userId })
      .from(calls)
      .where(and(eq(calls.accountId, ownerAccount.user.accountId), eq(calls.source, "zoom")));
    expect(call?.userId).toBe(joined.id);

    await owner.page.goto("/settings?tab=integrations");
    await owner.page.getByRole("heading", { name: "Every member's connections" }).waitFor();
    const theirs = owner.page.getByTestId("member-connection").filter({ hasText: "Grace Hopper: Zoom" });
    await theirs.getByText("connected").waitFor();
    await theirs.getByText(/^Last event /).waitFor();
    // The owner has none of their own; the practice's tabs are theirs.
    await owner.page.getByText("You have not connected a capture source yet: choose one below.", { exact: false }).waitFor();
    await owner.page.getByRole("tab", { name: "Financial", exact: true }).waitFor();
    expect(await owner.page.getByText(SECRET_TOKEN).count()).toBe(0);
    expect(await owner.page.getByText(webhookUrl).count()).toBe(0);

    // Keyboard: the member's sub-tabs are reachable and move with the arrow keys.
    await member.page.getByRole("tab", { name: "Zoom" }).focus();
    await member.page.keyboard.press("ArrowRight");
    await expect.poll(() => member.page.evaluate(() => document.activeElement?.textContent)).toBe("Teams");

    await owner.context.close();
    await member.context.close();
  });
});
