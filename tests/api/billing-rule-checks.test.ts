import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, newAccount } from "../helpers/factories.js";
import { dataChecksum } from "../helpers/data-checksum.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 12 item 1: the database holds billing rules to the values the engine knows (CHECK
 * constraints, migration 0004_billing_rule_checks), and a bad row that got in anyway (here: the
 * constraint dropped first) makes pricing fail loudly, where the old code billed it at 1 minute.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = { startTime: "2026-03-02T10:00:00.000Z", duration: 420 };
const inbound = {
  id: "<a@client.test>",
  subject: "Re: Lease",
  timestamp: "2026-03-02T10:00:00.000Z",
  wordCount: 450,
  isInbound: true,
};

/** The SQLSTATE of a refused statement (Drizzle wraps the driver's error in `cause`). */
async function sqlStateOf(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

describe("billing rule CHECK constraints", () => {
  it("refuse a rounding increment, billing type or minimum the billing engine does not know", async () => {
    const { accountId, c } = await newAccount(t);
    const client = await buildClient(c);
    const db = t.app.db;
    const refused = [
      sql`update accounts set rounding_increment_minutes = 7 where id = ${accountId}`,
      sql`update accounts set billing_type = 'day' where id = ${accountId}`,
      sql`update accounts set minimum_billing_minutes = -1 where id = ${accountId}`,
      sql`update accounts set minimum_billing_minutes = 1441 where id = ${accountId}`,
      sql`update clients set rounding_increment_minutes = 0 where id = ${client.id}`,
      sql`update clients set billing_type = 'sent' where id = ${client.id}`,
      sql`update clients set minimum_billing_minutes = -5 where id = ${client.id}`,
      sql`update calls set rounding_increment_minutes = 7 where account_id = ${accountId}`,
    ];
    await c.post("/api/calls", { ...call, clientId: client.id });
    const before = await dataChecksum(db);
    for (const statement of refused) expect(await sqlStateOf(db.execute(statement))).toBe("23514");
    expect(await dataChecksum(db)).toBe(before);
    // A client's null still means "the account's default".
    expect(
      await sqlStateOf(
        db.execute(sql`update clients set rounding_increment_minutes = null, billing_type = null where id = ${client.id}`),
      ),
    ).toBeUndefined();
  });
});

describe("a bad stored rule fails loudly", () => {
  it("an account's unknown rounding increment makes logging a call a 500 that writes nothing, not a call billed at 1 minute", async () => {
    const { accountId, c } = await newAccount(t);
    const db = t.app.db;
    await db.execute(sql`alter table accounts drop constraint accounts_rounding_increment_minutes_check`);
    try {
      await db.execute(sql`update accounts set rounding_increment_minutes = 7 where id = ${accountId}`);
      const before = await dataChecksum(db);
      const logged = await c.post("/api/calls", call);
      expect(logged.status).toBe(500);
      expect(logged.body.error).toBe("internal_error");
      const priced = await c.post("/api/emails/calculate-billing", { emails: [inbound], clientId: null });
      expect(priced.status).toBe(500);
      expect(await dataChecksum(db)).toBe(before);
    } finally {
      await db.execute(sql`update accounts set rounding_increment_minutes = 1 where id = ${accountId}`);
      await db.execute(
        sql`alter table accounts add constraint accounts_rounding_increment_minutes_check check (rounding_increment_minutes in (1, 6, 15, 30))`,
      );
    }
  });

  it("a client's unknown rounding increment makes pricing its call or email a 500, not a silent fall back to the account's", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c);
    const db = t.app.db;
    await db.execute(sql`alter table clients drop constraint clients_rounding_increment_minutes_check`);
    try {
      await db.execute(sql`update clients set rounding_increment_minutes = 7 where id = ${client.id}`);
      const before = await dataChecksum(db);
      expect((await c.post("/api/calls", { ...call, clientId: client.id })).status).toBe(500);
      expect((await c.post("/api/emails/calculate-billing", { emails: [inbound], clientId: client.id })).status).toBe(500);
      expect((await c.post("/api/emails/track", { emailData: inbound, clientId: client.id })).status).toBe(500);
      expect(await dataChecksum(db)).toBe(before);
    } finally {
      await db.execute(sql`update clients set rounding_increment_minutes = null where id = ${client.id}`);
      await db.execute(
        sql`alter table clients add constraint clients_rounding_increment_minutes_check check (rounding_increment_minutes in (1, 6, 15, 30))`,
      );
    }
  });
});
