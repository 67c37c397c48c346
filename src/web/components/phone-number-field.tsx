import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { TextField, type TextFieldProps } from "./text-field";

/**
 * A phone number input under the phone number rule (core/contracts/phone.ts): the phone keyboard, the country-code hint and
 * example, labelled "Phone Number" unless told otherwise.
 */
export function PhoneNumberField<TValues extends FieldValues>({
  label = "Phone Number",
  ...props
}: Omit<TextFieldProps<TValues>, "type" | "inputMode" | "autoComplete" | "placeholder" | "description" | "label"> & {
  label?: ReactNode;
}) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+1 555-123-4567"
      description="With the country code, e.g. +1 555-123-4567."
      label={label}
      {...props}
    />
  );
}

/** An optional phone extension: digits only. */
export function ExtensionField<TValues extends FieldValues>(
  props: Omit<TextFieldProps<TValues>, "type" | "inputMode" | "autoComplete" | "placeholder" | "label">,
) {
  return <TextField label="Extension (optional)" inputMode="numeric" autoComplete="off" placeholder="123" {...props} />;
}
