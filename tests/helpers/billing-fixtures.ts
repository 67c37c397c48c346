import { eq } from "drizzle-orm";
import { priceDuration } from "../../src/core/billing/price.js";
import type { BillingType } from "../../src/core/billing/rules.js";
import type { Db } from "../../src/server/db/client.js";
import { accounts, calls, clients, trackedEmails } from "../../src/server/db/schema/index.js";

/**
 * Rows for invoice tests, written straight into the test database (the calls and clients
 * features have their own API tests). Calls are priced with the one shared pricing function.
 */

export async function insertClient(
  db: Db,
  accountId: number,
  overrides: Partial<typeof clients.$inferInsert> = {},
): Promise<typeof clients.$inferSelect> {
  const [row] = await db
    .insert(clients)
    .values({
      accountId,
      name: "Acme Holdings",
      email: "billing@acme.example",
      company: "Acme Group",
      phone: "+1 555-010-2000",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("client insert failed");
  return row;
}

export async function insertCall(
  db: Db,
  accountId: number,
  options: {
    clientId: number | null;
    startedAt: string | Date;
    durationSeconds?: number;
    rateCents?: number;
    billingType?: BillingType;
    ended?: boolean;
    callType?: string;
    platform?: string;
    notes?: string | null;
  },
): Promise<typeof calls.$inferSelect> {
  const startedAt = new Date(options.startedAt);
  const durationSeconds = options.durationSeconds ?? 1800;
  const rules = {
    rateCents: options.rateCents ?? 15000,
    billingType: options.billingType ?? "hour",
    minimumBillingMinutes: 0,
    roundingIncrementMinutes: 6 as const,
  };
  const priced = priceDuration(durationSeconds, rules);
  const ended = options.ended ?? true;
  const [row] = await db
    .insert(calls)
    .values({
      accountId,
      clientId: options.clientId,
      platform: options.platform ?? "zoom",
      callType: options.callType ?? "consultation",
      notes: options.notes ?? null,
      startedAt,
      endedAt: ended ? new Date(startedAt.getTime() + durationSeconds * 1000) : null,
      durationSeconds: ended ? durationSeconds : 0,
      billedSeconds: ended ? priced.billedSeconds : 0,
      rateCents: rules.rateCents,
      billingType: rules.billingType,
      minimumBillingMinutes: rules.minimumBillingMinutes,
      roundingIncrementMinutes: rules.roundingIncrementMinutes,
      amountCents: ended ? priced.amountCents : 0,
      source: "manual",
    })
    .returning();
  if (!row) throw new Error("call insert failed");
  return row;
}

export async function insertEmail(
  db: Db,
  accountId: number,
  options: { clientId: number; createdAt: string | Date; subject?: string; seconds?: number; rateCents?: number },
): Promise<typeof trackedEmails.$inferSelect> {
  const seconds = options.seconds ?? 900;
  const rateCents = options.rateCents ?? 15000;
  const priced = priceDuration(seconds, {
    rateCents,
    billingType: "hour",
    minimumBillingMinutes: 0,
    roundingIncrementMinutes: 6,
  });
  const [row] = await db
    .insert(trackedEmails)
    .values({
      accountId,
      clientId: options.clientId,
      messageKey: `<${Math.random().toString(36).slice(2)}@example.test>`,
      subject: options.subject ?? "Re: Draft settlement agreement",
      emailType: "outbound",
      wordCount: 400,
      readSeconds: Math.floor(seconds / 3),
      writeSeconds: seconds - Math.floor(seconds / 3),
      billedSeconds: priced.billedSeconds,
      rateCents,
      amountCents: priced.amountCents,
      createdAt: new Date(options.createdAt),
    })
    .returning();
  if (!row) throw new Error("email insert failed");
  return row;
}

export async function setAccount(db: Db, accountId: number, values: Partial<typeof accounts.$inferInsert>): Promise<void> {
  await db.update(accounts).set(values).where(eq(accounts.id, accountId));
}

export async function getCallRow(db: Db, id: number): Promise<typeof calls.$inferSelect | undefined> {
  const [row] = await db.select().from(calls).where(eq(calls.id, id));
  return row;
}
