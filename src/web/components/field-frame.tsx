import type { ReactNode } from "react";
import type { Control, ControllerRenderProps, FieldPath, FieldValues } from "react-hook-form";
import { FormDescription, FormField, FormItem, FormLabel, FormMessage } from "./ui/form";

/** What every labelled form field takes, whatever its control. */
export type FieldFrameProps<TValues extends FieldValues> = {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: ReactNode;
  description?: ReactNode;
  /** Classes of the field's wrapper (grid placement). */
  itemClassName?: string;
};

/**
 * The frame TextField and SelectField share: label, the control (rendered from the field), the
 * optional description and the field's error message under it. The control must sit in a
 * FormControl (or pass it on), which gives it the id, aria-invalid and aria-describedby.
 */
export function FieldFrame<TValues extends FieldValues>({
  control,
  name,
  label,
  description,
  itemClassName,
  children,
}: FieldFrameProps<TValues> & { children: (field: ControllerRenderProps<TValues, FieldPath<TValues>>) => ReactNode }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={itemClassName}>
          <FormLabel>{label}</FormLabel>
          {children(field)}
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
