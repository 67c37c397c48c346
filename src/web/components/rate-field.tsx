import type { FieldValues } from "react-hook-form";
import { TextField, type TextFieldProps } from "./text-field";

/**
 * A money rate typed as a decimal ("150.00"): the number keyboard, no negatives, cents as the
 * step, digits in columns. Every rate input (client, account default, email estimate) uses it,
 * so a change to how rates are typed is made here once.
 */
export function RateField<TValues extends FieldValues>(
  props: Omit<TextFieldProps<TValues>, "type" | "inputMode" | "min" | "step">,
) {
  return <TextField type="number" inputMode="decimal" min="0" step="0.01" className="tabular-nums" {...props} />;
}
