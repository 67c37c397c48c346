import type { WorkPerson } from "@core/contracts/team";
import { ChoiceSelect } from "@web/components/choice-select";
import { useId } from "react";

/** The picker's value for "no member chosen" (Radix selects cannot hold ""). */
export const EVERYONE = "all";

/** "Ada Lovelace (you)", "Bo Chen (removed)": what the picker and its announcements read. */
export function personLabel(person: WorkPerson): string {
  return `${person.name}${person.isYou ? " (you)" : ""}${person.removed ? " (removed)" : ""}`;
}

/**
 * The member filter of the dashboard's Team view, the client log and the invoices (issue 26 §2): a labelled Radix
 * select (keyboard and screen-reader ready) of "Everyone" and each person of the practice. `value` is a user id
 * as text, or EVERYONE.
 */
export function MemberPicker({
  people,
  value,
  onValueChange,
  label = "Member",
  everyoneLabel = "Everyone",
  className,
}: {
  people: readonly WorkPerson[];
  value: string;
  onValueChange: (value: string) => void;
  label?: string;
  everyoneLabel?: string;
  className?: string;
}) {
  const id = useId();
  const choices = [
    { value: EVERYONE, label: everyoneLabel },
    ...people.map((person) => ({ value: String(person.id), label: personLabel(person) })),
  ];
  return (
    <div className={className ?? "grid gap-1.5"}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <ChoiceSelect id={id} value={value} onValueChange={onValueChange} choices={choices} triggerClassName="w-full sm:w-56" />
    </div>
  );
}

/** The API's `userId` for a picker value: undefined for everyone. */
export function pickedUserId(value: string): number | undefined {
  return value === EVERYONE ? undefined : Number(value);
}
