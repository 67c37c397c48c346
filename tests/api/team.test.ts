import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../src/server/db/schema/index.js";
import {
  INVITATION_EXPIRED,
  INVITATION_REVOKED,
  INVITATION_UNKNOWN,
  INVITATION_USED,
  OTHER_PRACTICE,
} from "../../src/server/team/accept-invitation.js";
import { NOT_YOURSELF, ONLY_OWNERS_CHANGE_OWNERS, SOLE_OWNER } from "../../src/server/team/change-member.js";
import { INDIVIDUAL_PLAN_INVITE, individualPlanTooSmall, TRIAL_SEATS_FULL } from "../../src/core/team-seats.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { invite, joinAs } from "../helpers/team.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** Issue 26 §1 over HTTP: invitations, accepting, roles, the last-owner rule and removal (docs/team.md). */
let t: TestApp;
let owner: TestAccount;
let clock = new Date("2026-03-02T09:00:00Z");
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  owner = await newAccount(t, { plan: "team" });
  // A paying Team account (the trial's five seats are tested on their own below); Stripe is not part of this file.
  await t.app.db.update(accounts).set({ subscriptionStatus: "active" }).where(eq(accounts.id, owner.accountId));
  t.app.sessionCache.forgetAccount(owner.accountId);
});
afterAll(async () => t?.close());

describe("the owner", () => {
  it("is the practice's first user, listed on the Team page", async () => {
    expect(owner.account.user.role).toBe("owner");
    const team = await owner.c.get("/api/team");
    expect(team.status).toBe(200);
    expect(team.body.members).toEqual([
      expect.objectContaining({ id: owner.userId, email: owner.account.email, role: "owner", isYou: true }),
    ]);
    expect(team.body.members[0].lastActiveAt).not.toBeNull();
    expect(team.body.seatLimit).toBeNull();
  });
});

describe("invitations", () => {
  it("without SMTP answer the link once, and list the invitation as open", async () => {
    const sent = await owner.c.post("/api/team/invitations", { email: "New.Person@Example.test", role: "member" });
    expect(sent.status).toBe(201);
    expect(sent.body.mailed).toBe(false);
    expect(sent.body.link).toMatch(/^http:\/\/.+\/join#[A-Za-z0-9_-]{43}$/);
    expect(sent.body.invitation).toMatchObject({ email: "new.person@example.test", role: "member", expired: false });
    const team = await owner.c.get("/api/team");
    expect(team.body.invitations.map((i: { email: string }) => i.email)).toContain("new.person@example.test");
    // The link is shown once: the list never carries it.
    expect(team.text).not.toContain(sent.body.link.split("#")[1]);
    const again = await owner.c.post("/api/team/invitations", { email: "new.person@example.test", role: "billing" });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain("already open");
  });

  it("let a new person see the offer, sign up with a name and password, and join with the role", async () => {
    const { email, token } = await invite(owner.c, "billing");
    const visitor = t.client();
    const preview = await visitor.post("/api/invitations/preview", { token });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ email, role: "billing", signIn: false, invitedBy: "Ada Lovelace" });
    const joined = await visitor.post("/api/invitations/accept", {
      token,
      firstName: "Bea",
      lastName: "Biller",
      password: "s3cret pass",
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ email, role: "billing", accountId: owner.accountId });
    expect((await visitor.get("/api/auth/user")).body.role).toBe("billing");
    // Signing in later works with the chosen password.
    const later = t.client();
    expect((await later.post("/api/auth/login", { email, password: "s3cret pass" })).status).toBe(200);
  });

  it("work once: a used link is refused", async () => {
    const { token } = await invite(owner.c, "member");
    const first = t.client();
    expect(
      (await first.post("/api/invitations/accept", { token, firstName: "A", lastName: "B", password: "password1" })).status,
    ).toBe(200);
    const second = await t
      .client()
      .post("/api/invitations/accept", { token, firstName: "C", lastName: "D", password: "password2" });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(INVITATION_USED);
  });

  it("refuse a forged or truncated token", async () => {
    const forged = await t
      .client()
      .post("/api/invitations/accept", { token: "x".repeat(43), firstName: "A", lastName: "B", password: "password1" });
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe(INVITATION_UNKNOWN);
    const short = await t.client().post("/api/invitations/preview", { token: "abc" });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain("incomplete");
  });

  it("expire after seven days, and a resend gives a new link while the old one stops working", async () => {
    const { token, invitation } = await invite(owner.c, "member");
    clock = new Date(clock.getTime() + 7 * DAY + 1000);
    try {
      const late = await t.client().post("/api/invitations/preview", { token });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(INVITATION_EXPIRED);
      expect((await owner.c.get("/api/team")).body.invitations.find((i: { id: number }) => i.id === invitation.id).expired).toBe(
        true,
      );
      const resent = await owner.c.post(`/api/team/invitations/${invitation.id}/resend`, {});
      expect(resent.status).toBe(200);
      expect(resent.body.invitation.expired).toBe(false);
      expect((await t.client().post("/api/invitations/preview", { token })).status).toBe(404);
      const fresh = new URL(resent.body.link).hash.slice(1);
      expect((await t.client().post("/api/invitations/preview", { token: fresh })).status).toBe(200);
    } finally {
      clock = new Date(clock.getTime() - 7 * DAY - 1000);
    }
  });

  it("can be revoked: the link then says it was withdrawn", async () => {
    const { token, invitation } = await invite(owner.c, "admin");
    const revoked = await owner.c.delete(`/api/team/invitations/${invitation.id}`);
    expect(revoked.status).toBe(200);
    const preview = await t.client().post("/api/invitations/preview", { token });
    expect(preview.status).toBe(409);
    expect(preview.body.message).toBe(INVITATION_REVOKED);
    expect((await owner.c.get("/api/team")).body.invitations.some((i: { id: number }) => i.id === invitation.id)).toBe(false);
    expect((await owner.c.delete(`/api/team/invitations/${invitation.id}`)).status).toBe(404);
  });

  it("refuse a person who already belongs to another practice", async () => {
    const elsewhere = await newAccount(t);
    const { token } = await invite(owner.c, "member", elsewhere.account.email);
    const preview = await t.client().post("/api/invitations/preview", { token });
    expect(preview.status).toBe(409);
    expect(preview.body.message).toBe(OTHER_PRACTICE);
    const accept = await t.client().post("/api/invitations/accept", { token, password: elsewhere.account.password });
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe(OTHER_PRACTICE);
    expect((await elsewhere.c.get("/api/auth/user")).body.accountId).toBe(elsewhere.accountId);
  });

  it("answer bad input with 400 and the field's message", async () => {
    const badEmail = await owner.c.post("/api/team/invitations", { email: "not-an-address", role: "member" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe("Please enter a valid email address");
    const badRole = await owner.c.post("/api/team/invitations", { email: "x@example.test", role: "boss" });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toBe("Choose a role: admin, member or billing");
    const asOwner = await owner.c.post("/api/team/invitations", { email: "x@example.test", role: "owner" });
    expect(asOwner.status).toBe(400);
    const noName = await t
      .client()
      .post("/api/invitations/accept", { token: (await invite(owner.c, "member")).token, password: "password1" });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe("First name is required");
  });
});

describe("plans", () => {
  it("on the Individual plan, inviting asks to upgrade", async () => {
    const solo = await newAccount(t, { plan: "individual" });
    const response = await solo.c.post("/api/team/invitations", { email: "colleague@example.test", role: "member" });
    expect(response.status).toBe(402);
    expect(response.body.message).toBe(INDIVIDUAL_PLAN_INVITE);
  });

  it("the Team trial allows five people, members and open invitations together", async () => {
    const trial = await newAccount(t, { plan: "team" });
    for (let i = 0; i < 4; i++) await invite(trial.c, "member");
    const sixth = await trial.c.post("/api/team/invitations", { email: "sixth@example.test", role: "member" });
    expect(sixth.status).toBe(402);
    expect(sixth.body.message).toBe(TRIAL_SEATS_FULL);
  });

  it("refuses Team → Individual while the practice has more than one member, and changes nothing", async () => {
    const practice = await newAccount(t, { plan: "team" });
    const colleague = await joinAs(t, practice.c, "member");
    const refused = await practice.c.post("/api/billing/change-plan", { plan: "individual", billingCycle: "monthly" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(individualPlanTooSmall(2));
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, practice.accountId));
    expect(row?.plan).toBe("team");
    // Once the colleague is removed, the practice of one may change.
    expect((await practice.c.delete(`/api/team/members/${colleague.user.id}`)).status).toBe(200);
    const changed = await practice.c.post("/api/billing/change-plan", { plan: "individual", billingCycle: "monthly" });
    expect(changed.status, changed.text).toBe(200);
    const [after] = await t.app.db.select().from(accounts).where(eq(accounts.id, practice.accountId));
    expect(after?.plan).toBe("individual");
  });
});

describe("roles and removal", () => {
  it("an owner changes a role; the member's rights follow at once", async () => {
    const person = await joinAs(t, owner.c, "member");
    expect((await person.c.get("/api/invoices")).status).toBe(403);
    const changed = await owner.c.put(`/api/team/members/${person.user.id}/role`, { role: "billing" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: person.user.id, role: "billing" });
    expect((await person.c.get("/api/invoices")).status).toBe(200);
    const bad = await owner.c.put(`/api/team/members/${person.user.id}/role`, { role: "chief" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Choose a role: owner, admin, member or billing");
  });

  it("the sole owner can be neither demoted nor removed; an admin cannot touch an owner", async () => {
    const demote = await owner.c.put(`/api/team/members/${owner.userId}/role`, { role: "admin" });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(SOLE_OWNER);
    const self = await owner.c.delete(`/api/team/members/${owner.userId}`);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(NOT_YOURSELF);
    const admin = await joinAs(t, owner.c, "admin");
    const byAdmin = await admin.c.delete(`/api/team/members/${owner.userId}`);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe(ONLY_OWNERS_CHANGE_OWNERS);
    expect((await admin.c.put(`/api/team/members/${admin.user.id}/role`, { role: "owner" })).status).toBe(403);
    // With a second owner, the first may step down.
    expect((await owner.c.put(`/api/team/members/${admin.user.id}/role`, { role: "owner" })).status).toBe(200);
    expect((await owner.c.put(`/api/team/members/${owner.userId}/role`, { role: "owner" })).status).toBe(200);
    expect((await admin.c.put(`/api/team/members/${admin.user.id}/role`, { role: "admin" })).status).toBe(200);
  });

  it("removing a member ends their sessions and sign-in; the calls they logged stay with the practice", async () => {
    const person = await joinAs(t, owner.c, "member");
    const logged = await person.c.post("/api/calls", {
      startTime: "2026-03-01T10:00:00Z",
      duration: 1800,
      notes: "Logged by a member",
    });
    expect(logged.status).toBe(201);
    const removed = await owner.c.delete(`/api/team/members/${person.user.id}`);
    expect(removed.status).toBe(200);
    expect((await person.c.get("/api/auth/user")).status).toBe(401);
    expect((await t.client().post("/api/auth/login", { email: person.email, password: person.password })).status).toBe(401);
    expect((await owner.c.get("/api/team")).body.members.some((m: { id: number }) => m.id === person.user.id)).toBe(false);
    const calls = await owner.c.get("/api/calls");
    expect(calls.body.some((call: { id: number }) => call.id === logged.body.id)).toBe(true);
  });

  it("another practice's members and invitations are 404s", async () => {
    const other = await newAccount(t, { plan: "team" });
    const person = await joinAs(t, owner.c, "member");
    const { invitation } = await invite(owner.c, "member");
    expect((await other.c.delete(`/api/team/members/${person.user.id}`)).status).toBe(404);
    expect((await other.c.put(`/api/team/members/${person.user.id}/role`, { role: "admin" })).status).toBe(404);
    expect((await other.c.delete(`/api/team/invitations/${invitation.id}`)).status).toBe(404);
    expect((await other.c.post(`/api/team/invitations/${invitation.id}/resend`, {})).status).toBe(404);
    expect((await other.c.get("/api/team")).body.members).toHaveLength(1);
  });

  it("a member cannot see or manage the team", async () => {
    const person = await joinAs(t, owner.c, "member");
    const team = await person.c.get("/api/team");
    expect(team.status).toBe(403);
    expect(team.body.message).toBe(
      "Your role (Member) does not allow this (it needs members:manage). Ask an owner or admin of your practice.",
    );
    expect((await person.c.post("/api/team/invitations", { email: "y@example.test", role: "admin" })).status).toBe(403);
  });
});
