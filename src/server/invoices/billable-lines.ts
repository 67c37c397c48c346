import { and, asc, eq, gte, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { BillingType } from "../../core/pricing/rules.js";
import { callTypeLabel, platformLabel } from "../../core/contracts/calls.js";
import { todayInZone } from "../../core/period.js";
import type { Db } from "../db/client.js";
import { calls, trackedEmails } from "../db/schema/index.js";
import type { PricedLine } from "./priced-line.js";

type CallRow = typeof calls.$inferSelect;
type EmailRow = typeof trackedEmails.$inferSelect;

/** One line to bill, before it becomes an invoice item: a snapshot of a call or an email. */
export type BillableLine = PricedLine & {
  sourceId: number;
  clientId: number;
  /** The member who did the work (the call's or email's user): the line's timekeeper (core/invoice-timekeepers.ts). */
  userId: number | null;
  startedAt: Date;
  workDate: string;
  /** The rules the line was priced with, so a day's or an invoice's calls can be rounded together (core/pricing/rounding-scope.ts). */
  minimumBillingMinutes: number;
  roundingIncrementMinutes: number;
};

const MAX_DESCRIPTION = 300;

/** "Consultation call via Zoom — Contract review" */
export function describeCall(call: Pick<CallRow, "callType" | "platform" | "description" | "notes">): string {
  const type = callTypeLabel(call.callType);
  const via = call.platform && call.platform !== "manual" ? ` via ${platformLabel(call.platform)}` : "";
  const detail = (call.description ?? call.notes ?? "").replace(/\s+/g, " ").trim();
  const text = `${type.charAt(0).toUpperCase()}${type.slice(1)} call${via}${detail ? ` — ${detail}` : ""}`;
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

export function callLine(call: CallRow, timezone: string): BillableLine {
  if (call.clientId === null) throw new Error("a call without a client cannot be billed");
  return {
    kind: "call",
    sourceId: call.id,
    clientId: call.clientId,
    userId: call.userId,
    startedAt: call.startedAt,
    workDate: todayInZone(timezone, call.startedAt),
    description: describeCall(call),
    durationSeconds: call.durationSeconds,
    billedSeconds: call.billedSeconds,
    rateCents: call.rateCents,
    billingType: call.billingType as BillingType,
    amountCents: call.amountCents,
    minimumBillingMinutes: call.minimumBillingMinutes,
    roundingIncrementMinutes: call.roundingIncrementMinutes,
  };
}

export function emailLine(email: EmailRow, timezone: string): BillableLine {
  const subject = email.subject.replace(/\s+/g, " ").trim() || "(no subject)";
  const type = email.emailType ? ` (${email.emailType})` : "";
  const text = `Email${type}: ${subject}`;
  return {
    kind: "email",
    sourceId: email.id,
    clientId: email.clientId,
    userId: email.userId,
    startedAt: email.createdAt,
    workDate: todayInZone(timezone, email.createdAt),
    description: text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text,
    durationSeconds: email.readSeconds + email.writeSeconds,
    billedSeconds: email.billedSeconds,
    rateCents: email.rateCents,
    billingType: "hour",
    amountCents: email.amountCents,
    // Not used: an email keeps its own estimate whatever the rounding scope.
    minimumBillingMinutes: 0,
    roundingIncrementMinutes: 1,
  };
}

/**
 * Every unbilled ended call and unbilled tracked email of the account in [start, end), optionally
 * of one client, locked FOR UPDATE so nothing edits or bills them until the invoice is written.
 * Calls without a client are skipped: an invoice belongs to exactly one client (docs/decisions.md D9).
 */
export async function findUnbilledLines(
  tx: Db,
  options: { accountId: number; clientId: number | null; start: Date; end: Date; timezone: string },
): Promise<BillableLine[]> {
  const { accountId, clientId, start, end, timezone } = options;
  const callRows = await tx
    .select()
    .from(calls)
    .where(
      and(
        eq(calls.accountId, accountId),
        clientId === null ? isNotNull(calls.clientId) : eq(calls.clientId, clientId),
        isNotNull(calls.endedAt),
        isNull(calls.invoiceId),
        // A test call ("Send a test event") is never billed.
        eq(calls.isTest, false),
        gte(calls.startedAt, start),
        lt(calls.startedAt, end),
      ),
    )
    .orderBy(asc(calls.startedAt), asc(calls.id))
    .for("update");
  const emailRows = await tx
    .select()
    .from(trackedEmails)
    .where(
      and(
        eq(trackedEmails.accountId, accountId),
        clientId === null ? undefined : eq(trackedEmails.clientId, clientId),
        isNull(trackedEmails.invoiceId),
        gte(trackedEmails.createdAt, start),
        lt(trackedEmails.createdAt, end),
      ),
    )
    .orderBy(asc(trackedEmails.createdAt), asc(trackedEmails.id))
    .for("update");
  return sortLines([...callRows.map((c) => callLine(c, timezone)), ...emailRows.map((e) => emailLine(e, timezone))]);
}

/** The account's calls with these ids, locked FOR UPDATE (an id of another account is simply absent). */
export async function lockCalls(tx: Db, accountId: number, callIds: number[]): Promise<CallRow[]> {
  return tx
    .select()
    .from(calls)
    .where(and(eq(calls.accountId, accountId), inArray(calls.id, callIds)))
    .orderBy(asc(calls.startedAt), asc(calls.id))
    .for("update");
}

/** Lines in the order they were worked: by time, calls before emails at the same instant, then id. */
export function sortLines(lines: BillableLine[]): BillableLine[] {
  return lines.sort(
    (a, b) =>
      a.startedAt.getTime() - b.startedAt.getTime() ||
      (a.kind === b.kind ? 0 : a.kind === "call" ? -1 : 1) ||
      a.sourceId - b.sourceId,
  );
}
