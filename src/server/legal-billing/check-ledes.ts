import { and, eq } from "drizzle-orm";
import type { LedesCheckJson } from "../../core/contracts/legal-billing.js";
import { conflict } from "../../core/errors.js";
import type { LedesFormat } from "../../core/ledes/model.js";
import { type LedesIssue, validateLedesFile } from "../../core/ledes/validate-ledes.js";
import { writeLedes } from "../../core/ledes/write-ledes.js";
import { isoInstant } from "../../core/iso-instant.js";
import type { Db } from "../db/client.js";
import { invoiceLedesChecks } from "../db/schema/index.js";
import { presentMatter } from "./matters.js";
import { type LoadedLedesInvoice, loadLedesInvoice } from "./load-ledes-invoice.js";

const LEGAL_BILLING_OFF = "Legal e-billing is off: turn it on in Settings → Billing → Legal e-billing first";

/** The file exactly as it would be downloaded, and the validator's answer on those very bytes. */
export async function buildLedesFile(db: Db, options: { accountId: number; invoiceId: number; format: LedesFormat }) {
  const loaded = await loadLedesInvoice(db, options);
  if (!loaded.enabled) throw conflict(LEGAL_BILLING_OFF);
  const file = writeLedes(options.format, loaded.ledes);
  const issues = validateLedesFile(options.format, file.text, loaded.context);
  return { loaded, file, issues };
}

/** "Export LEDES …" before download: every issue, tied to the invoice line it is about, and the lines to recode. */
export async function checkLedes(
  db: Db,
  options: { accountId: number; invoiceId: number; format: LedesFormat },
): Promise<LedesCheckJson> {
  const { loaded, file, issues } = await buildLedesFile(db, options);
  const [check] = await db
    .select()
    .from(invoiceLedesChecks)
    .where(and(eq(invoiceLedesChecks.accountId, options.accountId), eq(invoiceLedesChecks.invoiceId, options.invoiceId)));
  return {
    invoiceId: loaded.invoice.id,
    invoiceNumber: loaded.invoice.invoiceNumber,
    format: options.format,
    fileName: file.fileName,
    editable: loaded.invoice.status === "draft",
    checkedAt: check ? isoInstant(check.checkedAt) : null,
    issues: issues.map((issue) => ({ ...issue, itemId: itemIdOf(loaded, issue) })),
    lines: loaded.items.map((item) => {
      const codes = loaded.codes.get(item.id);
      return {
        itemId: item.id,
        position: item.position,
        workDate: item.workDate,
        description: item.description,
        matterId: codes?.matterId ?? null,
        taskCode: codes?.taskCode ?? null,
        activityCode: codes?.activityCode ?? null,
      };
    }),
    matters: loaded.matters.map(presentMatter),
  };
}

/** LINE_ITEM_NUMBER n is the file's n-th line; the LEDES line knows which invoice line it states. */
function itemIdOf(loaded: LoadedLedesInvoice, issue: LedesIssue): number | null {
  if (issue.lineItemNumber === null) return null;
  const line = loaded.ledes.lines[Number(issue.lineItemNumber) - 1];
  return loaded.items.find((item) => item.position === line?.sourcePosition)?.id ?? null;
}

/**
 * "Mark as checked": only a file the validator passes can be marked (409 with the first problem
 * otherwise); the mark records the format, the time and who.
 */
export async function markLedesChecked(
  db: Db,
  options: { accountId: number; userId: number; invoiceId: number; format: LedesFormat; now: Date },
): Promise<{ invoiceId: number; checkedAt: string; message: string }> {
  const { loaded, issues } = await buildLedesFile(db, options);
  const errors = issues.filter((issue) => issue.severity === "error");
  const [first] = errors;
  if (first) {
    throw conflict(
      `The file still has ${errors.length} problem${errors.length === 1 ? "" : "s"} a portal would refuse; first: ${first.location}: ${first.message}`,
    );
  }
  const values = { format: options.format, checkedAt: options.now, checkedByUserId: options.userId };
  await db
    .insert(invoiceLedesChecks)
    .values({ invoiceId: options.invoiceId, accountId: options.accountId, ...values })
    .onConflictDoUpdate({ target: invoiceLedesChecks.invoiceId, set: values });
  return {
    invoiceId: options.invoiceId,
    checkedAt: isoInstant(options.now),
    message: `Invoice ${loaded.invoice.invoiceNumber} is marked as checked`,
  };
}

/** The account's checked invoices (for the badge in the invoice list). */
export async function findLedesChecks(db: Db, accountId: number) {
  const rows = await db.select().from(invoiceLedesChecks).where(eq(invoiceLedesChecks.accountId, accountId));
  return rows.map((row) => ({
    invoiceId: row.invoiceId,
    format: row.format as LedesFormat,
    checkedAt: isoInstant(row.checkedAt),
  }));
}
