import { billedSecondsFor, divideHalfUp } from "./price.js";
import { type BillingType, toRoundingIncrement } from "./rules.js";

/**
 * Where rounding and the minimum apply (docs/rounding-scope.md): to each call ("entry", the
 * default), to the sum of a client's calls on one day ("day"), or to the sum of an invoice's calls
 * ("invoice"). Only time-priced calls take part: a flat call costs its rate whatever its length,
 * and a tracked email keeps its own estimate.
 */
export const ROUNDING_SCOPES = ["entry", "day", "invoice"] as const;
export type RoundingScope = (typeof ROUNDING_SCOPES)[number];

export const ROUNDING_SCOPE_LABELS: Record<RoundingScope, string> = {
  entry: "Each call",
  day: "Each day's total",
  invoice: "Each invoice's total",
};

export function isRoundingScope(value: unknown): value is RoundingScope {
  return ROUNDING_SCOPES.some((scope) => scope === value);
}

/** A scope read from a stored row; the CHECK constraints allow only ROUNDING_SCOPES, so anything else throws. */
export function toRoundingScope(value: string): RoundingScope {
  if (!isRoundingScope(value)) throw new RangeError(`roundingScope must be one of ${ROUNDING_SCOPES.join(", ")}, got ${value}`);
  return value;
}

/** What a line needs to be priced again as part of a group: its raw time, its day and the rules it was priced with. */
export type ScopableLine = {
  kind: "call" | "email";
  workDate: string;
  durationSeconds: number;
  billedSeconds: number;
  amountCents: number;
  rateCents: number;
  billingType: BillingType;
  minimumBillingMinutes: number;
  roundingIncrementMinutes: number;
};

/**
 * Prices lines under a rounding scope, keeping their order. With "day" or "invoice", the time-priced
 * calls that share a day (or the whole list) and the same rules form a group: the group's raw total
 * is rounded up and raised to the minimum once (the same billedSecondsFor as a single call), and its
 * price is that billed time × rate, half up, exactly as priceDuration would price one call of that
 * length. Each line keeps its raw time as billed time, the group's last line also carries the
 * rounding, and amounts are cumulative differences (price of the running total minus the price
 * before it), so they are never negative and always add up to the group's price to the cent.
 */
export function applyRoundingScope<T extends ScopableLine>(lines: readonly T[], scope: RoundingScope): T[] {
  if (scope === "entry") return [...lines];
  const groups = new Map<string, number[]>();
  lines.forEach((line, index) => {
    if (line.kind !== "call" || line.billingType === "call") return;
    const key = [
      scope === "day" ? line.workDate : "",
      line.rateCents,
      line.billingType,
      line.minimumBillingMinutes,
      line.roundingIncrementMinutes,
    ].join("|");
    const members = groups.get(key);
    if (members) members.push(index);
    else groups.set(key, [index]);
  });
  const result = [...lines];
  for (const members of groups.values()) {
    const first = lines[members[0] as number] as T;
    const rawTotal = members.reduce((sum, index) => sum + (lines[index] as T).durationSeconds, 0);
    const groupBilled = billedSecondsFor(rawTotal, {
      minimumBillingMinutes: first.minimumBillingMinutes,
      roundingIncrementMinutes: toRoundingIncrement(first.roundingIncrementMinutes),
    });
    const secondsPerUnit = first.billingType === "minute" ? 60 : 3600;
    const priceOf = (seconds: number) => divideHalfUp(seconds * first.rateCents, secondsPerUnit);
    let running = 0;
    let pricedSoFar = 0;
    members.forEach((index, position) => {
      const line = lines[index] as T;
      const isLast = position === members.length - 1;
      const billedSeconds = isLast ? line.durationSeconds + groupBilled - rawTotal : line.durationSeconds;
      running += billedSeconds;
      const pricedNow = priceOf(running);
      result[index] = { ...line, billedSeconds, amountCents: pricedNow - pricedSoFar };
      pricedSoFar = pricedNow;
    });
  }
  return result;
}
