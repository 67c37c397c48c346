import { ROUNDING_SCOPE_LABELS, ROUNDING_SCOPES } from "@core/pricing/rounding-scope";
import type { BillingType } from "@core/pricing/rules";
import { ROUNDING_INCREMENT_CHOICES } from "@core/contracts/settings";

/** The billing type choices as the product names them (per-minute, hourly, flat-rate). */
export const BILLING_TYPE_OPTIONS: readonly { value: BillingType; label: string }[] = [
  { value: "minute", label: "Per Minute" },
  { value: "hour", label: "Hourly" },
  { value: "call", label: "Flat Rate (per call)" },
];

export const ROUNDING_LABELS: Readonly<Record<number, string>> = {
  1: "1 minute (no rounding)",
  6: "6 minutes (tenth of an hour)",
  15: "15 minutes (quarter hour)",
  30: "30 minutes (half hour)",
};

/** The rounding increments as select choices (value: the minutes as text). */
export const ROUNDING_CHOICES = ROUNDING_INCREMENT_CHOICES.map((minutes) => ({
  value: String(minutes),
  label: ROUNDING_LABELS[minutes],
}));

/** Where rounding and the minimum apply (docs/rounding-scope.md), as select choices. */
export const ROUNDING_SCOPE_CHOICES = ROUNDING_SCOPES.map((scope) => ({ value: scope, label: ROUNDING_SCOPE_LABELS[scope] }));
