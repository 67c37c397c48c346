import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./harness.js";

/** The journeys' browser: what it runs beside the page under test is CPU the whole CI phase pays for. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

describe("the journeys' browser", () => {
  it("opens nothing but the journey's own page in a new context (no address-bar popup of its own)", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    await page.goto("/settings?tab=notifications");
    await page.getByText("Weekly Reports", { exact: true }).waitFor();
    const session = await h.browser.newBrowserCDPSession();
    const { targetInfos } = await session.send("Target.getTargets");
    await session.detach();
    const own = targetInfos.filter(
      (target) => target.browserContextId === targetInfos.find((t) => t.url === page.url())?.browserContextId,
    );
    expect(own.map((target) => `${target.type} ${target.url}`)).toEqual([`page ${page.url()}`]);
    await context.close();
  });
});
