import { readFileSync, readdirSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackedEmails } from "../../src/server/db/schema/index.js";
import { secretBoxFor } from "../../src/server/http/secrets.js";
import type { ApiClient } from "../helpers/api-client.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { inbound450 } from "../helpers/email-fixtures.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { type ImapStandIn, startImapStandIn } from "../helpers/imap-stand-in.js";
import { mailboxRowOf, mailboxRowsOf, openMailboxSecret } from "../helpers/mailbox-rows.js";
import { joinAs } from "../helpers/team.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 26 §2 and issue 24 §1 for mailboxes: each member connects their own mailbox (a row of the
 * integrations store, sealed with the member in its context); tests, searches and tracked emails use
 * and belong to the caller's own; another member's or practice's mailbox is a 404 wherever an id can
 * name it; the Settings list shows every member's mailbox with its status only; and a mailbox sealed
 * in the old email_integrations table still signs in after migration 0029 moved it.
 */
const OWNER_SECRET = "owner-mailbox-app-password";
const MEMBER_SECRET = "member-mailbox-app-password";

let t: TestApp;
let server: ImapStandIn;
let owner: TestAccount;
let member: { c: ApiClient; userId: number };
let stranger: TestAccount;

const onStandIn = (username: string) => ({
  provider: "imap",
  host: "127.0.0.1",
  port: server.port,
  secure: false,
  username,
});

beforeAll(async () => {
  t = await startTestApp();
  server = await startImapStandIn();
  owner = await newAccount(t, { plan: "team" });
  const joined = await joinAs(t, owner.c, "member");
  member = { c: joined.c, userId: joined.user.id };
  stranger = await newAccount(t);
  expect((await owner.c.put("/api/integrations/email", { ...onStandIn("owner@firm.test"), password: OWNER_SECRET })).status).toBe(200);
  expect((await member.c.put("/api/integrations/email", { ...onStandIn("member@firm.test"), password: MEMBER_SECRET })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe("each member's own mailbox", () => {
  it("keeps one row per member, sealed with the member in its context", async () => {
    const rows = await mailboxRowsOf(t.app.db, owner.accountId);
    expect(rows.map((row) => row.userId).sort()).toEqual([owner.userId, member.userId].sort());
    const mine = (await mailboxRowOf(t.app.db, owner.accountId, member.userId))!;
    expect(mine).toMatchObject({ kind: "mailbox", provider: "imap", secretVersion: 2, status: "awaiting_events" });
    expect(openMailboxSecret(t.app.config, mine)).toEqual({ kind: "password", password: MEMBER_SECRET });
    expect((await member.c.get("/api/integrations/email")).body).toMatchObject({
      username: "member@firm.test",
      status: "saved",
      hasPassword: true,
    });
    expect((await owner.c.get("/api/integrations/email")).body).toMatchObject({ username: "owner@firm.test" });
  });

  it("signs in with the caller's own password only, and the status follows the test", async () => {
    const tested = await member.c.post("/api/integrations/email/test");
    expect(tested.status, tested.text).toBe(200);
    expect(server.received(MEMBER_SECRET)).toBe(true);
    expect(server.received(OWNER_SECRET)).toBe(false);
    expect((await member.c.get("/api/integrations/email")).body).toMatchObject({ status: "connected" });
    expect((await owner.c.get("/api/integrations/email")).body).toMatchObject({ status: "saved", lastTestedAt: null });
  });

  it("attributes an email the member tracks to the member", async () => {
    const client = await buildClient(owner.c, { name: "Mailbox Client" });
    const tracked = await member.c.post("/api/emails/track", { emailData: inbound450, clientId: client.id });
    expect(tracked.status, tracked.text).toBe(201);
    const [row] = await t.app.db.select().from(trackedEmails).where(eq(trackedEmails.clientId, client.id));
    expect(row!.userId).toBe(member.userId);
  });

  it("lists every member's mailbox with its status for the owner, and only their own for a member; never a secret", async () => {
    const everyone = await owner.c.get("/api/integrations/connections");
    expect(everyone.status).toBe(200);
    const mailboxes = everyone.body.connections.filter((row: { source: string }) => row.source === "mailbox");
    expect(mailboxes).toHaveLength(2);
    expect(mailboxes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: "Mailbox", provider: "imap", status: "connected", member: expect.objectContaining({ id: member.userId }) }),
        expect.objectContaining({ status: "awaiting_events", member: expect.objectContaining({ id: owner.userId, isYou: true }) }),
      ]),
    );
    expect(everyone.text).not.toMatch(/mailbox-app-password|127\.0\.0\.1/);
    const own = await member.c.get("/api/integrations/connections");
    expect(own.body.connections).toEqual([expect.objectContaining({ source: "mailbox", member: expect.objectContaining({ isYou: true }) })]);
  });

  it("answers 404 for another member's or another practice's mailbox id, and changes nothing", async () => {
    const ownerRow = (await mailboxRowOf(t.app.db, owner.accountId, owner.userId))!;
    const memberRow = (await mailboxRowOf(t.app.db, owner.accountId, member.userId))!;
    await expectNothingChanged(t.app.db, async () => {
      expect((await member.c.get(`/api/integrations/connections/${ownerRow.id}`)).status).toBe(404);
      expect((await member.c.delete(`/api/integrations/connections/${ownerRow.id}`)).status).toBe(404);
      // Owner and admin see every member's, but disconnect only their own.
      expect((await owner.c.delete(`/api/integrations/connections/${memberRow.id}`)).status).toBe(404);
      for (const id of [ownerRow.id, memberRow.id]) {
        expect((await stranger.c.get(`/api/integrations/connections/${id}`)).status).toBe(404);
        expect((await stranger.c.delete(`/api/integrations/connections/${id}`)).status).toBe(404);
      }
      expect((await stranger.c.get("/api/integrations/email")).body).toMatchObject({ enabled: false, username: null });
      expect((await stranger.c.delete("/api/integrations/email")).status).toBe(404);
      expect((await stranger.c.post("/api/integrations/email/test")).status).toBe(409);
    });
  });

  it("refuses bad input and a role without integrations:connect-own, changing nothing", async () => {
    const billing = await joinAs(t, owner.c, "billing");
    await expectNothingChanged(t.app.db, async () => {
      const bad = await member.c.put("/api/integrations/email", { ...onStandIn("member@firm.test"), port: 0 });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/Port must be a whole number from 1 to 65535/);
      const forbidden = await billing.c.put("/api/integrations/email", { ...onStandIn("b@firm.test"), password: "x" });
      expect(forbidden.status).toBe(403);
      expect((await billing.c.post("/api/integrations/email/test")).status).toBe(403);
    });
  });

  it("is a 'mailbox' in the audit trail: the password only as (set), no row for a test's outcome", async () => {
    const who = await newAccount(t);
    expect((await who.c.put("/api/integrations/email", { ...onStandIn("audit@firm.test"), password: "audit-NEVER-SHOWN" })).status).toBe(200);
    expect((await who.c.post("/api/integrations/email/test")).status).toBe(200);
    const log = await who.c.get("/api/audit?entity=mailbox");
    expect(log.status).toBe(200);
    expect(log.body.events).toHaveLength(1);
    expect(log.body.events[0]).toMatchObject({ entity: "mailbox", action: "created" });
    expect(log.body.events[0].changes).toContainEqual(expect.objectContaining({ field: "secret_ciphertext", after: "(set)" }));
    expect(JSON.stringify(log.body)).not.toContain("NEVER-SHOWN");
    expect((await who.c.get("/api/audit?entity=integration")).body.events).toEqual([]);
  });

  it("a member disconnecting their mailbox leaves the owner's", async () => {
    const memberRow = (await mailboxRowOf(t.app.db, owner.accountId, member.userId))!;
    const gone = await member.c.delete(`/api/integrations/connections/${memberRow.id}`);
    expect(gone.status).toBe(200);
    expect((await member.c.get("/api/integrations/email")).body).toMatchObject({ enabled: false });
    expect((await owner.c.get("/api/integrations/email")).body).toMatchObject({ enabled: true, hasPassword: true });
    expect(await mailboxRowsOf(t.app.db, owner.accountId)).toHaveLength(1);
  });
});

/** The statement of migration 0029 that copies the old table's rows into the store. */
function copyStatement(): string {
  const file = readdirSync("drizzle").find((name) => /^\d{4}_mailboxes_on_integrations\.sql$/.test(name))!;
  const statements = readFileSync(`drizzle/${file}`, "utf8").split("--> statement-breakpoint");
  return statements.find((statement) => statement.includes('INSERT INTO "integrations"'))!;
}

describe("a mailbox sealed in the old email_integrations table (migration 0029)", () => {
  it("is copied to its account's owner, still signs in, and is sealed anew by the next save", async () => {
    const practice = await newAccount(t, { plan: "team" });
    const colleague = await joinAs(t, practice.c, "member");
    const box = secretBoxFor(t.app.config);
    const legacy = "legacy-app-password-before-0029";
    // As the old code stored it: one row per account, the secret bound to the account only.
    const ciphertext = box.encryptJson({ kind: "password", password: legacy }, `email_integrations:${practice.accountId}`);
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table email_integrations (
        account_id integer not null, enabled boolean not null, provider text not null, host text not null,
        port integer not null, secure boolean not null, username text not null, address text, auth_type text not null,
        secret_ciphertext text, token_expires_at timestamptz, last_tested_at timestamptz, last_test_message text,
        created_at timestamptz not null, updated_at timestamptz not null) on commit drop`);
      await tx.execute(sql`insert into email_integrations values (${practice.accountId}, true, 'imap', '127.0.0.1',
        ${server.port}, false, 'legacy@firm.test', 'legacy@firm.test', 'password', ${ciphertext}, null,
        '2026-03-01T09:00:00Z', 'Signed in to 127.0.0.1 as legacy@firm.test.', now(), now())`);
      await tx.execute(sql.raw(copyStatement()));
    });

    const moved = (await mailboxRowOf(t.app.db, practice.accountId))!;
    expect(moved).toMatchObject({
      userId: practice.userId,
      kind: "mailbox",
      provider: "imap",
      secretVersion: 0,
      status: "connected",
      config: expect.objectContaining({ host: "127.0.0.1", port: server.port, lastTestedAt: Date.parse("2026-03-01T09:00:00Z") }),
    });
    expect((await practice.c.get("/api/integrations/email")).body).toMatchObject({
      enabled: true,
      status: "connected",
      username: "legacy@firm.test",
      hasPassword: true,
      lastTestedAt: "2026-03-01T09:00:00.000Z",
    });
    // The colleague has no mailbox: the old one is the owner's.
    expect((await colleague.c.get("/api/integrations/email")).body).toMatchObject({ enabled: false });

    const tested = await practice.c.post("/api/integrations/email/test");
    expect(tested.status, tested.text).toBe(200);
    expect(server.received(legacy)).toBe(true);

    // Saving without a password keeps it, sealed now with the store's context; it still signs in.
    const saved = await practice.c.put("/api/integrations/email", { ...onStandIn("legacy@firm.test"), address: "billing@firm.test" });
    expect(saved.status, saved.text).toBe(200);
    const resealed = (await mailboxRowOf(t.app.db, practice.accountId))!;
    expect(resealed.secretVersion).toBe(2);
    expect(resealed.secretCiphertext).not.toBe(ciphertext);
    expect(openMailboxSecret(t.app.config, resealed)).toEqual({ kind: "password", password: legacy });
    expect((await practice.c.post("/api/integrations/email/test")).status).toBe(200);
  });
});
