import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, type Harness, startHarness } from "./harness.js";

/** docs/team.md: the owner invites, the new member joins through the link, sees no invoices or team settings, and is removed. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

describe("a practice's team", () => {
  it("owner invites → copies the link → the member joins → sees no Invoices, Analytics or Team → the owner removes them", async () => {
    const owner = await h.newPage();
    await h.signIn(owner.context, { plan: "team", firstName: "Olive", lastName: "Owner" });
    await owner.page.goto("/settings?tab=team");
    await owner.page.getByRole("heading", { name: "Team", exact: true }).waitFor();
    const email = `grace-${Date.now()}@example.test`;
    await owner.page.getByLabel("Email").fill(email);
    await owner.page.getByRole("button", { name: "Invite" }).click();
    // No SMTP_URL here: the link is shown once, to copy.
    const linkField = owner.page.getByLabel(`Invitation link for ${email}`, { exact: true });
    await linkField.waitFor();
    const link = new URL(await linkField.inputValue());
    expect(link.pathname).toBe("/join");
    await owner.page.getByTestId("team-invitation").filter({ hasText: email }).waitFor();

    const member = await h.newPage();
    await member.page.goto(`${link.pathname}${link.hash}`);
    await member.page.getByText(/Olive Owner invited .* as Member/).waitFor();
    await member.page.getByLabel("First Name").fill("Grace");
    await member.page.getByLabel("Last Name").fill("Hopper");
    await member.page.getByLabel("Password", { exact: true }).fill("cobol1959");
    await member.page.getByLabel("Confirm Password").fill("cobol1959");
    await member.page.getByRole("button", { name: "Join" }).click();
    await member.page.getByRole("heading", { name: /Good (morning|afternoon|evening), Grace/ }).waitFor();

    const nav = member.page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Clients" }).waitFor();
    expect(await nav.getByRole("link", { name: "Invoices" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Analytics" }).count()).toBe(0);
    await member.page.goto("/settings?tab=team");
    await member.page.getByRole("tab", { name: "Notifications" }).waitFor();
    for (const hidden of ["Team", "Billing", "Plan & Billing"])
      expect(await member.page.getByRole("tab", { name: hidden, exact: true }).count(), hidden).toBe(0);
    // The server refuses too: the table hides nothing the API would give.
    expect((await member.page.request.get("/api/team")).status()).toBe(403);

    await owner.page.reload();
    const row = owner.page.getByTestId("team-member").filter({ hasText: "Grace Hopper" });
    await row.getByRole("button", { name: "Remove Grace Hopper" }).click();
    await owner.page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await owner.page.getByText("Their calls and emails stay with the practice.").first().waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect((await member.page.request.get("/api/auth/user")).status()).toBe(401);
    await owner.context.close();
    await member.context.close();
  });

  it("fits a phone in dark mode, with no serious accessibility findings", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await h.signIn(context, { plan: "team", firstName: "Olive", lastName: "Owner" });
    await page.goto("/settings?tab=team");
    await page.getByTestId("team-member").first().waitFor();
    await page.getByText("No invitations are open. Invite someone above.").waitFor();
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
    );
    expect(overflowing).toEqual([]);
    expect(await axeViolations(page, "serious")).toEqual([]);
    await context.close();
  });
});
