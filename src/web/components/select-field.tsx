import type { FieldValues } from "react-hook-form";
import { type Choice, ChoiceSelect, type ChoiceSelectProps } from "./choice-select";
import { FieldFrame, type FieldFrameProps } from "./field-frame";
import { FormControl } from "./ui/form";

type SelectFieldProps<TValues extends FieldValues> = FieldFrameProps<TValues> & {
  choices: readonly Choice[];
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
    <FieldFrame control={control} name={name} label={label} description={description} itemClassName={itemClassName}>
      {(field) => (
        <ChoiceSelect
          {...selectProps}
          value={toChoice(field.value)}
          onValueChange={(choice) => field.onChange(fromChoice ? fromChoice(choice) : choice)}
          onBlur={field.onBlur}
          name={field.name}
          triggerSlot={FormControl}
        />
      )}
    </FieldFrame>
  );
}
