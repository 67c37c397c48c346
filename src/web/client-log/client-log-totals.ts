import type { CallJson } from "@core/contracts/calls";
import type { TrackedEmailResponse } from "@core/contracts/tracked-emails";
import { parseDecimalToCents } from "@core/money";

/**
 * The client log's summary figures for a period: time adds exact seconds (a call's raw duration, an
 * email's billed seconds), never rounded hours, so ten 7-minute emails are 1h 10m, not 10 × 0.12 h = 1h 12m.
 */
export function clientLogTotals(calls: readonly CallJson[], emails: readonly TrackedEmailResponse[]) {
  const cents = (amount: string) => parseDecimalToCents(amount) ?? 0;
  const seconds =
    calls.reduce((sum, call) => sum + call.duration, 0) + emails.reduce((sum, email) => sum + email.billedSeconds, 0);
  const revenueCents =
    calls.reduce((sum, call) => sum + cents(call.amount), 0) + emails.reduce((sum, email) => sum + cents(email.amount), 0);
  return { seconds, revenueCents };
}
