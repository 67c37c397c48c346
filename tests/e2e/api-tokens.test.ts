import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TOKEN_REVOKED } from "../../src/server/auth/api-token-auth.js";
import { api, axeViolations, chooseOption, type Harness, startHarness } from "./harness.js";
import { expectToast } from "./toasts.js";

/** docs/api.md: make a token in Settings → API, copy it, use it with the real curl, revoke it, curl gets 401. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

const run = promisify(execFile);
/** A bound for waits on what the page shows, never a speed check: generous for a loaded machine. */
const POLL = { timeout: 60_000, interval: 50 };

/** The real curl, as the docs show it, to the test server on 127.0.0.1: status and body. */
async function curl(url: string, token: string): Promise<{ status: number; body: unknown }> {
  const { stdout } = await run("curl", ["-sS", "-w", "\n%{http_code}", url, "-H", `Authorization: Bearer ${token}`]);
  const at = stdout.lastIndexOf("\n");
  return { status: Number(stdout.slice(at + 1)), body: JSON.parse(stdout.slice(0, at)) };
}

describe("personal API tokens", () => {
  it("make a token → copy it → curl lists calls with it → revoke → curl gets 401", async () => {
    const { page, context } = await h.newPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: h.baseUrl });
    await h.signIn(context, { plan: "team", firstName: "Olive", lastName: "Owner" });
    const client = await api<{ id: number }>(page, "POST", "/api/clients", { name: "Acme Holdings" });
    await api(page, "POST", "/api/calls", { clientId: client.id, startTime: "2026-01-05T14:00:00Z", duration: 1830 });

    await page.goto("/settings?tab=api");
    await page.getByRole("heading", { name: "API", exact: true }).waitFor();
    await page.getByText("No API tokens yet. Create one above to connect another system.").waitFor();
    // Keyboard: name, then the role and expiry selects, then Create.
    await page.getByLabel("Name", { exact: true }).fill("Billing system");
    await chooseOption(page, "Role", "Billing");
    await chooseOption(page, "Expires after", "30 days");
    // The closing select hands focus back to its trigger: only once it is gone does the Name field keep it.
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await expect
      .poll(() => page.getByRole("combobox", { name: "Expires after", exact: true }).textContent(), POLL)
      .toContain("30 days");
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.press("Enter");

    const field = page.getByLabel("API token Billing system", { exact: true });
    await field.waitFor();
    const token = await field.inputValue();
    expect(token).toMatch(/^mtly_[A-Za-z0-9_-]{43}$/);
    await page.getByRole("button", { name: "Copy API token Billing system" }).click();
    await expectToast(page, "Copied", "API token Billing system copied to the clipboard.");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(token);
    const row = page.getByTestId("api-token").filter({ hasText: "Billing system" });
    await row.getByText("Billing", { exact: true }).waitFor();
    await row.getByText(/Last used: Never/).waitFor();

    const listed = await curl(`${h.baseUrl}/api/calls`, copied);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ clientName: "Acme Holdings", duration: 1830 })]);

    // Shown once: Done hides it, and a reload never shows it again; "last used" is now filled in.
    await page.getByRole("button", { name: "Done" }).click();
    await page.reload();
    await row.getByText(/Last used: (?!Never)/).waitFor();
    expect(await page.content()).not.toContain(token);

    await row.getByRole("button", { name: "Revoke Billing system" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
    await expectToast(page, "Token revoked", "It no longer works.");
    await row.waitFor({ state: "detached" });
    const refused = await curl(`${h.baseUrl}/api/calls`, copied);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ message: API_TOKEN_REVOKED });
    await context.close();
  });

  it("offers an owner every role, fits a phone in dark mode, with no serious accessibility findings", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await h.signIn(context, { plan: "team", firstName: "Olive", lastName: "Owner" });
    await api(page, "POST", "/api/api-tokens", { name: "Nightly export", role: "admin", expiresInDays: 365 });
    await page.goto("/settings?tab=api");
    await page.getByTestId("api-token").filter({ hasText: "Nightly export" }).waitFor();
    await page.getByRole("combobox", { name: "Role", exact: true }).click();
    // The list is read once it is open, not at whatever moment the click returned.
    await page.getByRole("option", { name: "Billing" }).waitFor();
    const offered = await page.getByRole("option").allTextContents();
    expect(offered).toEqual(["Owner", "Admin", "Member", "Billing"]);
    await page.keyboard.press("Escape");
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
