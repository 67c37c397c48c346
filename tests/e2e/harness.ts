import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect } from "vitest";
import type { Config } from "../../src/server/config.js";
import { type NewAccount, signUp } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { recordToasts } from "./toasts.js";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// E2E_WEB_DIST: test another build of the web app (e.g. while dist/web is in use by another run).
const WEB_DIST = path.resolve(process.env.E2E_WEB_DIST ?? "dist/web");

/**
 * A browser journey's world: the built web app served by the real server on a fresh database,
 * and Debian's Chromium driven by playwright-core (never a downloaded browser).
 */
export type Harness = TestApp & {
  browser: Browser;
  /** A new browser context (its own cookies) with a page open on the app. */
  newPage: (options?: {
    viewport?: { width: number; height: number };
    colorScheme?: "light" | "dark";
    /** "reduce" unless a journey is about motion: see newPage. */
    reducedMotion?: "reduce" | "no-preference";
  }) => Promise<{ context: BrowserContext; page: Page }>;
  /** Signs up through the API and gives the page's context the session cookie. */
  signIn: (context: BrowserContext, overrides?: Parameters<typeof signUp>[1]) => Promise<NewAccount & { cookie: string }>;
  stop: () => Promise<void>;
};

/** The budget of one action or wait in a journey (newPage); never a speed check. */
const JOURNEY_STEP_BUDGET = 90_000;

let launched: Promise<Browser> | undefined;

/**
 * Chromium 156 gives every new context (a window in headless mode) the address bar's popup, a WebUI page
 * (chrome://omnibox-popup.top-chrome, and its AI-mode twin) drawn by a renderer of its own: about 1 s of renderer
 * CPU and 0.4 s of the browser process's per context, beside the page under test, in a run that opens a context
 * per test. No journey uses the address bar; without the popup a journey's first page load costs about half the
 * CPU (docs/performance.md, "The address bar nobody sees", issue 22 §2). Chromium also starts a spare renderer
 * ahead of the next navigation, one per context, which a context closed after its test never uses: about a sixth
 * of what was left (SpareRendererForSitePerProcess; a navigation starts its renderer when it needs one).
 */
const UNUSED_BROWSER_FEATURES = [
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
  "PreloadTopChromeWebUI",
  "SpareRendererForSitePerProcess",
];

/**
 * Playwright launches Chromium with its own --disable-features list, and Chromium keeps only the last
 * --disable-features it is given: ours must carry Playwright's too. A first browser, started with
 * --enable-automation so that it may tell its command line, says what the list is for this Playwright.
 */
async function playwrightDisabledFeatures(): Promise<string[]> {
  const probe = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--enable-automation"],
  });
  try {
    const session = await probe.newBrowserCDPSession();
    const { arguments: commandLine } = await session.send("Browser.getBrowserCommandLine");
    const flag = "--disable-features=";
    return (
      commandLine
        .findLast((argument) => argument.startsWith(flag))
        ?.slice(flag.length)
        .split(",") ?? []
    );
  } finally {
    await probe.close();
  }
}

/**
 * One Chromium per test worker, shared by the journey files that worker runs one after another (the e2e project
 * runs with isolate: false, so this module and its browser outlive a file). Launching it cost every file a browser
 * start (issue 22 §2, CI's browser phase). A browser that died is launched again for the next file. Playwright
 * closes it when the worker process exits, and Chromium ends by itself when its pipe to the worker closes.
 */
async function workerBrowser(): Promise<Browser> {
  const current = launched && (await launched.catch(() => undefined));
  if (current?.isConnected()) return current;
  launched = playwrightDisabledFeatures().then((playwrightFeatures) =>
    chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--disable-features=${[...new Set([...playwrightFeatures, ...UNUSED_BROWSER_FEATURES])].join(",")}`,
      ],
    }),
  );
  return launched;
}

export async function startHarness(overrides: Partial<Config> = {}): Promise<Harness> {
  if (!fs.existsSync(path.join(WEB_DIST, "index.html"))) throw new Error("dist/web is missing: run `npm run build` first");
  const app = await startTestApp({ webDistDir: WEB_DIST, ...overrides });
  const browser = await workerBrowser();
  // Contexts are the isolation between journeys (own cookies, storage, cache); stop closes this harness's own,
  // not the browser, which the worker's next file uses. A file may run two harnesses at once (waitlist.test.ts).
  const contexts = new Set<BrowserContext>();
  return {
    ...app,
    browser,
    newPage: async (options = {}) => {
      const context = await browser.newContext({
        baseURL: app.baseUrl,
        viewport: options.viewport ?? { width: 1280, height: 900 },
        colorScheme: options.colorScheme ?? "light",
        // The app honours reduced motion (styles.css): no endless animation (spinners, the landing page's
        // background) keeps a software-drawn page repainting for the whole journey, which was CPU the machine's
        // other suites needed (issue 22, CI time). public-site.test.ts checks both preferences.
        reducedMotion: options.reducedMotion ?? "reduce",
        acceptDownloads: true,
      });
      // Playwright's own default for an action or a wait is 30 s, a speed check on a loaded machine: at load 20–29
      // on 2 cores a tab's click and a checkout's round trip ran past it with nothing wrong (docs/performance.md,
      // "CI's browser phase, 2026-11-29"). A safety net for a hung page, like the test's own 180 s budget.
      context.setDefaultTimeout(JOURNEY_STEP_BUDGET);
      await recordToasts(context);
      contexts.add(context);
      context.once("close", () => contexts.delete(context));
      const page = await context.newPage();
      return { context, page };
    },
    signIn: async (context, signUpOverrides) => {
      const client = app.client();
      const account = await signUp(client, signUpOverrides);
      const cookie = client.cookie("minutely_session") as string;
      await context.addCookies([{ name: "minutely_session", value: cookie, url: app.baseUrl, httpOnly: true, sameSite: "Lax" }]);
      return { ...account, cookie };
    },
    stop: async () => {
      await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
      await app.close();
    },
  };
}

/**
 * axe-core's own minified build, put into a page once per document. @axe-core/playwright's builder evaluated the
 * 1.3 MB unminified build twice per scan and opened a blank page for each scan to finish it in: 1.8 s of CPU
 * (Chromium and the test worker) a scan against 0.5 s this way (docs/performance.md, "Where CI's last phase spends
 * its CPU", issue 22 §2).
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** A violation as a journey reports it: what failed, how badly, and where (axe-core's own fields). */
export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary: string | null }[];
};

/**
 * axe-core scan of the page's document (every rule axe-core runs by default); returns the violations at or above
 * the given impact. It first lets every finite animation end (a dialog fading in would be measured at part
 * opacity, a contrast failure no one sees); endless ones (spinners, the landing page's background) are left running.
 * Frames are not entered: the app draws none of its own (the only one is Stripe's card field, Stripe's markup).
 */
export async function axeViolations(
  page: Page,
  minimum: "minor" | "moderate" | "serious" | "critical" = "minor",
): Promise<AxeViolation[]> {
  const order = ["minor", "moderate", "serious", "critical"];
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(`if (!window.axe) {\n${AXE_SOURCE}\n}`);
  const violations = await page.evaluate(async () => {
    type Axe = { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, { iframes: false });
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact: impact ?? null,
      help,
      nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary: failureSummary ?? null })),
    }));
  });
  return violations.filter((v) => order.indexOf(v.impact ?? "minor") >= order.indexOf(minimum));
}

/** The header every state-changing API call from a journey's setup carries (the CSRF guard asks for it). */
export const XHR = { "X-Requested-With": "XMLHttpRequest" };

/** Seeds through the API with the page's own session, so journeys do not click through their setup. */
export async function api<T>(page: Page, method: "POST" | "PUT", url: string, data: unknown = {}): Promise<T> {
  const response = await page.request.fetch(url, { method, data, headers: XHR });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Picks an option of the Radix select labelled `label`. */
export async function chooseOption(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).click();
}
