import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationLinkIn } from "../helpers/email-proof.js";
import { startSmtpCapture } from "../helpers/smtp-capture.js";
import { axeViolations, type Harness, startHarness } from "./harness.js";

/** Issue 11 defect 1 in the browser: Settings → Profile shows whether the address is proved, mails the link, and asks for the password on an email change. */
const ADMIN_EMAIL = "verify-admin@example.test";
let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  h = await startHarness({ adminEmails: [ADMIN_EMAIL], smtp: { url: smtp.url, from: "Minutely <no-reply@example.test>" } });
});
afterAll(async () => {
  await h?.stop();
  await smtp?.close();
});

describe("Settings → Profile: the sign-in address", () => {
  it("mails a link from Verify email; opening it shows Verified and makes an ADMIN_EMAILS address an administrator", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context, { email: ADMIN_EMAIL });
    await page.goto("/settings?tab=profile");
    await page.getByText("Not verified").waitFor();
    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Verify email" }).click();
    await page.getByText(`We sent a link to ${ADMIN_EMAIL}.`, { exact: false }).first().waitFor();
    expect(smtp.messages.length).toBe(before + 1);
    const mail = smtp.messages[before];
    expect(mail?.to).toEqual([ADMIN_EMAIL]);
    const link = verificationLinkIn(mail);
    await page.goto(link);
    await page.waitForURL(/\/settings\?tab=profile$/);
    await page.getByText("Your email address is verified.").first().waitFor();
    await page.getByText("Verified", { exact: true }).waitFor();
    expect((await page.request.get("/api/auth/user").then((r) => r.json())).isAdmin).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows a refused link's reason as a toast", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    await page.goto("/api/auth/verify-email?token=forged.link");
    await page.waitForURL(/\/settings\?tab=profile$/);
    await page.getByText("This verification link is not valid.", { exact: false }).first().waitFor();
    await context.close();
  });

  it("never shows text from the address bar: a link's own message is replaced by the fixed sentence", async () => {
    const { page, context } = await h.newPage();
    await h.signIn(context);
    const bait = "Your account is locked. Call +1 555 0100 now.";
    await page.goto(`/settings?tab=profile&emailVerification=error&message=${encodeURIComponent(bait)}`);
    await page.getByText("The link could not be used.", { exact: false }).first().waitFor();
    expect(await page.getByText(bait, { exact: false }).count()).toBe(0);
    await context.close();
  });

  it("asks for the current password only when the email changes, and says when it is wrong", async () => {
    const { page, context } = await h.newPage();
    const account = await h.signIn(context);
    await page.goto("/settings?tab=profile");
    await page.getByLabel("Email").waitFor();
    expect(await page.getByLabel("Current Password").count()).toBe(0);
    await page.getByLabel("Email").fill("new.address@example.test");
    await page.getByLabel("Current Password").fill("wrong horse");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Current password is incorrect").first().waitFor();
    await expect(page.getByLabel("Current Password").getAttribute("aria-invalid")).resolves.toBe("true");
    expect((await page.request.get("/api/settings").then((r) => r.json())).email).toBe(account.email);

    await page.getByLabel("Current Password").fill(account.password);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Your profile has been saved.").first().waitFor();
    await page.getByText("Not verified").waitFor();
    expect(await page.getByLabel("Current Password").count()).toBe(0);
    await context.close();
  });
});
