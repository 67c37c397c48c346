import type { ComponentProps, ComponentType, ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "./ui/form";
import { Input } from "./ui/input";

type TextFieldProps<TValues extends FieldValues> = {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: ReactNode;
  description?: ReactNode;
  /** Classes of the field's wrapper (grid placement); `className` goes to the input. */
  itemClassName?: string;
  /** The control: Input by default, PasswordInput for a password (its show/hide toggle). */
  input?: ComponentType<ComponentProps<typeof Input>>;
} & Omit<ComponentProps<typeof Input>, "name">;

/**
 * One labelled text input of a react-hook-form form: label, input wired to the field (id,
 * aria-invalid, aria-describedby), optional description, and the field's error message under it.
 * The common case of the shadcn FormField pattern, so each form lists its fields instead of
 * repeating the same eleven lines for each.
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
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={itemClassName}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <InputComponent {...inputProps} {...field} value={field.value ?? ""} />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
