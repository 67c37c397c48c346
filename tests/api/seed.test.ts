import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/server/auth/passwords.js";
import { generateSeed } from "../../src/server/seed/generate-seed.js";
import { insertSeed, type SeedResult } from "../../src/server/seed/insert-seed.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** `npm run seed`'s writer on a real database: the account signs in and every figure adds up. */
let t: TestApp;
let result: SeedResult;
const now = new Date();

beforeAll(async () => {
  t = await startTestApp();
  const plan = generateSeed({
    calls: 1500,
    clients: 200,
    years: 3,
    now,
    timezone: "Europe/Paris",
    rules: { rateCents: 15000, billingType: "hour", minimumBillingMinutes: 0, roundingIncrementMinutes: 1 },
    paymentTermsDays: 30,
    seed: 3,
  });
  result = await insertSeed(
    t.app.db,
    { email: "seeded@example.test", passwordHash: await hashPassword("seeded-pass"), firstName: "Dana", lastName: "W", profession: "lawyer", firmName: "W & P", timezone: "Europe/Paris" },
    plan,
    "INV-",
    now,
  );
});
afterAll(async () => t?.close());

const one = async (query: ReturnType<typeof sql>) => (await t.app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

describe("insertSeed", () => {
  it("writes 200 clients and every call, and the seeded user signs in", async () => {
    expect(result.clientIds).toHaveLength(200);
    const c = t.client();
    const login = await c.post("/api/auth/login", { email: "seeded@example.test", password: "seeded-pass" });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ firstName: "Dana", timezone: "Europe/Paris", firmName: "W & P" });
    const page = await c.get("/api/calls?limit=1000");
    expect(page.body).toHaveLength(1000);
    const counted = await one(sql`select count(*)::int as n from calls where account_id = ${result.accountId}`);
    expect(Number(counted.rows[0]?.n)).toBe(1500);
    expect((await c.get("/api/dashboard/stats")).status).toBe(200);
  });

  it("puts each invoiced call on exactly one item of its invoice, with matching totals", async () => {
    const check = await one(sql`
      select
        (select count(*)::int from calls where account_id = ${result.accountId} and invoice_id is not null) as invoiced,
        (select count(*)::int from invoice_items where account_id = ${result.accountId}) as items,
        (select count(*)::int from invoice_items i join calls c on c.id = i.call_id and c.invoice_id = i.invoice_id) as linked,
        (select count(*)::int from invoices v where v.account_id = ${result.accountId}
           and v.subtotal_cents <> (select coalesce(sum(amount_cents), 0) from invoice_items i where i.invoice_id = v.id)) as mismatched,
        (select next_invoice_sequence from accounts where id = ${result.accountId}) as next_sequence,
        (select count(*)::int from invoices where account_id = ${result.accountId}) as invoices`);
    const row = check.rows[0]!;
    expect(Number(row.invoiced)).toBeGreaterThan(1000);
    expect(Number(row.items)).toBe(Number(row.invoiced));
    expect(Number(row.linked)).toBe(Number(row.invoiced));
    expect(Number(row.mismatched)).toBe(0);
    expect(Number(row.next_sequence)).toBe(Number(row.invoices) + 1);
  });
});
