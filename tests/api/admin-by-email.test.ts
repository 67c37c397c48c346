import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_LINK_REFUSALS, verifyLinkRefusalText } from "../../src/core/contracts/email-verification.js";
import { EMAIL_CHANGE_NEEDS_PASSWORD, EMAIL_CHANGE_WRONG_PASSWORD } from "../../src/core/contracts/settings.js";
import { runAdminCommand } from "../../src/server/admin/admin-command.js";
import { VERIFY_LINK_EXPIRED, VERIFY_LINK_INVALID } from "../../src/server/auth/email-verification-token.js";
import { VERIFY_WITHOUT_SMTP } from "../../src/server/auth/send-verification-email.js";
import { VERIFY_LINK_OLD_ADDRESS, VERIFY_LINK_OTHER_SESSION } from "../../src/server/auth/verify-email.js";
import type { ApiClient } from "../helpers/api-client.js";
import { newAccount, signUp } from "../helpers/factories.js";
import { mailedVerificationLink, openVerificationLink } from "../helpers/email-proof.js";
import { startSmtpCapture } from "../helpers/smtp-capture.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 11 defect 1: ADMIN_EMAILS made anyone who typed such an address an administrator. Now it
 * counts only for an address its owner proved by a mailed, signed, expiring link; the stored role
 * (`npm run admin -- grant`) keeps working; changing the email needs the current password and drops the proof.
 */
const ADMINS = [
  "boss@example.test",
  "chief@example.test",
  "head@example.test",
  "lead@example.test",
  "owner@example.test",
] as const;
const EXPORT = "/api/waitlist/export";

let clock = new Date("2026-11-23T12:00:00.000Z");
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({
    now: () => clock,
    adminEmails: [...ADMINS],
    smtp: { url: smtp.url, from: "Minutely <no-reply@example.test>" },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function isAdmin(c: ApiClient): Promise<boolean> {
  const me = await c.get("/api/auth/user");
  expect(me.status).toBe(200);
  return me.body.isAdmin;
}

const mailedLink = (c: ApiClient, to: string) => mailedVerificationLink(c, smtp, to);
const openLink = (c: ApiClient, link: string) => openVerificationLink(c, link);

describe("ADMIN_EMAILS alone grants nothing (the issue's requests)", () => {
  it("PUT /api/settings to an ADMIN_EMAILS address, with the right password: not an administrator, export 403", async () => {
    const c = t.client();
    const account = await signUp(c);
    const changed = await c.put("/api/settings", { email: ADMINS[0], currentPassword: account.password });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ email: ADMINS[0], emailVerified: false });
    expect(await isAdmin(c)).toBe(false);
    const exported = await c.get(EXPORT);
    expect(exported.status).toBe(403);
    expect(exported.text).not.toMatch(/@/);
  });

  it("signing up with an ADMIN_EMAILS address: not an administrator, export 403", async () => {
    const c = t.client();
    const account = await signUp(c, { email: ADMINS[1] });
    expect(account.user.isAdmin).toBe(false);
    expect(await isAdmin(c)).toBe(false);
    expect((await c.get(EXPORT)).status).toBe(403);
    const login = await t.client().post("/api/auth/login", { email: ADMINS[1], password: account.password });
    expect(login.body.isAdmin).toBe(false);
  });
});

describe("proof by a mailed link", () => {
  it("makes the owner of an ADMIN_EMAILS address an administrator, on the link's own (PUBLIC_URL-less) origin", async () => {
    const c = t.client();
    await signUp(c, { email: ADMINS[2] });
    expect((await c.get("/api/settings")).body.emailVerified).toBe(false);
    const link = await mailedLink(c, ADMINS[2]);
    expect(link.startsWith(`${t.baseUrl}/api/auth/verify-email?token=`)).toBe(true);
    // The user is served from the session cache right now; the proof must show at once all the same.
    expect(await isAdmin(c)).toBe(false);

    // Opened by anyone but the signed-in user who asked (say the real owner of the address, who never
    // asked), it grants nothing.
    for (const stranger of [t.client(), (await newAccount(t)).c]) {
      const refused = await openLink(stranger, link);
      expect(Object.fromEntries(refused.searchParams)).toEqual({
        tab: "profile",
        emailVerification: "error",
        reason: "other_session",
      });
      expect(VERIFY_LINK_REFUSALS.other_session).toBe(VERIFY_LINK_OTHER_SESSION);
    }
    expect(await isAdmin(c)).toBe(false);

    const back = await openLink(c, link);
    expect(back.pathname).toBe("/settings");
    expect(Object.fromEntries(back.searchParams)).toEqual({ tab: "profile", emailVerification: "verified" });
    expect(await isAdmin(c)).toBe(true);
    expect((await c.get("/api/settings")).body.emailVerified).toBe(true);
    expect((await c.get(EXPORT)).status).toBe(200);
    // Asking again once proved sends nothing.
    const again = await c.post("/api/auth/verify-email");
    expect(again.body.message).toBe("Your email address is already verified.");
  });

  it("refuses an expired link, and a link whose claim or signature was altered, with a message", async () => {
    const c = t.client();
    const account = await signUp(c, { email: ADMINS[3] });
    const link = await mailedLink(c, ADMINS[3]);
    const token = new URL(link).searchParams.get("token") ?? "";
    const [encoded, signature] = token.split(".");
    const claim = JSON.parse(Buffer.from(encoded ?? "", "base64url").toString("utf8"));

    // Another user's id (or a later expiry) under the same signature.
    const otherUser = Buffer.from(JSON.stringify({ ...claim, u: claim.u + 1 })).toString("base64url");
    const longer = Buffer.from(JSON.stringify({ ...claim, x: claim.x + 86_400_000 })).toString("base64url");
    const flipped = `${signature?.slice(0, -1)}${signature?.endsWith("A") ? "B" : "A"}`;
    const forgeries = [`${otherUser}.${signature}`, `${longer}.${signature}`, `${encoded}.${flipped}`, encoded ?? "", "x.y.z"];
    for (const forged of forgeries) {
      const back = await openLink(c, `/api/auth/verify-email?token=${encodeURIComponent(forged)}`);
      expect(Object.fromEntries(back.searchParams), forged).toEqual({
        tab: "profile",
        emailVerification: "error",
        reason: "invalid",
      });
      expect(verifyLinkRefusalText("invalid")).toBe(VERIFY_LINK_INVALID);
    }
    const noToken = await openLink(c, "/api/auth/verify-email");
    expect(noToken.searchParams.get("emailVerification")).toBe("error");

    const saved = clock;
    clock = new Date(saved.getTime() + 24 * 3_600_000 + 1);
    try {
      const expired = await openLink(c, link);
      expect(expired.searchParams.get("reason")).toBe("expired");
      expect(verifyLinkRefusalText("expired")).toBe(VERIFY_LINK_EXPIRED);
    } finally {
      clock = saved;
    }
    expect(await isAdmin(c)).toBe(false);
    expect(account.user.isAdmin).toBe(false);
    // The genuine link still works within its time.
    expect((await openLink(c, link)).searchParams.get("emailVerification")).toBe("verified");
    expect(await isAdmin(c)).toBe(true);
  });

  it("refuses a link issued before an email change; a change clears the proof", async () => {
    const c = t.client();
    const account = await signUp(c);
    // Proved on the user's first address, then moved to an ADMIN_EMAILS address: the proof does not follow.
    const first = await mailedLink(c, account.email);
    expect((await openLink(c, first)).searchParams.get("emailVerification")).toBe("verified");
    expect((await c.get("/api/settings")).body.emailVerified).toBe(true);
    const moved = await c.put("/api/settings", { email: ADMINS[4], currentPassword: account.password });
    expect(moved.body.emailVerified).toBe(false);
    expect(await isAdmin(c)).toBe(false);

    const stale = await mailedLink(c, ADMINS[4]);
    await c.put("/api/settings", { email: `moved-${account.email}`, currentPassword: account.password });
    const back = await openLink(c, stale);
    expect(back.searchParams.get("reason")).toBe("old_address");
    expect(verifyLinkRefusalText("old_address")).toBe(VERIFY_LINK_OLD_ADDRESS);
    // Moving back does not bring the proof back either.
    await c.put("/api/settings", { email: ADMINS[4], currentPassword: account.password });
    expect(await isAdmin(c)).toBe(false);
    expect((await c.get(EXPORT)).status).toBe(403);
  });

  it("needs a session to send a link", async () => {
    const response = await t.client().post("/api/auth/verify-email");
    expect(response.status).toBe(401);
  });

  it("without SMTP says that only the admin command grants rights, and sends nothing", async () => {
    const bare = await startTestApp({ adminEmails: [...ADMINS] });
    try {
      const c = bare.client();
      await signUp(c, { email: ADMINS[0] });
      const response = await c.post("/api/auth/verify-email");
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ error: "service_unavailable", message: VERIFY_WITHOUT_SMTP });
      expect(response.body.message).toContain("npm run admin -- grant");
      expect(await isAdmin(c)).toBe(false);
    } finally {
      await bare.close();
    }
  });
});

describe("changing the email needs the current password", () => {
  it.each([
    ["without a password", {}, EMAIL_CHANGE_NEEDS_PASSWORD],
    ["with an empty password", { currentPassword: "" }, EMAIL_CHANGE_NEEDS_PASSWORD],
    ["with a wrong password", { currentPassword: "wrong horse" }, EMAIL_CHANGE_WRONG_PASSWORD],
  ])("refuses a change %s with a 400 and changes nothing", async (_label, extra, message) => {
    const c = t.client();
    const account = await signUp(c, { firstName: "Kept" });
    const before = (await c.get("/api/settings")).body;
    const response = await c.put("/api/settings", { email: "taken.over@example.test", firstName: "Changed", ...extra });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", message, issues: [{ path: "currentPassword", message }] });
    expect((await c.get("/api/settings")).body).toEqual(before);
    const login = await t.client().post("/api/auth/login", { email: account.email, password: account.password });
    expect(login.status).toBe(200);
  });

  it("asks nothing when the email is unchanged (any letter case) or absent", async () => {
    const c = t.client();
    const account = await signUp(c);
    expect((await c.put("/api/settings", { email: account.email.toUpperCase(), firstName: "Same" })).status).toBe(200);
    expect((await c.put("/api/settings", { firstName: "Other" })).status).toBe(200);
  });

  it("never stores or echoes the password, and a password alone is not a change", async () => {
    const c = t.client();
    const account = await signUp(c);
    const saved = await c.put("/api/settings", { email: `new-${account.email}`, currentPassword: account.password });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(account.password);
    const alone = await c.put("/api/settings", { currentPassword: account.password });
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe("Send at least one setting to change");
  });
});

describe("the stored role", () => {
  it("npm run admin -- grant still makes an administrator, with no ADMIN_EMAILS and no proof", async () => {
    const account = await signUp(t.client());
    const granted = await runAdminCommand(t.app.db, ["grant", account.email], clock);
    expect(granted.exitCode).toBe(0);
    const c = t.client();
    await c.post("/api/auth/login", { email: account.email, password: account.password });
    expect(await isAdmin(c)).toBe(true);
    expect((await c.get(EXPORT)).status).toBe(200);
  });
});
