import { randomBytes } from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import { priceDuration } from "../../src/core/pricing/price.js";
import type { BillingRules } from "../../src/core/pricing/rules.js";
import type { SessionUser } from "../../src/core/contracts/auth.js";
import type { ClientFormInput, ClientResponse } from "../../src/core/contracts/clients.js";
import type { Db } from "../../src/server/db/client.js";
import { calls, invoices, trackedEmails } from "../../src/server/db/schema/index.js";
import type { ApiClient } from "./api-client.js";
import type { TestApp } from "./test-app.js";

export type NewAccount = { email: string; password: string; firstName: string; lastName: string; user: SessionUser };

type SignUpFields = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  plan: string;
  billingCycle: string;
  timezone: string;
};

/** A valid create-subscription body (a fresh email unless given), for tests that send it themselves. */
export function signUpInput<T extends Record<string, unknown> = Partial<SignUpFields>>(overrides?: T): SignUpFields & T {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `user-${randomBytes(5).toString("hex")}@example.test`,
    password: "correct horse",
    plan: "individual",
    billingCycle: "monthly",
    timezone: "UTC",
    ...(overrides as T),
  };
}

/** Signs a client up through the real three-step API (create-subscription, complete-registration) and leaves it signed in. */
export async function signUp(client: ApiClient, overrides: Partial<SignUpFields> = {}): Promise<NewAccount> {
  const input = signUpInput(overrides);
  const started = await client.post("/api/auth/create-subscription", input);
  if (started.status !== 200) throw new Error(`create-subscription failed: ${started.status} ${started.text}`);
  const completed = await client.post<SessionUser>("/api/auth/complete-registration");
  if (completed.status !== 201) throw new Error(`complete-registration failed: ${completed.status} ${completed.text}`);
  return {
    email: input.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    user: completed.body,
  };
}

/** A signed-in account for a test: its client (cookie jar), who signed up, and the ids rows need. */
export type TestAccount = {
  c: ApiClient;
  account: NewAccount;
  accountId: number;
  userId: number;
  /** The test app's database, for the few records the API cannot make (see buildCall, buildEmail, buildInvoice). */
  db: Db;
};

/** What the record factories need of an account: its signed-in client, its id and the database. */
export type AccountRef = Pick<TestAccount, "c" | "accountId" | "db">;

/** Signs a new account up through the API on the test app and returns it signed in. */
export async function newAccount(t: TestApp, overrides: Partial<SignUpFields> = {}): Promise<TestAccount> {
  const c = t.client();
  const account = await signUp(c, overrides);
  return { c, account, accountId: account.user.accountId, userId: account.user.id, db: t.app.db };
}

/** Fields of POST /api/clients (the contract's input: rates as decimal strings). */
type ClientFields = Partial<ClientFormInput> & Record<string, unknown>;

/** Creates a client through POST /api/clients ("Acme Corp" with no billing rules of its own unless given). */
export async function buildClient(c: ApiClient, overrides: ClientFields = {}): Promise<ClientResponse> {
  const response = await c.post<ClientResponse>("/api/clients", { name: "Acme Corp", ...overrides });
  if (response.status !== 201) throw new Error(`create client failed: ${response.status} ${response.text}`);
  return response.body;
}

export type CallRow = typeof calls.$inferSelect;

export type CallOverrides = {
  clientId?: number | null;
  startedAt?: string | Date;
  durationSeconds?: number;
  callType?: string;
  platform?: string;
  notes?: string | null;
  /** Still running since `startedAt`: written to the database, since the API's timer can only start now. */
  active?: boolean;
  /** Priced with these rules rather than the client's: written to the database, since the API always uses the client's. */
  rules?: Partial<BillingRules>;
};

/**
 * An ended call, logged through POST /api/calls (so it is priced with the client's rules, as in
 * the product), answered as its database row. Only a running call in the past or a call with
 * rules of its own is written straight to the database.
 */
export async function buildCall(who: AccountRef, overrides: CallOverrides = {}): Promise<CallRow> {
  const startedAt = new Date(overrides.startedAt ?? "2026-01-05T10:00:00Z");
  const durationSeconds = overrides.durationSeconds ?? 1800;
  if (overrides.active || overrides.rules) return insertCall(who, { ...overrides, startedAt, durationSeconds });
  const response = await who.c.post<{ id: number }>("/api/calls", {
    ...(overrides.clientId == null ? {} : { clientId: overrides.clientId }),
    startTime: startedAt.toISOString(),
    duration: durationSeconds,
    callType: overrides.callType ?? "consultation",
    platform: overrides.platform ?? "zoom",
    notes: overrides.notes,
  });
  if (response.status !== 201) throw new Error(`log call failed: ${response.status} ${response.text}`);
  const row = await getCallRow(who.db, response.body.id);
  if (!row) throw new Error("logged call not found");
  return row;
}

/** The account's default rules as a new account has them (150.00 an hour, every started minute). */
const DEFAULT_RULES: BillingRules = { rateCents: 15000, billingType: "hour", minimumBillingMinutes: 0, roundingIncrementMinutes: 1 };

async function insertCall(
  who: AccountRef,
  options: CallOverrides & { startedAt: Date; durationSeconds: number },
): Promise<CallRow> {
  const [row] = await who.db.insert(calls).values(callValues(who, options)).returning();
  if (!row) throw new Error("call insert failed");
  return row;
}

/**
 * Many calls in one statement, written to the database and priced with the account's default rules
 * (or each one's own): for lists long enough to page through. Returned in insertion order.
 */
export async function buildCalls(who: AccountRef, list: (CallOverrides & { startedAt: string | Date })[]): Promise<CallRow[]> {
  const values = list.map((options) =>
    callValues(who, { ...options, startedAt: new Date(options.startedAt), durationSeconds: options.durationSeconds ?? 1800 }),
  );
  return who.db.insert(calls).values(values).returning();
}

function callValues(who: AccountRef, options: CallOverrides & { startedAt: Date; durationSeconds: number }) {
  const rules = { ...DEFAULT_RULES, ...options.rules };
  const ended = !options.active;
  const priced = priceDuration(options.durationSeconds, rules);
  return {
    accountId: who.accountId,
    clientId: options.clientId ?? null,
    platform: options.platform ?? "zoom",
    callType: options.callType ?? "consultation",
    notes: options.notes ?? null,
    startedAt: options.startedAt,
    endedAt: ended ? new Date(options.startedAt.getTime() + options.durationSeconds * 1000) : null,
    durationSeconds: ended ? options.durationSeconds : 0,
    billedSeconds: ended ? priced.billedSeconds : 0,
    ...rules,
    amountCents: ended ? priced.amountCents : 0,
    source: "manual",
  };
}

/** A call's row as the database holds it. */
export async function getCallRow(db: Db, id: number): Promise<CallRow | undefined> {
  const [row] = await db.select().from(calls).where(eq(calls.id, id));
  return row;
}

export type EmailRow = typeof trackedEmails.$inferSelect;

export type EmailOverrides = Partial<Omit<typeof trackedEmails.$inferInsert, "accountId" | "clientId" | "createdAt">> & {
  clientId: number;
  createdAt?: string | Date;
  /** The billed time; read and write time and the amount follow from it (at `rateCents` an hour). */
  seconds?: number;
};

/**
 * A tracked email, written to the database: the API dates a tracked email "now" and derives its
 * time from the word count, and tests need one at a given time with a given billed time. Priced
 * per hour with the one shared pricing function, every started minute.
 */
export async function buildEmail(who: AccountRef, overrides: EmailOverrides): Promise<EmailRow> {
  const { seconds = 900, createdAt = "2026-01-20T10:00:00Z", ...values } = overrides;
  const rateCents = values.rateCents ?? 15000;
  const priced = priceDuration(seconds, { ...DEFAULT_RULES, rateCents });
  const [row] = await who.db
    .insert(trackedEmails)
    .values({
      accountId: who.accountId,
      messageKey: `<${randomBytes(6).toString("hex")}@example.test>`,
      subject: "Re: Draft settlement agreement",
      emailType: "outbound",
      wordCount: 400,
      readSeconds: Math.floor(seconds / 3),
      writeSeconds: seconds - Math.floor(seconds / 3),
      billedSeconds: priced.billedSeconds,
      rateCents,
      amountCents: priced.amountCents,
      createdAt: new Date(createdAt),
      ...values,
    })
    .returning();
  if (!row) throw new Error("email insert failed");
  return row;
}

export type InvoiceRow = typeof invoices.$inferSelect;

export type InvoiceOverrides = Partial<Omit<typeof invoices.$inferInsert, "accountId" | "clientId">> & {
  clientId: number;
  /** Calls this invoice bills: they become invoiced (locked). */
  callIds?: number[];
};

/**
 * An invoice in any status, written to the database: the API makes only drafts from unbilled
 * work and moves them on only through sending (mail) and payment. Numbered after the account's
 * highest invoice unless given; `callIds` are marked as billed by it.
 */
export async function buildInvoice(who: AccountRef, overrides: InvoiceOverrides): Promise<InvoiceRow> {
  const { callIds = [], ...values } = overrides;
  const [last] = await who.db
    .select({ sequence: invoices.sequence })
    .from(invoices)
    .where(eq(invoices.accountId, who.accountId))
    .orderBy(desc(invoices.sequence))
    .limit(1);
  const sequence = values.sequence ?? (last?.sequence ?? 0) + 1;
  const [row] = await who.db
    .insert(invoices)
    .values({
      accountId: who.accountId,
      invoiceNumber: `INV-${String(sequence).padStart(4, "0")}`,
      sequence,
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      issuedOn: "2026-01-31",
      dueOn: "2026-03-02",
      ...values,
    })
    .returning();
  if (!row) throw new Error("invoice insert failed");
  if (callIds.length) await who.db.update(calls).set({ invoiceId: row.id }).where(inArray(calls.id, callIds));
  return row;
}
