import type { ComponentType, ReactNode } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select";

/** One option of a select: the value it stands for (Radix cannot hold "") and what the user reads. */
export type Choice = { value: string; label: ReactNode };

export type ChoiceSelectProps = {
  value: string;
  onValueChange: (value: string) => void;
  choices: readonly Choice[];
  placeholder?: string;
  disabled?: boolean;
  /** The hidden native select's name (form submission, autofill). */
  name?: string;
  /** The trigger button's id, for a <Label htmlFor>. */
  id?: string;
  /** The trigger's accessible name when no label points at it (a picker in a table row). */
  ariaLabel?: string;
  onBlur?: () => void;
  triggerClassName?: string;
  contentClassName?: string;
  /** Wraps the trigger; SelectField passes FormControl, which puts the field's id and aria attributes on it. */
  triggerSlot?: ComponentType<{ children: ReactNode }>;
};

/**
 * A Radix select of fixed choices: trigger, value or placeholder, and one item per choice. The one
 * place the select's markup is written, for form fields (SelectField) and plain pickers alike.
 */
export function ChoiceSelect({
  value,
  onValueChange,
  choices,
  placeholder,
  disabled,
  name,
  id,
  ariaLabel,
  onBlur,
  triggerClassName,
  contentClassName,
  triggerSlot: TriggerSlot,
}: ChoiceSelectProps) {
  // No `id` key at all when none is given: FormControl's Slot lets the child's own props win, even undefined ones.
  const trigger = (
    <SelectTrigger {...(id === undefined ? {} : { id })} aria-label={ariaLabel} className={triggerClassName} onBlur={onBlur}>
      <SelectValue placeholder={placeholder} />
    </SelectTrigger>
  );
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled} name={name}>
      {TriggerSlot ? <TriggerSlot>{trigger}</TriggerSlot> : trigger}
      <SelectContent className={contentClassName}>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
