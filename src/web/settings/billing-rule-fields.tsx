import { SelectField } from "@web/components/select-field";
import { TextField, type TextFieldProps } from "@web/components/text-field";
import type { ComponentProps } from "react";
import type { FieldValues } from "react-hook-form";
import { BILLING_TYPE_OPTIONS } from "./billing-options";

/**
 * The billing-rule fields the account defaults (Settings → Billing) and a client's own rules
 * (client form) both ask for, written once so the two forms cannot drift apart.
 */

/** "Billing Type": per minute, hourly or flat rate. */
export function BillingTypeField<TValues extends FieldValues>(
  props: Omit<ComponentProps<typeof SelectField<TValues>>, "label" | "placeholder" | "choices">,
) {
  return <SelectField label="Billing Type" placeholder="Choose a billing type" choices={BILLING_TYPE_OPTIONS} {...props} />;
}

/** "Minimum Billing (minutes)": whole minutes, none negative. */
export function MinimumBillingField<TValues extends FieldValues>(
  props: Omit<TextFieldProps<TValues>, "label" | "type" | "inputMode" | "min" | "step">,
) {
  return (
    <TextField
      label="Minimum Billing (minutes)"
      type="number"
      inputMode="numeric"
      min="0"
      step="1"
      className="tabular-nums"
      {...props}
    />
  );
}
