import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrations } from "../../src/server/db/schema/index.js";
import { openImap } from "../../src/server/emails/imap-connection.js";
import { newAccount } from "../helpers/factories.js";
import { mailboxRowOf, mailboxRowsOf } from "../helpers/mailbox-rows.js";
import { type ImapStandIn, startImapStandIn } from "../helpers/imap-stand-in.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 11, defects 2 and 3: a stored mailbox password goes only to the server it was saved for,
 * and the mailbox form is not a probe of the server's own network (loopback, private, link-local,
 * metadata addresses refused at save and at every connection), nor a way to send a password
 * unencrypted. Two IMAP stand-ins on loopback record whether a password reached them.
 */
const SECRET_A = "stored-secret-for-A";
const REQUIRED_AGAIN = "App password is required again when the server, port, TLS setting, username or provider changes";
const refusedMessage = (address: string) =>
  `Minutely does not connect to private or local network addresses (${address} is one). Use your mail provider's public IMAP server.`;

describe("a stored password is sent only where it was saved for (defect 2)", () => {
  let t: TestApp;
  let serverA: ImapStandIn;
  let serverB: ImapStandIn;
  beforeAll(async () => {
    t = await startTestApp();
    serverA = await startImapStandIn();
    serverB = await startImapStandIn();
  });
  afterAll(async () => {
    await serverA?.close();
    await serverB?.close();
    await t?.close();
  });

  it("refuses to point the stored password at another host and port; the test still signs in to A only", async () => {
    const { c, accountId } = await newAccount(t);
    const onA = { provider: "imap", host: "127.0.0.1", port: serverA.port, secure: false, username: "me@firm.test" };
    expect((await c.put("/api/integrations/email", { ...onA, password: SECRET_A })).status).toBe(200);
    const first = await c.post("/api/integrations/email/test");
    expect(first.status, first.text).toBe(200);
    expect(serverA.received(SECRET_A)).toBe(true);
    const saved = await mailboxRowOf(t.app.db, accountId);

    // The issue's request: the same settings with host B and no password.
    const moved = await c.put("/api/integrations/email", { ...onA, host: "localhost", port: serverB.port });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({
      error: "validation_error",
      message: REQUIRED_AGAIN,
      issues: [{ path: "password", message: "App password is required" }],
    });
    const tested = await c.post("/api/integrations/email/test");
    expect(tested.status, tested.text).toBe(200);
    expect(serverB.connections()).toBe(0);
    expect(serverB.received(SECRET_A)).toBe(false);
    const after = await mailboxRowOf(t.app.db, accountId);
    expect(after).toMatchObject({
      config: expect.objectContaining({ host: "127.0.0.1", port: serverA.port }),
      secretCiphertext: saved!.secretCiphertext,
    });
  });

  it("asks for the password again when the port, username, TLS setting or provider changes", async () => {
    const { c, accountId } = await newAccount(t);
    const onA = { provider: "imap", host: "127.0.0.1", port: serverA.port, secure: false, username: "me@firm.test" };
    await c.put("/api/integrations/email", { ...onA, password: SECRET_A });
    const saved = await mailboxRowOf(t.app.db, accountId);
    const changes: Record<string, unknown>[] = [
      { port: serverB.port },
      { username: "someone-else@firm.test" },
      { secure: true },
      { provider: "gmail" },
      { host: "127.0.0.2" },
    ];
    for (const change of changes) {
      const response = await c.put("/api/integrations/email", { ...onA, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.message).toBe(REQUIRED_AGAIN);
    }
    const after = await mailboxRowOf(t.app.db, accountId);
    expect(after).toEqual(saved);
  });

  it("keeps the password when only enabled, the address or the username's case change", async () => {
    const { c } = await newAccount(t);
    const onA = { provider: "imap", host: "127.0.0.1", port: serverA.port, secure: false, username: "me@firm.test" };
    await c.put("/api/integrations/email", { ...onA, password: SECRET_A });
    const kept = await c.put("/api/integrations/email", {
      ...onA,
      username: "Me@Firm.test",
      address: "billing@firm.test",
      enabled: true,
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body).toMatchObject({ hasPassword: true, address: "billing@firm.test", port: serverA.port });
    expect((await c.post("/api/integrations/email/test")).status).toBe(200);
  });

  it("sends a newly typed password to the new server, and never the old one", async () => {
    const { c } = await newAccount(t);
    const onA = { provider: "imap", host: "127.0.0.1", port: serverA.port, secure: false, username: "me@firm.test" };
    await c.put("/api/integrations/email", { ...onA, password: "old-secret-for-A" });
    const moved = await c.put("/api/integrations/email", { ...onA, port: serverB.port, password: "new-secret-for-B" });
    expect(moved.status).toBe(200);
    expect((await c.post("/api/integrations/email/test")).status).toBe(200);
    expect(serverB.received("new-secret-for-B")).toBe(true);
    expect(serverB.received("old-secret-for-A")).toBe(false);
  });
});

describe("private and local addresses refused (defect 3, ALLOW_PRIVATE_MAIL_HOSTS off)", () => {
  let t: TestApp;
  let standIn: ImapStandIn;
  beforeAll(async () => {
    t = await startTestApp({ allowPrivateMailHosts: false });
    standIn = await startImapStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
    await t?.close();
  });

  it("refuses loopback, private, link-local, metadata and mapped addresses when saving, without connecting", async () => {
    const { c, accountId } = await newAccount(t);
    const cases: [string, number, RegExp][] = [
      // A listening loopback server: a connection attempt would show up in its count.
      ["127.0.0.1", standIn.port, /\(127\.0\.0\.1 is one\)/],
      ["127.0.0.1", 5432, /\(127\.0\.0\.1 is one\)/],
      ["localhost", 993, /\((127\.0\.0\.1|::1) is one\)/],
      ["10.0.0.1", 993, /\(10\.0\.0\.1 is one\)/],
      ["169.254.169.254", 80, /\(169\.254\.169\.254 is one\)/],
      ["[::1]", 993, /\(::1 is one\)/],
      ["::ffff:127.0.0.1", 993, /\(::ffff:127\.0\.0\.1 is one\)/],
    ];
    for (const [host, port, named] of cases) {
      const response = await c.put("/api/integrations/email", {
        provider: "imap",
        host,
        port,
        secure: true,
        username: "probe@firm.test",
        password: "probe",
      });
      expect(response.status, host).toBe(400);
      expect(response.body.error).toBe("validation_error");
      expect(response.body.message).toMatch(/^Minutely does not connect to private or local network addresses \(/);
      expect(response.body.message).toMatch(named);
      expect(response.body.issues).toEqual([{ path: "host", message: response.body.message }]);
    }
    expect(standIn.connections()).toBe(0);
    expect(await mailboxRowsOf(t.app.db, accountId)).toEqual([]);
    expect(
      (await c.put("/api/integrations/email", { provider: "imap", host: "127.0.0.1", port: 5432, username: "u", password: "p" }))
        .body.message,
    ).toBe(refusedMessage("127.0.0.1"));
  });

  it("refuses at connect time too, before any socket opens (a row saved earlier, or a name that now resolves privately)", async () => {
    const { c, accountId } = await newAccount(t);
    // Gmail's preset is saved without a look-up; the row is then pointed at the stand-in, as a row
    // saved before this rule (or a name whose DNS answer changed since) would be.
    expect(
      (await c.put("/api/integrations/email", { provider: "gmail", username: "me@gmail.test", password: SECRET_A })).status,
    ).toBe(200);
    const row = await mailboxRowOf(t.app.db, accountId);
    await t.app.db
      .update(integrations)
      .set({ config: { ...row!.config, host: "127.0.0.1", port: standIn.port, secure: false } })
      .where(eq(integrations.id, row!.id));

    const tested = await c.post("/api/integrations/email/test");
    expect(tested.status).toBe(400);
    expect(tested.body.message).toBe(refusedMessage("127.0.0.1"));
    const searched = await c.post("/api/emails/search", { subjectQuery: "Contract" });
    expect(searched.status).toBe(400);
    expect(searched.body.message).toBe(refusedMessage("127.0.0.1"));
    expect(standIn.connections()).toBe(0);
    expect((await c.get("/api/integrations/email")).body.lastTestMessage).toBe(refusedMessage("127.0.0.1"));
  });
});

describe("no password sign-in without TLS (defect 3)", () => {
  const noStarttls = (host: string, port: number) =>
    `The mail server ${host}:${port} does not offer STARTTLS, and Minutely does not send your password unencrypted. Turn TLS on (usually port 993).`;

  it.each([
    ["does not advertise STARTTLS", false],
    ["advertises STARTTLS but refuses it", true],
  ])("refuses a server without TLS that %s, before LOGIN", async (_, starttls) => {
    const standIn = await startImapStandIn({ starttls });
    try {
      const target = {
        host: standIn.host,
        port: standIn.port,
        secure: false,
        username: "me@firm.test",
        auth: { kind: "password" as const, password: "never-in-clear" },
        allowPrivateHost: true,
      };
      await expect(openImap(target)).rejects.toMatchObject({ status: 502, message: noStarttls(standIn.host, standIn.port) });
      expect(standIn.received("never-in-clear")).toBe(false);
      expect(standIn.lines.some((line) => /LOGIN|AUTHENTICATE/i.test(line))).toBe(false);
    } finally {
      await standIn.close();
    }
  });

  it("signs in without TLS when the operator allows it (ALLOW_PRIVATE_MAIL_HOSTS=true)", async () => {
    const standIn = await startImapStandIn();
    try {
      const client = await openImap({
        host: standIn.host,
        port: standIn.port,
        secure: false,
        username: "me@firm.test",
        auth: { kind: "password", password: "allowed-in-clear" },
        allowPrivateHost: true,
        allowPlaintextLogin: true,
      });
      client.close();
      expect(standIn.received("allowed-in-clear")).toBe(true);
    } finally {
      await standIn.close();
    }
  });
});
