import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaptureEvent } from "../../src/server/capture/capture-event.js";
import { recordCaptureEvent } from "../../src/server/capture/record-capture-event.js";
import { api, axeViolations, chooseOption, type Harness, startHarness } from "./harness.js";

/**
 * Issue 13 §1: a captured call left on Unknown Client is assigned in the browser; it is priced with
 * the client's rules and the caller's number is remembered, so the next call from it is the client's.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

describe("Assign client", () => {
  it("assigns an unknown call from Recent Calls, shows the client and the amount, and remembers the number", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 } });
    const account = await h.signIn(context, { timezone: "UTC" });
    await page.goto("/");
    await api(page, "POST", "/api/clients", { name: "Prospect Law", billingRate: "240.00", roundingIncrementMinutes: 15 });
    const capture = async (id: string, phone: string) => {
      const base = {
        accountId: account.user.accountId,
        userId: account.user.id,
        source: "twilio",
        externalCallId: id,
        platform: "phone",
        participants: [{ phone }],
      } satisfies Omit<CaptureEvent, "eventId" | "kind" | "at">;
      const at = new Date("2026-03-02T09:00:00Z");
      await recordCaptureEvent(h.app.db, { ...base, eventId: `${id}:a`, kind: "started", at }, at);
      const end = new Date(at.getTime() + 754_000);
      await recordCaptureEvent(h.app.db, { ...base, eventId: `${id}:b`, kind: "ended", at: end, durationSeconds: 754 }, end);
    };
    await capture("CA-one", "+15550102000");
    await page.reload();

    const recent = page.getByTestId("recent-calls");
    await recent.getByText("Unknown Client").waitFor();
    await recent.getByRole("button", { name: "Assign client to the Phone call" }).click();
    const dialog = page.getByRole("dialog", { name: "Assign client" });
    await dialog.waitFor();
    const remember = dialog.getByRole("checkbox", { name: "Remember +15550102000 for this client" });
    expect(await remember.getAttribute("aria-checked")).toBe("true");
    expect(await axeViolations(page, "serious")).toEqual([]);
    await dialog.getByRole("button", { name: "Assign" }).click();
    await dialog.getByText("Choose a client").waitFor();
    await chooseOption(page, "Client", "Prospect Law");
    await dialog.getByRole("button", { name: "Assign" }).click();
    await page.getByText("Client assigned", { exact: true }).first().waitFor();
    await dialog.waitFor({ state: "detached" });
    // 754 s in 15-minute steps is 900 s at 240.00 an hour.
    await recent.getByText("Prospect Law").waitFor();
    await recent.getByText("$60.00").waitFor();
    expect(await recent.getByText("Unknown Client").count()).toBe(0);

    // The next call from the same number (written another way) is the client's at once.
    await capture("CA-two", "(555) 010-2000");
    await expect.poll(() => recent.getByText("Prospect Law").count()).toBe(2);
    await context.close();
  });
});
