import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { type CapturedMail, startSmtpCapture } from "../helpers/smtp-capture.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** docs/team.md, Invitations step 3: with SMTP_URL the link is mailed, and the answer never carries it. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let owner: TestAccount;

beforeAll(async () => {
  smtp = await startSmtpCapture({ rejectRecipients: /^refused@/ });
  t = await startTestApp({ smtp: { url: smtp.url, from: "Minutely <team@minutely.test>" } });
  owner = await newAccount(t, { plan: "team" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function textOf(mail: CapturedMail): string {
  return mail.parts
    .map((part) => {
      const body = part.body.toString("latin1");
      if (!/quoted-printable/i.test(part.headers["content-transfer-encoding"] ?? "")) return body;
      return body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    })
    .join("\n");
}

describe("an invitation with a mail server", () => {
  it("is mailed to the address with a working link, and the answer holds no link", async () => {
    const sent = await owner.c.post("/api/team/invitations", { email: "colleague@example.test", role: "billing" });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ mailed: true, link: null });
    const mail = smtp.messages.find((message) => message.to.includes("colleague@example.test"));
    expect(mail).toBeDefined();
    const text = textOf(mail as CapturedMail);
    expect(text).toContain("Ada Lovelace invited you to join");
    expect(text).toContain("as Billing");
    const link = /https?:\/\/\S+\/join#[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link as string).hash.slice(1);
    const preview = await t.client().post("/api/invitations/preview", { token });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ email: "colleague@example.test", role: "billing" });
  });

  it("says so when the mail server refuses, and keeps the invitation to resend", async () => {
    const refused = await owner.c.post("/api/team/invitations", { email: "refused@example.test", role: "member" });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toContain("The invitation was saved, but the mail server did not accept it");
    const team = await owner.c.get("/api/team");
    expect(team.body.invitations.some((i: { email: string }) => i.email === "refused@example.test")).toBe(true);
  });
});
