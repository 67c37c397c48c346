import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WaitlistEntriesPage, WaitlistEntry } from "../../src/core/contracts/waitlist.js";
import { runAdminCommand } from "../../src/server/admin/admin-command.js";
import { axeViolations, type Harness, startHarness } from "./harness.js";

/** Issue 3: joining the waitlist (its validation messages and toasts) and the administrators' dashboard (docs/decisions.md D11). */
const ADMIN_EMAIL = "waitlist-admin@example.test";
const PHONE_ADMIN_EMAIL = "phone-admin@example.test";
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ waitlistLimit: { limit: 1000, windowSeconds: 600 } });
});
afterAll(async () => h?.stop());

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** An administrator as `npm run admin -- grant` makes one (ADMIN_EMAILS would also need the address proved). */
async function grantAdmin(email: string): Promise<void> {
  expect((await runAdminCommand(h.app.db, ["grant", email], new Date())).exitCode).toBe(0);
}

/** A visitor's steps on /waitlist. */
function waitlistForm(page: Page) {
  return {
    open: async () => {
      await page.goto("/waitlist");
      await page.getByRole("heading", { level: 1, name: "Join the Waitlist" }).waitFor();
    },
    fill: async (fields: { email?: string; company?: string; size?: string; confirm?: boolean }) => {
      if (fields.email !== undefined) await page.getByLabel("Email").fill(fields.email);
      if (fields.company !== undefined) await page.getByLabel(/Company\s*\(optional\)/).fill(fields.company);
      if (fields.size) {
        await page.getByRole("combobox", { name: /Company size/ }).click();
        await page.getByRole("option", { name: fields.size }).click();
      }
      if (fields.confirm) await page.getByRole("checkbox", { name: "Yes, add me to the Minutely waitlist" }).check();
    },
    submit: () => page.getByRole("button", { name: "Join Waitlist" }).click(),
    fieldMessages: () => page.locator("[data-slot=form-message]").allTextContents(),
  };
}

describe("joining the waitlist", () => {
  it("shows each validation message as a toast and under its field, and sends nothing", async () => {
    const { page, context } = await h.newPage();
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/waitlist")) posts.push(r.url());
    });
    const form = waitlistForm(page);
    await form.open();

    await form.submit();
    await toasts(page).getByText("Email Required", { exact: true }).waitFor();
    await toasts(page).getByText("Please enter your email address.", { exact: true }).first().waitFor();
    expect(await form.fieldMessages()).toContain("Please enter your email address.");
    expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");

    await form.fill({ email: "not-an-email", confirm: true });
    await form.submit();
    await page.locator("[data-slot=form-message]", { hasText: "Please enter a valid email address" }).waitFor();

    await form.fill({ email: "someone@example.test" });
    await page.getByRole("checkbox", { name: "Yes, add me to the Minutely waitlist" }).uncheck();
    await form.submit();
    await toasts(page).getByText("Waitlist Confirmation Required", { exact: true }).waitFor();
    await toasts(page).getByText("Please confirm you wish to join the waitlist.", { exact: true }).first().waitFor();
    expect(await form.fieldMessages()).toEqual(["Please confirm you wish to join the waitlist."]);
    expect(posts).toEqual([]);
    expect(await page.getByTestId("waitlist-success").count()).toBe(0);
    await context.close();
  });

  it("joins with company and size, shows the success view and the toast, and Back to Home goes home", async () => {
    const { page, context } = await h.newPage();
    const form = waitlistForm(page);
    await form.open();
    await form.fill({ email: "  Joiner.One@Example.TEST ", company: "Curie & Co", size: "6-20 people", confirm: true });
    await form.submit();
    await page.getByRole("heading", { level: 1, name: "You're on the List!" }).waitFor();
    await toasts(page).getByText("Welcome to the Waitlist!", { exact: true }).waitFor();
    await page.getByText("joiner.one@example.test").waitFor();
    // Focus moves to the success heading, so a screen reader hears it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("You're on the List!");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.getByRole("heading", { level: 1, name: /Track billable time/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");

    // Joining again answers the same success and keeps one entry.
    await form.open();
    await form.fill({ email: "joiner.one@example.test", confirm: true });
    await form.submit();
    await page.getByRole("heading", { level: 1, name: "You're on the List!" }).waitFor();
    const count = await h.app.db.execute(sql`select count(*)::int as n from waitlist_entries where email = 'joiner.one@example.test'`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    await context.close();
  });

  it("shows 'Submission Failed' when the server cannot take the entry", async () => {
    const limited = await startHarness({ waitlistLimit: { limit: 1, windowSeconds: 600 } });
    try {
      const { page, context } = await limited.newPage();
      const form = waitlistForm(page);
      await form.open();
      await form.fill({ email: "first@example.test", confirm: true });
      await form.submit();
      await page.getByRole("heading", { level: 1, name: "You're on the List!" }).waitFor();
      // The second join from the same address within the window is refused by the real rate limit.
      await form.open();
      await form.fill({ email: "second@example.test", confirm: true });
      await form.submit();
      await toasts(page).getByText("Submission Failed", { exact: true }).waitFor();
      await toasts(page).getByText("Please try again or contact support.", { exact: true }).first().waitFor();
      expect(await page.getByTestId("waitlist-success").count()).toBe(0);
      await context.close();
    } finally {
      await limited.stop();
    }
  });
});

describe("the waitlist dashboard", () => {
  const TRICKY = [
    { email: "comma@example.test", company: "Smith, Jones & Partners", companySize: "2-5" },
    { email: "quote@example.test", company: 'The "Best" Firm', companySize: "1" },
    { email: "newline@example.test", company: "Line one\nLine two", companySize: "6-20" },
    { email: "formula@example.test", company: '=HYPERLINK("http://evil.test","x")', companySize: "100+" },
    { email: "at@example.test", company: "@SUM(A1)", companySize: "" },
  ];

  beforeAll(async () => {
    // 120 signups through the real API (one address per request), a few with values that test the CSV.
    const client = h.client();
    for (let i = 0; i < 120; i++) {
      const tricky = TRICKY[i];
      const body = tricky
        ? { ...tricky, joinWaitlist: true }
        : { email: `seed${String(i).padStart(3, "0")}@example.test`, company: `Firm ${i % 7}`, companySize: ["1", "2-5", "21-50"][i % 3], joinWaitlist: true };
      const response = await client.post("/api/waitlist", body);
      if (response.status !== 200) throw new Error(`seeding failed: ${response.status} ${response.text}`);
    }
  });

  it("lets a non-administrator see only Access Denied, and an anonymous visitor too", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { firstName: "Nadia" });
    await page.goto("/waitlist-admin");
    await page.getByRole("heading", { level: 1, name: "Access Denied" }).waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
    expect(await page.getByText(/@example\.test/).count()).toBe(0);
    await context.close();

    const anonymous = await h.newPage();
    await anonymous.page.goto("/waitlist-admin");
    await anonymous.page.getByRole("heading", { level: 1, name: "Access Denied" }).waitFor();
    await anonymous.context.close();
  });

  it("shows an administrator the new entry, the stats, pages through all entries and downloads a CSV that parses back", async () => {
    // A visitor joins; the administrator then finds them at the top of the list.
    const visitor = await h.newPage();
    const form = waitlistForm(visitor.page);
    await form.open();
    await form.fill({ email: "newest@example.test", company: "Lovelace Analytics", size: "51-100 people", confirm: true });
    await form.submit();
    await visitor.page.getByRole("heading", { level: 1, name: "You're on the List!" }).waitFor();
    await visitor.context.close();

    const { page, context } = await h.newPage();
    await h.signIn(context, { email: ADMIN_EMAIL, firstName: "Ada" });
    await grantAdmin(ADMIN_EMAIL);
    await page.goto("/waitlist-admin");
    await page.getByRole("heading", { level: 1, name: "Waitlist Dashboard" }).waitFor();

    const apiStats = await page.request.get("/api/waitlist/stats").then((r) => r.json());
    const total = apiStats.totalSignups as number;
    expect(total).toBeGreaterThanOrEqual(121);
    const stats = page.getByRole("list", { name: "Waitlist statistics" });
    await stats.waitFor();
    const card = (label: string) => stats.locator("li", { hasText: label }).locator("p").first();
    expect(await card("Total Signups").textContent()).toBe(String(total));
    expect(await card("Last 7 Days").textContent()).toBe(String(apiStats.recentSignups));
    expect(await card("With Company").textContent()).toBe(String(apiStats.withCompanies));
    const sizes = page.getByRole("list", { name: "Signups by company size" });
    for (const size of ["1", "2-5", "6-20", "21-50", "51-100", "100+"]) await sizes.getByText(size, { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Top Companies" }).waitFor();
    const topCompanies = page.locator("ol").filter({ hasText: "Firm 0" });
    expect(await topCompanies.locator("li").count()).toBe(8);
    expect(await topCompanies.locator("li", { hasText: /Firm \d/ }).count()).toBe(7);

    const table = page.getByRole("table");
    const rows = table.locator("tbody tr");
    await rows.first().getByText("newest@example.test").waitFor();
    await rows.first().getByText("Lovelace Analytics").waitFor();
    expect(await rows.count()).toBe(50);
    const pages = Math.ceil(total / 50);
    await page.getByText(`Showing 1–50 of ${total} · Page 1 of ${pages}`).waitFor();
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);

    const seen = new Set(await table.locator("tbody tr td:first-child").allTextContents());
    for (let n = 2; n <= pages; n++) {
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText(new RegExp(`Page ${n} of ${pages}$`)).waitFor();
      const emails = await table.locator("tbody tr td:first-child").allTextContents();
      expect(emails.length).toBe(n < pages ? 50 : total - 50 * (pages - 1));
      for (const email of emails) seen.add(email);
    }
    expect(seen.size).toBe(total);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText(new RegExp(`Page ${pages - 1} of ${pages}$`)).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Export: a dated file that parses back to exactly the rows the API lists.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    });
    expect(download.suggestedFilename()).toBe(`waitlist-${today}.csv`);
    const csv = fs.readFileSync((await download.path()) as string, "utf8");
    const records: string[][] = parse(csv, { bom: true });
    expect(records[0]).toEqual(["ID", "Email", "Company", "Company Size", "Join Waitlist", "Joined At"]);

    const entries: WaitlistEntry[] = [];
    for (let n = 1; n <= Math.ceil(total / 100); n++) {
      const body = (await page.request.get(`/api/waitlist/entries?page=${n}&limit=100`).then((r) => r.json())) as WaitlistEntriesPage;
      entries.push(...body.entries);
    }
    const guard = (value: string | null) => (value === null ? "" : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
    expect(records.slice(1)).toEqual(entries.map((e) => [String(e.id), e.email, guard(e.company), guard(e.companySize), "true", e.createdAt]));
    const byEmail = new Map(records.slice(1).map((r) => [r[1], r]));
    expect(byEmail.get("comma@example.test")?.[2]).toBe("Smith, Jones & Partners");
    expect(byEmail.get("quote@example.test")?.[2]).toBe('The "Best" Firm');
    expect(byEmail.get("newline@example.test")?.[2]).toBe("Line one\nLine two");
    expect(byEmail.get("formula@example.test")?.[2]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(byEmail.get("at@example.test")?.[2]).toBe("'@SUM(A1)");
    expect(byEmail.get("newest@example.test")?.slice(2, 4)).toEqual(["Lovelace Analytics", "51-100"]);
    await context.close();
  });

  it("has no axe violations on a phone in the dark theme", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await page.addInitScript(() => localStorage.setItem("vite-ui-theme", "dark"));
    await h.signIn(context, { email: PHONE_ADMIN_EMAIL, firstName: "Pat" });
    await grantAdmin(PHONE_ADMIN_EMAIL);
    await page.goto("/waitlist-admin");
    await page.getByRole("table").locator("tbody tr").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
