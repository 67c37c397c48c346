import type { ComponentProps, ComponentType } from "react";
import type { FieldValues } from "react-hook-form";
import { FieldFrame, type FieldFrameProps } from "./field-frame";
import { FormControl } from "./ui/form";
import { Input } from "./ui/input";

export type TextFieldProps<TValues extends FieldValues> = FieldFrameProps<TValues> & {
  /** The control: Input by default, PasswordInput for a password (its show/hide toggle). */
  input?: ComponentType<ComponentProps<typeof Input>>;
} & Omit<ComponentProps<typeof Input>, "name">;

/**
 * One labelled text input of a react-hook-form form: label, input wired to the field (id,
 * aria-invalid, aria-describedby), optional description, and the field's error message under it.
 * The common case of the shadcn FormField pattern, so each form lists its fields instead of
 * repeating the same eleven lines for each. `itemClassName` places the field; `className` goes to the input.
 */
export function TextField<TValues extends FieldValues>({
  control,
  name,
  label,
  description,
  itemClassName,
  input: InputComponent = Input,
  ...inputProps
}: TextFieldProps<TValues>) {
  return (
    <FieldFrame control={control} name={name} label={label} description={description} itemClassName={itemClassName}>
      {(field) => (
        <FormControl>
          <InputComponent {...inputProps} {...field} value={field.value ?? ""} />
        </FormControl>
      )}
    </FieldFrame>
  );
}
