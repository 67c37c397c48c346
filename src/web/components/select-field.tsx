import type { ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { type Choice, ChoiceSelect, type ChoiceSelectProps } from "./choice-select";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "./ui/form";

type SelectFieldProps<TValues extends FieldValues> = {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: ReactNode;
  choices: readonly Choice[];
  description?: ReactNode;
  /** Classes of the field's wrapper (grid placement). */
  itemClassName?: string;
  /**
   * The field's value as the select shows it; by default its text, "" (the placeholder) when empty.
   * A form whose empty value is itself a choice ("Your default", "No client") maps it here.
   */
  toChoice?: (value: unknown) => string;
  /** The chosen value as the field stores it; by default the choice's value unchanged. */
  fromChoice?: (choice: string) => unknown;
} & Pick<ChoiceSelectProps, "placeholder" | "disabled" | "triggerClassName" | "contentClassName">;

const textOf = (value: unknown): string => (value == null ? "" : String(value));

/**
 * One labelled select of a react-hook-form form, beside TextField: label, a select wired to the
 * field (FormControl gives the trigger its id, aria-invalid and aria-describedby), optional
 * description, and the field's error message under it.
 */
export function SelectField<TValues extends FieldValues>({
  control,
  name,
  label,
  description,
  itemClassName,
  toChoice = textOf,
  fromChoice,
  ...selectProps
}: SelectFieldProps<TValues>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={itemClassName}>
          <FormLabel>{label}</FormLabel>
          <ChoiceSelect
            {...selectProps}
            value={toChoice(field.value)}
            onValueChange={(choice) => field.onChange(fromChoice ? fromChoice(choice) : choice)}
            onBlur={field.onBlur}
            name={field.name}
            triggerSlot={FormControl}
          />
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
