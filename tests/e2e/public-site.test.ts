import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, type Harness, startHarness } from "./harness.js";

/** Issue 3: the public website: navigation, landing sections, pricing, company, coming soon, axe. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

const PUBLIC_PAGES = [
  { path: "/", heading: "Track billable time with precision. Invoice effortlessly." },
  { path: "/features", heading: "Every billable minute, captured and invoiced" },
  { path: "/pricing", heading: "Simple pricing for every practice" },
  { path: "/company", heading: "About Minutely" },
  { path: "/coming-soon", heading: "Coming Soon" },
  { path: "/waitlist", heading: "Join the Waitlist" },
];

const pathname = (page: Page) => new URL(page.url()).pathname;

async function expectPage(page: Page, path: string, heading: string | RegExp) {
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  expect(pathname(page)).toBe(path);
}

describe("top navigation", () => {
  it("reaches every page from the links, marks the current one, and Sign In / Join Waitlist go where they should", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/");
    await expectPage(page, "/", PUBLIC_PAGES[0]!.heading);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [label, path, heading] of [
      ["Features", "/features", PUBLIC_PAGES[1]!.heading],
      ["Pricing", "/pricing", PUBLIC_PAGES[2]!.heading],
      ["Company", "/company", PUBLIC_PAGES[3]!.heading],
      ["Home", "/", PUBLIC_PAGES[0]!.heading],
    ] as const) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expectPage(page, path, heading);
      expect(await nav.getByRole("link", { name: label, exact: true }).getAttribute("aria-current")).toBe("page");
      const current = await nav.locator('[aria-current="page"]').allTextContents();
      expect(current).toEqual([label]);
    }
    await page.getByRole("banner").getByRole("link", { name: "Join Waitlist" }).click();
    await expectPage(page, "/waitlist", "Join the Waitlist");
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Create Account" }).waitFor();
    expect(pathname(page)).toBe("/auth");
    await context.close();
  });

  it("folds into a menu on a phone that also offers Get Started, closes on Escape", async () => {
    const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto("/pricing");
    await expectPage(page, "/pricing", PUBLIC_PAGES[2]!.heading);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    const toggle = page.getByRole("button", { name: "Open menu" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await menu.waitFor();
    expect(await page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    expect(await menu.getByRole("link", { name: "Pricing" }).getAttribute("aria-current")).toBe("page");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");

    const targets: [string, string][] = [
      ["Home", "/"],
      ["Features", "/features"],
      ["Pricing", "/pricing"],
      ["Company", "/company"],
      ["Sign In", "/auth"],
      ["Join Waitlist", "/waitlist"],
      ["Get Started", "/auth"],
    ];
    for (const [label, path] of targets) {
      await page.goto("/company");
      await expectPage(page, "/company", "About Minutely");
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      if (path === "/auth") await page.getByRole("button", { name: "Create Account" }).waitFor();
      else {
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        // The menu closes after navigating.
        expect(await page.getByRole("navigation", { name: "Menu" }).count()).toBe(0);
      }
    }
    await context.close();
  });
});

describe("landing page", () => {
  it("has the nine sections in order, sample figures labelled as such", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/");
    await expectPage(page, "/", PUBLIC_PAGES[0]!.heading);
    const sectionHeadings = await page.locator("main section").evaluateAll((sections) =>
      sections.map((s) => s.querySelector("h1, h2")?.textContent?.trim()),
    );
    expect(sectionHeadings).toEqual([
      "Track billable time with precision. Invoice effortlessly.",
      "A week in Minutely",
      "Why Choose Minutely?",
      "Everything you need to bill for your time",
      "Seamless Integrations",
      "Three steps, no timesheets",
      "Confidentiality and Security",
      "Our Mission",
      "Start billing for every minute",
    ]);
    const stats = page.getByRole("region", { name: "A week in Minutely" });
    await stats.getByText("Sample figures for illustration, not live data.").waitFor();
    for (const label of ["Call tracking time", "Weekly revenue", "Invoices pending payment", "Active clients"]) {
      await stats.getByText(label, { exact: true }).waitFor();
    }
    expect(await stats.getByText("Sample", { exact: true }).count()).toBe(4);
    for (const figure of ["3x", "0%", "99%"]) await page.getByText(figure, { exact: true }).waitFor();
    for (const feature of [
      "Automatic Call Tracking",
      "Smart Client Management",
      "Professional Invoicing",
      "Flexible Billing Models",
      "Enterprise Security",
      "Advanced Analytics",
    ]) {
      await page.getByRole("heading", { level: 3, name: feature }).waitFor();
    }
    const integrations = page.getByRole("region", { name: "Seamless Integrations" });
    expect(await integrations.getByRole("listitem").count()).toBe(6);
    for (const step of ["Auto-Detection", "Smart Tracking", "Instant Billing"]) {
      await page.getByRole("heading", { level: 3, name: new RegExp(step) }).waitFor();
    }
    await page.getByText("No credit card required.", { exact: false }).waitFor();
    await context.close();
  });

  it("sends each landing-page button to its own page", async () => {
    const { page, context } = await h.newPage();
    const main = () => page.getByRole("main");
    const cases: [string, () => ReturnType<Page["getByRole"]>, string][] = [
      ["hero Coming Soon", () => main().getByRole("link", { name: "Coming Soon" }), "/coming-soon"],
      ["hero Join Waitlist", () => main().getByRole("link", { name: "Join Waitlist" }), "/waitlist"],
      ["See all features", () => main().getByRole("link", { name: "See all features" }), "/features"],
      ["final Get Started", () => main().getByRole("link", { name: "Get Started" }), "/auth"],
    ];
    for (const [label, link, path] of cases) {
      await page.goto("/");
      await expectPage(page, "/", PUBLIC_PAGES[0]!.heading);
      await link().click();
      await page.waitForURL((url) => url.pathname === path);
      expect(pathname(page), label).toBe(path);
    }
    await context.close();
  });

  it("shows the hero image, and removes it when it fails to load", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/");
    const image = page.getByTestId("hero-image");
    await image.waitFor();
    await page.waitForFunction(() => (document.querySelector("[data-testid=hero-image]") as HTMLImageElement | null)?.complete);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const broken = await h.newPage();
    await broken.page.route("**/hero.svg", (route) => route.abort());
    await broken.page.goto("/");
    await expectPage(broken.page, "/", PUBLIC_PAGES[0]!.heading);
    await broken.page.getByTestId("hero-image").waitFor({ state: "detached" });
    expect(await broken.page.locator("img").count()).toBe(0);
    await broken.context.close();
    await context.close();
  });

  it("animates the background, and holds it still for prefers-reduced-motion", async () => {
    const animationNames = async (reducedMotion: "reduce" | "no-preference") => {
      const { page, context } = await h.newPage();
      await page.emulateMedia({ reducedMotion });
      await page.goto("/");
      await expectPage(page, "/", PUBLIC_PAGES[0]!.heading);
      const background = page.getByTestId("animated-background");
      expect(await background.getAttribute("aria-hidden")).toBe("true");
      const names = await background.locator(".mn-field").evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
      await context.close();
      return names;
    };
    expect(await animationNames("no-preference")).toEqual(["mn-drift-a", "mn-drift-b", "mn-drift-a"]);
    expect(await animationNames("reduce")).toEqual(["none", "none", "none"]);
  });
});

describe("pricing", () => {
  it("switches prices and yearly totals between Monthly and Annual, with the computed saving", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/pricing");
    await expectPage(page, "/pricing", PUBLIC_PAGES[2]!.heading);
    const individual = page.getByTestId("plan-individual");
    const team = page.getByTestId("plan-team");
    const text = async (card: typeof individual, id: string) => (await card.getByTestId(id).textContent())?.trim();
    const shows = (card: typeof individual, id: string, value: string) => expect.poll(() => text(card, id)).toBe(value);

    await page.getByText("Save up to 14% with annual billing").waitFor();
    expect(await page.getByRole("radio", { name: "Monthly" }).getAttribute("aria-checked")).toBe("true");
    expect(await text(individual, "plan-price")).toBe("$17");
    expect(await text(team, "plan-price")).toBe("$14");
    expect(await text(individual, "plan-total")).toBe("$204 a year, billed monthly");
    expect(await text(team, "plan-total")).toBe("$168 per user a year, billed monthly");

    await page.getByRole("radio", { name: "Annual" }).click();
    expect(await text(individual, "plan-price")).toBe("$15");
    expect(await text(team, "plan-price")).toBe("$12");
    expect(await text(individual, "plan-total")).toBe("$180 billed annually · save $24 a year");
    expect(await text(team, "plan-total")).toBe("$144 per user billed annually · save $24 a year");

    // Keyboard: an arrow key moves the radio group back to Monthly (Radix selects on a held key, as a person presses it).
    await page.getByRole("radio", { name: "Annual" }).focus();
    await page.keyboard.down("ArrowLeft");
    await page.waitForTimeout(50);
    await page.keyboard.up("ArrowLeft");
    await shows(individual, "plan-price", "$17");
    await shows(team, "plan-total", "$168 per user a year, billed monthly");

    for (const feature of ["Unlimited tracked meetings and calls", "Email support"]) await individual.getByText(feature).waitFor();
    for (const feature of ["Centralized admin dashboard", "Priority support"]) await team.getByText(feature).waitFor();
    await context.close();
  });

  it("sends both Get Started buttons through /api/login to the sign-in screen", async () => {
    const { page, context } = await h.newPage();
    for (const plan of ["individual", "team"]) {
      await page.goto("/pricing");
      const button = page.getByTestId(`plan-${plan}`).getByRole("link", { name: "Get Started" });
      expect(await button.getAttribute("href")).toBe("/api/login");
      const [response] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === "/api/login"), button.click()]);
      expect(response.status()).toBe(302);
      await page.getByRole("button", { name: "Create Account" }).waitFor();
      expect(pathname(page)).toBe("/auth");
    }
    await context.close();
  });
});

describe("company, features and coming soon", () => {
  it("shows the mission, four values, the support address and a Coming Soon button", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/company");
    await expectPage(page, "/company", "About Minutely");
    await page.getByText("Our mission is to simplify and automate billing through time tracking and invoicing.", { exact: false }).waitFor();
    for (const value of ["Customer-Centric", "Innovation", "Excellence", "Integrity"]) {
      await page.getByRole("heading", { level: 3, name: value }).waitFor();
    }
    expect(await page.getByRole("main").getByRole("link", { name: /support@/ }).getAttribute("href")).toMatch(/^mailto:support@/);
    await page.getByRole("main").getByRole("link", { name: "Coming Soon" }).click();
    await expectPage(page, "/coming-soon", "Coming Soon");
    await page.getByRole("main").getByRole("link", { name: "Join Waitlist" }).click();
    await expectPage(page, "/waitlist", "Join the Waitlist");
    await page.goto("/coming-soon");
    await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
    await expectPage(page, "/", PUBLIC_PAGES[0]!.heading);
    await context.close();
  });

  it("lists core features, integrations, AI automation and a comparison table", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/features");
    await expectPage(page, "/features", PUBLIC_PAGES[1]!.heading);
    for (const heading of ["Core features", "Integrations", "AI automation", "How Minutely compares"]) {
      await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    }
    const table = page.getByRole("table");
    expect(await table.getByRole("columnheader").allTextContents()).toEqual(["Feature", "Minutely", "Manual timesheets", "Generic time trackers"]);
    expect(await table.getByRole("row").count()).toBe(7);
    await page.getByRole("main").getByRole("link", { name: "View Pricing" }).click();
    await expectPage(page, "/pricing", PUBLIC_PAGES[2]!.heading);
    await context.close();
  });
});

describe("accessibility", () => {
  // Each scheme and each width once: contrast follows the scheme and layout the width, and the four
  // combinations were a sixth of CI's browser phase (394 s of one worker, with the API suite beside it).
  it.each([
    ["light", 1280],
    ["dark", 390],
  ] as const)("has no axe violations on any public page (%s, %ipx wide)", async (colorScheme, width) => {
    const failures: string[] = [];
    const { page, context } = await h.newPage({ colorScheme, viewport: { width, height: 900 } });
    if (colorScheme === "dark") await page.addInitScript(() => localStorage.setItem("vite-ui-theme", "dark"));
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      for (const v of await axeViolations(page)) {
        failures.push(`${path} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
      }
    }
    if (width < 768) {
      await page.getByRole("button", { name: "Open menu" }).click();
      for (const v of await axeViolations(page)) failures.push(`menu open ${v.id}: ${v.help}`);
    }
    await context.close();
    expect(failures).toEqual([]);
  });

  it("reports a violation a page has, on the first scan of a document and on later ones", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/");
    await expectPage(page, "/", PUBLIC_PAGES[0]!.heading);
    expect(await axeViolations(page), "the landing page as it is").toEqual([]);
    // An image without a text alternative, put there by the test: the scan must name it and where it is.
    await page.evaluate(() => {
      const image = document.createElement("img");
      image.src = "/favicon.svg";
      image.id = "unlabelled-image";
      document.querySelector("main")?.append(image);
    });
    const [violation, ...others] = await axeViolations(page, "serious");
    expect(others).toEqual([]);
    expect(violation).toMatchObject({ id: "image-alt", impact: "critical", nodes: [{ target: ["#unlabelled-image"] }] });
    await context.close();
  });
});
