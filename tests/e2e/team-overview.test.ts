import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvitationSentResponse } from "../../src/core/contracts/team.js";
import { calls } from "../../src/server/db/schema/index.js";
import { api, axeViolations, type Harness, startHarness, XHR } from "./harness.js";

/**
 * Issue 26 §5: the Team overview (/team), the admin dashboard. The owner opens it from Settings → Team and
 * reads each member's hours this week and their connections; it fits a phone in dark mode; a member who
 * opens it gets the sentence, and the server refuses them too (docs/team.md "Team overview").
 */
let h: Harness;
/**
 * The server's clock runs from noon UTC of today: Grace's call two hours earlier is in this week whatever the
 * hour the journey runs at (CI at 00:20 UTC on a Sunday put it in the week before).
 */
const noon = new Date();
noon.setUTCHours(12, 0, 0, 0);
const shift = noon.getTime() - Date.now();
beforeAll(async () => {
  h = await startHarness({ now: () => new Date(Date.now() + shift) });
});
afterAll(async () => h?.stop());

describe("the team overview", () => {
  it("owner: from Settings → Team to each member's hours this week; a member cannot open it", async () => {
    const owner = await h.newPage();
    const who = await h.signIn(owner.context, { plan: "team", firstName: "Olive", lastName: "Owner" });
    await owner.page.goto("/settings?tab=team");
    const sent = await api<InvitationSentResponse>(owner.page, "POST", "/api/team/invitations", {
      email: `grace-${Date.now()}@example.test`,
      role: "member",
    });
    const member = await h.newPage();
    const joined = await member.page.request.post("/api/invitations/accept", {
      data: { token: new URL(sent.link!).hash.slice(1), firstName: "Grace", lastName: "Hopper", password: "cobol1959" },
      headers: XHR,
    });
    expect(joined.status()).toBe(200);
    const graceId = (await joined.json()).id as number;
    // Grace captured 1h 30m today, the owner nothing.
    const startedAt = new Date(h.app.now().getTime() - 2 * 3_600_000);
    await h.app.db.insert(calls).values({
      accountId: who.user.accountId,
      userId: graceId,
      startedAt,
      endedAt: new Date(startedAt.getTime() + 5400_000),
      durationSeconds: 5400,
      billedSeconds: 5400,
    });

    await owner.page.getByRole("link", { name: "Open the team overview" }).click();
    await owner.page.getByRole("heading", { name: "Team overview" }).waitFor();
    const grace = owner.page.getByTestId("overview-member").filter({ hasText: "Grace Hopper" });
    await grace.getByTestId("week-captured").getByText("1h 30m", { exact: true }).waitFor();
    expect(await grace.getByTestId("week-billed").textContent()).toBe("0m");
    await grace.getByText("None connected").waitFor();
    await owner.page.getByTestId("overview-seats").getByText("2 of 5").waitFor();

    await member.page.goto("/team");
    await member.page.getByText("The team overview is for owners and admins of your practice.").waitFor();
    expect((await member.page.request.get("/api/team/overview")).status()).toBe(403);
    await owner.context.close();
    await member.context.close();
  });

  it("fits a phone in dark mode, by keyboard, with no serious accessibility findings", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await h.signIn(context, { plan: "team", firstName: "Olive", lastName: "Owner" });
    await page.goto("/team");
    await page.getByTestId("overview-member").first().waitFor();
    // The members table scrolls sideways inside its own region, reachable by Tab.
    const table = page.getByRole("region", { name: "Members" });
    for (let i = 0; i < 30 && !(await table.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    expect(await table.evaluate((el) => el === document.activeElement)).toBe(true);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((element) => !element.closest("[aria-label='Members']"))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
    );
    expect(overflowing).toEqual([]);
    expect(await axeViolations(page, "serious")).toEqual([]);
    await context.close();
  });
});
