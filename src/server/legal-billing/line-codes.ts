import { and, eq } from "drizzle-orm";
import type { LineCodesJson } from "../../core/contracts/legal-billing.js";
import { AppError, conflict, notFound } from "../../core/errors.js";
import type { LineCodes } from "../../core/ledes/legal-codes.js";
import type { Db } from "../db/client.js";
import {
  accounts,
  calls,
  invoiceItems,
  invoiceLedesChecks,
  invoices,
  legalLineCodes,
  trackedEmails,
} from "../db/schema/index.js";
import { requireClientMatter } from "./matters.js";
import { resolveItemCodes } from "./resolve-item-codes.js";

/** What a code row is attached to: a call, a tracked email or an invoice line. */
export type CodesTarget = { kind: "call" | "email" | "item"; id: number };

type Owner = { clientId: number | null; locked: string | null };

/** The target's client, and why it may not be recoded (invoiced, or its invoice is no longer a draft). */
async function findOwner(db: Db, accountId: number, target: CodesTarget): Promise<Owner> {
  if (target.kind === "call") {
    const [row] = await db
      .select({ clientId: calls.clientId, invoiceId: calls.invoiceId })
      .from(calls)
      .where(and(eq(calls.accountId, accountId), eq(calls.id, target.id)));
    if (!row) throw notFound("Call");
    return {
      clientId: row.clientId,
      locked: row.invoiceId === null ? null : "This call is invoiced: change its codes on the invoice's lines instead",
    };
  }
  if (target.kind === "email") {
    const [row] = await db
      .select({ clientId: trackedEmails.clientId, invoiceId: trackedEmails.invoiceId })
      .from(trackedEmails)
      .where(and(eq(trackedEmails.accountId, accountId), eq(trackedEmails.id, target.id)));
    if (!row) throw notFound("Email");
    return {
      clientId: row.clientId,
      locked: row.invoiceId === null ? null : "This email is invoiced: change its codes on the invoice's lines instead",
    };
  }
  const [row] = await db
    .select({ clientId: invoices.clientId, status: invoices.status, invoiceNumber: invoices.invoiceNumber })
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
    .where(and(eq(invoiceItems.accountId, accountId), eq(invoiceItems.id, target.id)));
  if (!row) throw notFound("Invoice line");
  const locked =
    row.status === "draft"
      ? null
      : `Invoice ${row.invoiceNumber} is ${row.status}: a sent invoice is never edited; void it and generate a replacement`;
  return { clientId: row.clientId, locked };
}

const targetColumn = (target: CodesTarget) =>
  target.kind === "call"
    ? legalLineCodes.callId
    : target.kind === "email"
      ? legalLineCodes.emailId
      : legalLineCodes.invoiceItemId;

/** The codes chosen for the target itself and what it is billed with once the defaults apply. */
export async function getLineCodes(db: Db, options: { accountId: number; target: CodesTarget }): Promise<LineCodesJson> {
  const { accountId, target } = options;
  const owner = await findOwner(db, accountId, target);
  const [row] = await db
    .select()
    .from(legalLineCodes)
    .where(and(eq(legalLineCodes.accountId, accountId), eq(targetColumn(target), target.id)));
  const chosen: LineCodes = {
    matterId: row?.matterId ?? null,
    taskCode: row?.taskCode ?? null,
    activityCode: row?.activityCode ?? null,
  };
  if (owner.clientId === null) return { chosen, billedWith: chosen };
  const [account] = await db.select({ phoneCountry: accounts.phoneCountry }).from(accounts).where(eq(accounts.id, accountId));
  // The same resolution an invoice line gets, for a line that would bill this call or email.
  const probe =
    target.kind === "item" ? await itemProbe(db, accountId, target.id) : { id: 0, kind: target.kind, sourceId: target.id };
  const resolved = await resolveItemCodes(db, {
    accountId,
    clientId: owner.clientId,
    phoneCountry: account?.phoneCountry ?? "US",
    items: [probe],
  });
  return { chosen, billedWith: resolved.get(probe.id) ?? chosen };
}

async function itemProbe(db: Db, accountId: number, itemId: number) {
  const [item] = await db
    .select({ id: invoiceItems.id, kind: invoiceItems.kind, sourceId: invoiceItems.sourceId })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.accountId, accountId), eq(invoiceItems.id, itemId)));
  if (!item) throw notFound("Invoice line");
  return item;
}

/**
 * Chooses the matter and codes of a call, an email or a draft invoice's line. Refused for an
 * invoiced call or email (409: recode the invoice line) and for a line of a sent invoice (D9);
 * the matter must be one of the same client's.
 */
export async function setLineCodes(
  db: Db,
  options: { accountId: number; target: CodesTarget; codes: LineCodes; now: Date },
): Promise<LineCodesJson> {
  const { accountId, target, codes, now } = options;
  const owner = await findOwner(db, accountId, target);
  if (owner.locked) throw conflict(owner.locked);
  if (codes.matterId !== null) {
    if (owner.clientId === null) throw new AppError("bad_request", "Assign a client to this call before choosing a matter");
    await requireClientMatter(db, { accountId, clientId: owner.clientId, matterId: codes.matterId });
  }
  const values = { ...codes, updatedAt: now };
  await db
    .insert(legalLineCodes)
    .values({
      accountId,
      callId: target.kind === "call" ? target.id : null,
      emailId: target.kind === "email" ? target.id : null,
      invoiceItemId: target.kind === "item" ? target.id : null,
      ...values,
    })
    .onConflictDoUpdate({ target: targetColumn(target), set: values });
  if (target.kind === "item") {
    // A recoded line makes the invoice's "checked" mark stale: it must be checked again.
    const [item] = await db
      .select({ invoiceId: invoiceItems.invoiceId })
      .from(invoiceItems)
      .where(eq(invoiceItems.id, target.id));
    if (item)
      await db
        .delete(invoiceLedesChecks)
        .where(and(eq(invoiceLedesChecks.accountId, accountId), eq(invoiceLedesChecks.invoiceId, item.invoiceId)));
  }
  return getLineCodes(db, { accountId, target });
}
