import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { TextField, type TextFieldProps } from "./text-field";

/**
 * An email address input: the email keyboard, no spell check, labelled "Email" unless told
 * otherwise. Pass `autoComplete` ("email" for a new address, "username" for a sign-in).
 */
export function EmailField<TValues extends FieldValues>({
  label = "Email",
  ...props
}: Omit<TextFieldProps<TValues>, "type" | "inputMode" | "spellCheck" | "label"> & { label?: ReactNode }) {
  return <TextField type="email" inputMode="email" spellCheck={false} label={label} {...props} />;
}
