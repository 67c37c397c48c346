import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { eq } from "drizzle-orm";
import { formatInvoiceNumber, sequenceAfter } from "../../core/invoices.js";
import type { Db } from "../db/client.js";
import { accounts, clients, invoices, users } from "../db/schema/index.js";
import { type BulkColumn, type BulkValue, unnestInsert } from "./bulk-insert.js";
import type { SeedCall, SeedPlan } from "./generate-seed.js";

/** Rows per INSERT: about 20 columns each stays well under PostgreSQL's 65,535 parameters. */
const BATCH = 2000;
/** Rows per INSERT … SELECT FROM unnest(…): one parameter per column, so batches can be large. */
const BULK_BATCH = 10_000;

type ItemRow = { invoiceId: number; position: number; callId: number; call: SeedCall };

export type SeedAccount = { email: string; passwordHash: string; firstName: string; lastName: string; profession: string; firmName: string; timezone: string };

export type SeedResult = { accountId: number; userId: number; clientIds: number[]; calls: number; invoices: number; busiestClientId: number };

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

/** Writes a generated plan as one account in one transaction, in multi-row INSERT batches. */
export async function insertSeed(db: Db, account: SeedAccount, plan: SeedPlan, invoicePrefix: string, now: Date): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const [accountRow] = await tx
      .insert(accounts)
      .values({ firmName: account.firmName, timezone: account.timezone, invoicePrefix, subscriptionStatus: "active", createdAt: now, updatedAt: now })
      .returning();
    if (!accountRow) throw new Error("account insert returned nothing");
    const accountId = accountRow.id;
    const [user] = await tx
      .insert(users)
      .values({
        accountId,
        email: account.email,
        passwordHash: account.passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        profession: account.profession,
      })
      .returning();
    if (!user) throw new Error("user insert returned nothing");

    const clientIds: number[] = [];
    await inBatches(plan.clients, async (batch) => {
      const rows = await tx
        .insert(clients)
        .values(batch.map((client) => ({ accountId, ...client, updatedAt: client.createdAt })))
        .returning({ id: clients.id });
      clientIds.push(...rows.map((row) => row.id));
    });

    const invoiceIds = new Map<number, number>();
    await inBatches(plan.invoices, async (batch) => {
      const rows = await tx
        .insert(invoices)
        .values(
          batch.map((invoice) => ({
            accountId,
            clientId: clientIds[invoice.clientIndex] as number,
            invoiceNumber: formatInvoiceNumber(invoicePrefix, invoice.sequence),
            sequence: invoice.sequence,
            dateFrom: invoice.dateFrom,
            dateTo: invoice.dateTo,
            issuedOn: invoice.issuedOn,
            dueOn: invoice.dueOn,
            status: invoice.status,
            subtotalCents: invoice.subtotalCents,
            totalCents: invoice.subtotalCents,
            totalCalls: invoice.totalCalls,
            totalDurationSeconds: invoice.totalDurationSeconds,
            sentAt: invoice.status === "draft" ? null : invoice.createdAt,
            createdAt: invoice.createdAt,
            updatedAt: invoice.createdAt,
          })),
        )
        .returning({ id: invoices.id, sequence: invoices.sequence });
      for (const row of rows) invoiceIds.set(row.sequence, row.id);
    });

    const items: ItemRow[] = [];
    const positions = new Map<number, number>();
    const indexed = plan.calls.map((call, index) => ({ call, index }));
    for (let i = 0; i < indexed.length; i += BULK_BATCH) {
      const batch = indexed.slice(i, i + BULK_BATCH);
      const column = (name: string, type: BulkColumn["type"], value: (entry: (typeof batch)[number]) => BulkValue): BulkColumn => ({
        name,
        type,
        values: batch.map(value),
      });
      const rows = await unnestInsert<{ id: number; external_id: string; invoice_id: number | null }>(
        tx,
        "calls",
        [
          column("account_id", "int", () => accountId),
          column("client_id", "int", ({ call }) => (call.clientIndex === null ? null : (clientIds[call.clientIndex] as number))),
          column("platform", "text", ({ call }) => call.platform),
          column("call_type", "text", ({ call }) => call.callType),
          column("notes", "text", ({ call }) => call.notes),
          column("started_at", "timestamptz", ({ call }) => call.startedAt),
          column("ended_at", "timestamptz", ({ call }) => call.endedAt),
          column("duration_seconds", "int", ({ call }) => call.durationSeconds),
          column("billed_seconds", "int", ({ call }) => call.billedSeconds),
          column("rate_cents", "int", ({ call }) => call.rateCents),
          column("billing_type", "text", ({ call }) => call.billingType),
          column("minimum_billing_minutes", "int", ({ call }) => call.minimumBillingMinutes),
          column("rounding_increment_minutes", "int", ({ call }) => call.roundingIncrementMinutes),
          column("amount_cents", "int", ({ call }) => call.amountCents),
          column("invoice_id", "int", ({ call }) => (call.invoiceIndex === null ? null : (invoiceIds.get(call.invoiceIndex + 1) ?? null))),
          column("source", "text", () => "seed"),
          column("external_id", "text", ({ index }) => `seed-${index}`),
          column("created_at", "timestamptz", ({ call }) => call.endedAt),
          column("updated_at", "timestamptz", ({ call }) => call.endedAt),
        ],
        "id, external_id, invoice_id",
      );
      for (const row of rows) {
        if (row.invoice_id === null) continue;
        const call = plan.calls[Number(row.external_id.slice(5))];
        if (!call) continue;
        const invoiceId = Number(row.invoice_id);
        const position = (positions.get(invoiceId) ?? 0) + 1;
        positions.set(invoiceId, position);
        items.push({ invoiceId, position, callId: Number(row.id), call });
      }
    }
    for (let i = 0; i < items.length; i += BULK_BATCH) {
      const batch = items.slice(i, i + BULK_BATCH);
      const column = (name: string, type: BulkColumn["type"], value: (item: ItemRow) => BulkValue): BulkColumn => ({ name, type, values: batch.map(value) });
      await unnestInsert(tx, "invoice_items", [
        column("account_id", "int", () => accountId),
        column("invoice_id", "int", (item) => item.invoiceId),
        column("position", "int", (item) => item.position),
        column("kind", "text", () => "call"),
        column("call_id", "int", (item) => item.callId),
        column("source_id", "int", (item) => item.callId),
        column("work_date", "date", (item) => format(new TZDate(item.call.startedAt.getTime(), account.timezone), "yyyy-MM-dd")),
        column("description", "text", (item) => item.call.callType),
        column("duration_seconds", "int", (item) => item.call.durationSeconds),
        column("billed_seconds", "int", (item) => item.call.billedSeconds),
        column("rate_cents", "int", (item) => item.call.rateCents),
        column("billing_type", "text", (item) => item.call.billingType),
        column("amount_cents", "int", (item) => item.call.amountCents),
      ]);
    }
    await tx
      .update(accounts)
      .set({ nextInvoiceSequence: sequenceAfter(plan.invoices.length) })
      .where(eq(accounts.id, accountId));

    const counts = new Map<number, number>();
    for (const call of plan.calls) if (call.clientIndex !== null) counts.set(call.clientIndex, (counts.get(call.clientIndex) ?? 0) + 1);
    const busiest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
    return { accountId, userId: user.id, clientIds, calls: plan.calls.length, invoices: plan.invoices.length, busiestClientId: clientIds[busiest] as number };
  });
}
