import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NETSUITE_ACCOUNT_ID_MESSAGE } from "../../src/core/accounting/netsuite-account.js";
import { saveIntegration } from "../../src/server/integrations/integration-store.js";
import { secretBoxFor } from "../../src/server/http/secrets.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 23 defect 3: the NetSuite Account ID names the host the server calls, and
 * `127.0.0.1:37297/x?` made it open an https connection inside the server's own network. Here no
 * NETSUITE_BASE_URL is configured (the stand-in config is what tests use elsewhere), so the account
 * id alone decides the host, as in production. A listener on loopback counts every connection.
 */
let t: TestApp;
let a: TestAccount;
let listener: net.Server;
let port = 0;
let connections = 0;

const credentials = { consumerKey: "ck", consumerSecret: "cs-secret", tokenId: "ti", tokenSecret: "ts-secret" };

beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections++;
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 24\r\n\r\n{"title":"internal-only"}');
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  port = (listener.address() as net.AddressInfo).port;
  t = await startTestApp({ accounting: { endpoints: {}, timeoutMs: 2000 } });
  a = await newAccount(t);
});
afterAll(async () => {
  await t?.close();
  listener?.close();
});

describe("the NetSuite Account ID", () => {
  it("refuses the probe's account id with a 400 that says what an account id is, stores nothing and connects nowhere", async () => {
    for (const accountId of [`127.0.0.1:${port}/x?`, "localhost", "1234567.evil.test", "1234567_SB1/x", "169.254.169.254"]) {
      const response = await expectNothingChanged(t.app.db, () =>
        a.c.post("/api/financial-integrations", { integrationId: "netsuite", config: { accountId, ...credentials } }),
      );
      expect(response.status, accountId).toBe(400);
      expect(response.body.message).toBe(NETSUITE_ACCOUNT_ID_MESSAGE);
      expect(response.text).not.toContain("internal-only");
    }
    expect(connections).toBe(0);
  });

  it("accepts NetSuite's own forms of the id (digits, _SB<n> and _RP<n>, any case) as far as the form goes", async () => {
    for (const accountId of ["1234567", "1234567_SB1", "1234567_sb2", "1234567-RP1"]) {
      const response = await a.c.post("/api/financial-integrations", {
        integrationId: "netsuite",
        // A missing secret stops the save after the contract: the id itself was accepted.
        config: { accountId, consumerKey: "ck", consumerSecret: "cs", tokenId: "ti" },
      });
      expect(response.status, accountId).toBe(400);
      expect(response.body.message).toBe("Token Secret is required");
    }
  });

  it("a row stored before the rule is refused at its next call, without a connection", async () => {
    // Written as an older version would have: the id straight into the row, the secrets sealed.
    const row = await saveIntegration(
      t.app.db,
      secretBoxFor(t.app.config),
      { accountId: a.accountId, userId: null, kind: "accounting", provider: "netsuite" },
      {
        enabled: true,
        status: "connected",
        config: { accountId: `127.0.0.1:${port}/x?`, consumerKey: "ck", tokenId: "ti" },
        secret: { consumerSecret: "cs-secret", tokenSecret: "ts-secret" },
      },
      new Date(),
    );
    const update = await a.c.put(`/api/financial-integrations/${row.id}`, { config: { subsidiaryId: "1" } });
    expect(update.status).toBe(200);
    expect(update.body.message).toContain(NETSUITE_ACCOUNT_ID_MESSAGE);
    expect(connections).toBe(0);
  });
});
