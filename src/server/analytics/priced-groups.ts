import { applyRoundingScope, type RoundingScope, type ScopableLine } from "../../core/pricing/rounding-scope.js";
import { toBillingType } from "../../core/pricing/rules.js";
import type { CallGroupRow, EmailGroupRow } from "./analytics-queries.js";

/** A group of calls or emails as the pricing engine sees one line: summed raw time, billed time and amount, with its client, day and source. */
export type WorkLine = ScopableLine & { clientId: number | null; source: string; items: number; invoiced: boolean };

export function callLines(rows: readonly CallGroupRow[]): WorkLine[] {
  return rows.map((row) => ({
    kind: "call",
    clientId: row.client_id,
    invoiced: row.invoiced,
    source: row.source,
    workDate: row.day,
    items: row.calls,
    durationSeconds: row.raw,
    billedSeconds: row.billed,
    amountCents: row.amount,
    rateCents: row.rate_cents,
    billingType: toBillingType(row.billing_type),
    minimumBillingMinutes: row.minimum_billing_minutes,
    roundingIncrementMinutes: row.rounding_increment_minutes,
  }));
}

export function emailLines(rows: readonly EmailGroupRow[]): WorkLine[] {
  return rows.map((row) => ({
    kind: "email",
    clientId: row.client_id,
    invoiced: row.invoiced,
    source: "email",
    workDate: row.day,
    items: row.emails,
    durationSeconds: row.raw,
    billedSeconds: row.billed,
    amountCents: row.amount,
    rateCents: row.rate_cents,
    billingType: "hour",
    minimumBillingMinutes: 0,
    roundingIncrementMinutes: 1,
  }));
}

/**
 * Unbilled work priced as an invoice would price it now (docs/analytics.md): each client's lines under
 * its rounding scope through the same applyRoundingScope invoices use. Lines here are per client, day
 * and rules, which prices exactly as the separate calls would: a day's or an invoice's group sums raw
 * time first either way, and "entry" keeps each call's own price, whose sum the line already is. Work
 * without a client keeps its own price (it cannot be invoiced until a client is assigned).
 */
export function priceUnbilled(lines: readonly WorkLine[], scopeOf: (clientId: number) => RoundingScope): WorkLine[] {
  const byClient = new Map<number | null, WorkLine[]>();
  for (const line of [...lines].sort((a, b) => a.workDate.localeCompare(b.workDate))) {
    const list = byClient.get(line.clientId);
    if (list) list.push(line);
    else byClient.set(line.clientId, [line]);
  }
  return [...byClient].flatMap(([clientId, group]) => (clientId === null ? group : applyRoundingScope(group, scopeOf(clientId))));
}
