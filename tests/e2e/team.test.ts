import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, axeViolations, chooseOption, type Harness, startHarness } from "./harness.js";

/**
 * docs/team.md: the owner invites, the new member joins through the link, sees no invoices or team settings, and is
 * removed; the member's work reaches the owner's Team view and an invoice that names them (issue 26 §2).
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

/** Elements reaching past the right edge of the window (a phone layout must have none). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
  );
}

/** On Settings → Team: invites a new address as Member, and returns the invitation link shown to copy. */
async function inviteMember(owner: Page): Promise<{ email: string; link: URL }> {
  await owner.goto("/settings?tab=team");
  await owner.getByRole("heading", { name: "Team", exact: true }).waitFor();
  const email = `grace-${Date.now()}@example.test`;
  await owner.getByLabel("Email").fill(email);
  await owner.getByRole("button", { name: "Invite" }).click();
  // No SMTP_URL here: the link is shown once, to copy.
  const linkField = owner.getByLabel(`Invitation link for ${email}`, { exact: true });
  await linkField.waitFor();
  return { email, link: new URL(await linkField.inputValue()) };
}

/** The invitee opens the link and joins as Grace Hopper; lands on their dashboard. */
async function joinAsGrace(member: Page, link: URL): Promise<void> {
  await member.goto(`${link.pathname}${link.hash}`);
  await member.getByText(/Olive Owner invited .* as Member/).waitFor();
  await member.getByLabel("First Name").fill("Grace");
  await member.getByLabel("Last Name").fill("Hopper");
  await member.getByLabel("Password", { exact: true }).fill("cobol1959");
  await member.getByLabel("Confirm Password").fill("cobol1959");
  await member.getByRole("button", { name: "Join" }).click();
  await member.getByRole("heading", { name: /Good (morning|afternoon|evening), Grace/ }).waitFor();
}

describe("a practice's team", () => {
  it("owner invites → copies the link → the member joins → sees no Invoices, Analytics or Team → the owner removes them", async () => {
    const owner = await h.newPage();
    await h.signIn(owner.context, { plan: "team", firstName: "Olive", lastName: "Owner" });
    const { email, link } = await inviteMember(owner.page);
    expect(link.pathname).toBe("/join");
    await owner.page.getByTestId("team-invitation").filter({ hasText: email }).waitFor();

    const member = await h.newPage();
    await joinAsGrace(member.page, link);

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

  it("the member's call reaches the owner's Team view and an invoice naming them; the member sees no amounts", async () => {
    const owner = await h.newPage();
    await h.signIn(owner.context, { plan: "team", firstName: "Olive", lastName: "Owner", timezone: "UTC" });
    const client = await api<{ id: number }>(owner.page, "POST", "/api/clients", { name: "Hopper Holdings" });
    const { link } = await inviteMember(owner.page);
    const member = await h.newPage();
    await joinAsGrace(member.page, link);

    // Grace logs a 2-minute call, the owner a 1-minute one, both started 3 minutes ago (UTC, the accounts' zone).
    const now = new Date();
    const started = new Date(now.getTime() - 3 * 60_000).toISOString();
    await api(member.page, "POST", "/api/calls", { clientId: client.id, startTime: started, duration: 120 });
    await api(owner.page, "POST", "/api/calls", { clientId: client.id, startTime: started, duration: 60 });
    // "Today" is the account's day: in the first minutes after midnight both calls fall on yesterday.
    const today = started.slice(0, 10) === now.toISOString().slice(0, 10);
    const count = (n: number) => String(today ? n : 0);

    await owner.page.goto("/");
    const view = owner.page.getByTestId("dashboard-view");
    await expect.poll(() => owner.page.getByRole("radio", { name: "Team" }).getAttribute("aria-checked")).toBe("true");
    await expect.poll(() => owner.page.getByTestId("stat-today-s-calls").textContent()).toBe(count(2));
    await expect.poll(() => owner.page.getByTestId("recent-calls").getByRole("listitem").count()).toBe(2);
    await chooseOption(owner.page, "Team member", "Grace Hopper");
    await expect.poll(() => owner.page.getByTestId("stat-today-s-calls").textContent()).toBe(count(1));
    // Recent Calls follows the same choice: Grace's one call.
    await expect.poll(() => owner.page.getByTestId("recent-calls").getByRole("listitem").count()).toBe(1);
    if (today) await expect.poll(() => owner.page.getByTestId("stat-time-tracked").textContent()).toBe("2m");
    // Keyboard: the toggle's arrow keys move to Mine, and the figures become the owner's own.
    // (Once the member list has closed and handed focus back to its button.)
    await expect.poll(() => owner.page.getByRole("listbox").count()).toBe(0);
    await owner.page.getByRole("radio", { name: "Team" }).focus();
    await expect.poll(() => owner.page.evaluate(() => document.activeElement?.textContent)).toBe("Team");
    await owner.page.keyboard.press("ArrowLeft");
    await expect.poll(() => owner.page.evaluate(() => document.activeElement?.textContent)).toBe("Mine");
    await owner.page.keyboard.press("Space");
    await expect.poll(() => owner.page.getByRole("radio", { name: "Mine" }).getAttribute("aria-checked")).toBe("true");
    expect(await view.getByRole("combobox", { name: "Team member" }).count()).toBe(0);
    if (today) await expect.poll(() => owner.page.getByTestId("stat-time-tracked").textContent()).toBe("1m");

    const day = started.slice(0, 10);
    const made = await api<{ invoices: { id: number; invoiceNumber: string }[] }>(owner.page, "POST", "/api/invoices", {
      dateFrom: day,
      dateTo: day,
      clientId: client.id,
    });
    const invoice = made.invoices[0];
    if (!invoice) throw new Error("no invoice made");
    await owner.page.goto("/invoices");
    const row = owner.page.getByRole("listitem", { name: `Invoice ${invoice.invoiceNumber}` });
    await row.getByTestId("invoice-timekeepers").getByText("Timekeepers: Olive Owner, Grace Hopper").waitFor();
    await chooseOption(owner.page, "Work by", "Grace Hopper");
    await row.waitFor();
    const detail = await (await owner.page.request.get(`/api/invoices/${invoice.id}`)).json();
    expect(detail.items.map((item: { timekeeper: string }) => item.timekeeper).sort()).toEqual(["Grace Hopper", "Olive Owner"]);

    // Grace: her own dashboard, no toggle, no Revenue card and no amount anywhere she looks.
    await member.page.goto("/");
    await member.page.getByTestId("stat-today-s-calls").waitFor();
    expect(await member.page.getByTestId("dashboard-view").count()).toBe(0);
    expect(await member.page.getByTestId("stat-revenue").count()).toBe(0);
    await member.page.getByTestId("recent-calls").getByText("Hopper Holdings").first().waitFor();
    expect(await member.page.locator("main").textContent()).not.toMatch(/\$\s?\d/);
    await member.page.goto(`/client-log?client=${client.id}`);
    await member.page.getByRole("heading", { name: "Hopper Holdings" }).waitFor();
    await member.page.getByTestId("call-row").first().waitFor();
    expect(await member.page.getByTestId("call-row").count()).toBe(1);
    // The cards: her own call count and time (not 0 for want of the rates permission), no Revenue card.
    await expect.poll(() => member.page.getByTestId("summary-calls").textContent()).toBe("1");
    await expect.poll(() => member.page.getByTestId("summary-duration").textContent()).toBe("2m");
    expect(await member.page.getByTestId("summary-revenue").count()).toBe(0);
    expect(await member.page.locator("main").textContent()).not.toMatch(/\$\s?\d/);

    // Settings → Team: the owner lets members see rates; a toast says so, and Grace's dashboard gains its Revenue card.
    await owner.page.goto("/settings?tab=team");
    const allow = owner.page.getByRole("checkbox", { name: "Members may see rates and amounts" });
    expect(await allow.getAttribute("aria-checked")).toBe("false");
    await allow.click();
    await owner.page.getByText("Members now see rates and amounts on their own work.").first().waitFor();
    await expect.poll(() => allow.getAttribute("aria-checked")).toBe("true");
    await member.page.goto("/");
    await member.page.getByTestId("stat-revenue").waitFor();
    await member.page.goto(`/client-log?client=${client.id}`);
    await expect.poll(() => member.page.getByTestId("summary-revenue").textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);

    // The owner's toggle and picker on a phone in dark mode: nothing wider than the screen, no serious axe finding.
    await owner.page.setViewportSize({ width: 390, height: 844 });
    await owner.page.emulateMedia({ colorScheme: "dark" });
    await owner.page.goto("/");
    await owner.page.getByRole("combobox", { name: "Team member" }).waitFor();
    expect(await overflowing(owner.page)).toEqual([]);
    expect(await axeViolations(owner.page, "serious")).toEqual([]);
    await owner.context.close();
    await member.context.close();
  });

  it("fits a phone in dark mode, with no serious accessibility findings", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await h.signIn(context, { plan: "team", firstName: "Olive", lastName: "Owner" });
    await page.goto("/settings?tab=team");
    await page.getByTestId("team-member").first().waitFor();
    await page.getByText("No invitations are open. Invite someone above.").waitFor();
    expect(await overflowing(page)).toEqual([]);
    expect(await axeViolations(page, "serious")).toEqual([]);
    await context.close();
  });
});
