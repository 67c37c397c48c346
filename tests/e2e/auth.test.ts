import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, type Harness, startHarness } from "./harness.js";

/** Issue 2's journeys: three-step sign-up, sign out, sign in, a failed sign-in, validation, theme, 404, axe on /auth. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

describe("sign-up, sign-out and sign-in", () => {
  it("creates an account through the three steps and lands on the greeting, then signs out and back in", async () => {
    const { page, context } = await h.newPage();
    const email = `journey-${Date.now()}@example.test`;
    await page.goto("/auth");
    await page.getByLabel("First Name").fill("Marie");
    await page.getByLabel("Last Name").fill("Curie");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("radium88");
    await page.getByLabel("Confirm Password").fill("radium88");
    await page.getByRole("button", { name: "Create Account" }).click();

    await page.getByRole("heading", { name: "Choose Your Plan" }).waitFor();
    await page.getByText("Select the perfect plan for your practice").waitFor();
    await page.getByRole("radio", { name: /Annual/ }).click();
    await page.getByText(/Save up to \d+%/).first().waitFor();
    await page.getByRole("button", { name: "Continue with Individual" }).click();

    await page.getByRole("heading", { name: /Good (morning|afternoon|evening), Marie/ }).waitFor();
    await page.getByText("Welcome to Minutely!").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/");

    // Sign out from the user menu.
    await page.getByRole("button", { name: /user menu|Marie Curie/i }).first().click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByText("You have been successfully logged out.").first().waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "minutely_session")).toBeUndefined();

    // And back in.
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign In" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("radium88");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("You have been successfully logged in.").first().waitFor();
    await page.getByRole("heading", { name: /Good (morning|afternoon|evening), Marie/ }).waitFor();
    await context.close();
  });

  it("shows the Login failed toast for a wrong password", async () => {
    const { page, context } = await h.newPage();
    const account = await (async () => {
      const client = h.client();
      const { signUp } = await import("../helpers/factories.js");
      return signUp(client);
    })();
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign In" }).click();
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Login failed").first().waitFor();
    await page.getByText("Invalid email or password").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");
    await context.close();
  });

  it("shows every validation message under its field", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/auth");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm Password").fill("abd");
    await page.getByRole("button", { name: "Create Account" }).click();
    for (const message of ["First name is required", "Last name is required", "Please enter a valid email address", "Password must be at least 6 characters", "Please confirm your password"]) {
      await page.getByText(message, { exact: true }).first().waitFor();
    }
    await page.getByLabel("Password", { exact: true }).fill("abcdef");
    await page.getByLabel("Confirm Password").fill("abcdeg");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Passwords don't match", { exact: true }).waitFor();

    await page.getByRole("tab", { name: "Sign In" }).click();
    const signIn = page.getByRole("tabpanel");
    await signIn.getByLabel("Email").fill("nope");
    await signIn.getByLabel("Password", { exact: true }).fill("123");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await signIn.getByText("Please enter a valid email address").waitFor();
    await signIn.getByText("Password must be at least 6 characters").waitFor();
    await context.close();
  });
});

describe("shell", () => {
  it("keeps the chosen theme across a reload", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { firstName: "Theo" });
    await page.goto("/");
    await page.getByRole("heading", { name: /Theo/ }).waitFor();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    expect(await isDark()).toBe(false);
    await page.getByRole("button", { name: /theme|dark mode/i }).first().click();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("dark");
    await page.reload();
    await page.getByRole("heading", { name: /Theo/ }).waitFor();
    expect(await isDark()).toBe(true);
    await context.close();
  });

  it("shows the 404 page for an unknown path", async () => {
    const { page, context } = await h.newPage();
    await page.goto("/no/such/page");
    await page.getByText("404 Page Not Found").waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();
    await context.close();
  });

  it("sends a signed-in user away from /auth to the dashboard", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { firstName: "Ivy" });
    await page.goto("/auth");
    await page.getByRole("heading", { name: /Ivy/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("has no serious or critical axe violations on /auth, in light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { page, context } = await h.newPage({ colorScheme });
      if (colorScheme === "dark") await page.addInitScript(() => localStorage.setItem("vite-ui-theme", "dark"));
      await page.goto("/auth");
      await page.getByRole("button", { name: "Create Account" }).waitFor();
      const violations = await axeViolations(page, "serious");
      expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await context.close();
    }
  });
});
