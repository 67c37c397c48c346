import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { setAdministrator } from "../../src/server/admin/set-administrator.js";
import { DETECTION_ADMINS_ONLY } from "../../src/server/capture/desktop/access.js";
import { axeViolations, type Harness, startHarness } from "./harness.js";

/**
 * Issue 14 §5/§7: /platform-detection. System info naming the computer, Detect Active Platform with a
 * REAL process started under a meeting app's name, the status list, the tracking switch, Access
 * Denied when signed out, axe in light and dark, phone width.
 */
let h: Harness;
const binDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-platform-e2e-"));
const running: ChildProcess[] = [];

function startApp(name: string): ChildProcess {
  const binary = path.join(binDir, name);
  if (!fs.existsSync(binary)) fs.copyFileSync("/bin/sleep", binary);
  const child = spawn(binary, ["600"], { stdio: "ignore" });
  running.push(child);
  return child;
}

beforeAll(async () => {
  h = await startHarness();
});

/** Several accounts share this server: the page is for administrators (PLATFORM_DETECTION=admins). */
async function signInAdministrator(context: BrowserContext) {
  const who = await h.signIn(context);
  await setAdministrator(h.app.db, { email: who.email, isAdmin: true, now: new Date() });
  return who;
}
afterAll(async () => {
  for (const child of running) child.kill("SIGKILL");
  await h?.stop();
  fs.rmSync(binDir, { recursive: true, force: true });
});

describe("/platform-detection", () => {
  it("shows Access Denied with a Log In button when signed out", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/platform-detection");
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    expect(await page.getByRole("link", { name: "Log In" }).getAttribute("href")).toBe("/api/login");
    await context.close();
  });

  it("names the computer, detects a running meeting app with its evidence and lists each platform's status", async () => {
    startApp("CptHost");
    const { page, context } = await h.newPage();
    await signInAdministrator(context);
    await page.goto("/platform-detection");
    await page.getByRole("heading", { name: "Platform Detection", level: 1 }).waitFor();
    await page.getByText(`This page inspects ${os.hostname()}, the computer that runs Minutely.`).waitFor();
    await page.getByTestId("platform-hostname").getByText(os.hostname()).waitFor();
    const available = page.getByRole("list", { name: "Available platforms" });
    for (const name of ["Zoom", "Microsoft Teams", "Google Meet", "Skype", "Webex", "Discord", "Slack"])
      await available.getByText(name, { exact: true }).waitFor();

    // The status overview: Zoom active (its in-meeting process runs), the others inactive.
    const status = page.getByRole("list", { name: "Platform status" });
    await status.locator('[data-platform="zoom"]').getByText("Active", { exact: true }).waitFor();
    await status.locator('[data-platform="slack"]').getByText("Inactive", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Detect Active Platform" }).click();
    const result = page.getByRole("region", { name: "Detection result" });
    await result.getByTestId("detected-platform").getByText("Zoom").waitFor();
    await result.getByText("90%").waitFor();
    await result.getByText("In a meeting now", { exact: false }).waitFor();
    await result.getByText("CptHost", { exact: true }).waitFor();
    const details = result.getByRole("list", { name: "Details" });
    expect(await details.getByRole("listitem").filter({ hasText: "Process" }).textContent()).toContain("Yes");
    expect(await details.getByRole("listitem").filter({ hasText: "Window title" }).textContent()).toContain("No");
    if (!process.env.DISPLAY) await result.getByText(/window titles could not be inspected/).waitFor();

    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("switches tracking meetings on this computer on and off", async () => {
    const { page, context } = await h.newPage();
    await signInAdministrator(context);
    await page.goto("/platform-detection");
    const toggle = page.getByRole("switch", { name: "Track meetings on this computer" });
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await page.getByText(`Meetings on ${os.hostname()} are now tracked as calls.`).filter({ visible: true }).first().waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    await page.reload();
    await page
      .getByRole("switch", { name: "Track meetings on this computer" })
      .and(page.locator('[aria-checked="true"]'))
      .waitFor();
    await page.getByRole("switch", { name: "Track meetings on this computer" }).click();
    await page.getByText(`Meetings on ${os.hostname()} are no longer tracked.`).filter({ visible: true }).first().waitFor();
    await context.close();
  });

  it("works on a phone in dark mode, without accessibility violations", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 375, height: 812 }, colorScheme: "dark" });
    await signInAdministrator(context);
    await page.goto("/platform-detection");
    await page.getByRole("list", { name: "Platform status" }).waitFor();
    await page.getByRole("button", { name: "Detect Active Platform" }).click();
    await page.getByRole("region", { name: "Detection result" }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("tells an ordinary account of a shared server why the page is off and what an operator sets (issue 23 defect 4)", async () => {
    // Another account first, so this server is shared whichever tests ran before.
    const other = await h.newPage();
    await h.signIn(other.context);
    await other.context.close();
    const { page, context } = await h.newPage();
    await h.signIn(context);
    await page.goto("/platform-detection");
    await page.getByText("Platform detection is not available to you").waitFor();
    await page.getByText(DETECTION_ADMINS_ONLY).waitFor();
    expect(await page.getByText(os.hostname()).count()).toBe(0);
    expect(await page.getByRole("switch", { name: "Track meetings on this computer" }).count()).toBe(0);
    await context.close();
  });
});
