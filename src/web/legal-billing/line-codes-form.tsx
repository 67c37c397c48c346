import type { MatterJson } from "@core/contracts/legal-billing";
import { type Choice, ChoiceSelect } from "@web/components/choice-select";
import { Button } from "@web/components/ui/button";
import { Label } from "@web/components/ui/label";
import { Spinner } from "@web/components/ui/spinner";
import { useState } from "react";
import { type CodesTarget, useSaveLineCodes } from "./use-legal-billing";
import { ACTIVITY_CHOICES, fromChoice, NONE, TASK_CHOICES, toChoice } from "./utbms-choices";

export type Codes = { matterId: number | null; taskCode: string | null; activityCode: string | null };

/**
 * Matter, task and activity of one call or one draft invoice line, saved together: the same three
 * selects in the call's dialog and in the LEDES check's line list. `idPrefix` keeps ids unique
 * when several lines are open at once.
 */
export function LineCodesForm({
  target,
  initial,
  matters,
  idPrefix,
  onSaved,
  compact = false,
}: {
  target: CodesTarget;
  initial: Codes;
  matters: readonly MatterJson[];
  idPrefix: string;
  onSaved?: () => void;
  compact?: boolean;
}) {
  const [codes, setCodes] = useState(initial);
  const save = useSaveLineCodes(onSaved);
  const matterChoices: Choice[] = [
    { value: NONE, label: "No matter" },
    ...matters.map((matter) => ({
      value: String(matter.id),
      label: `${matter.lawFirmMatterId} · ${matter.description || matter.clientMatterId}`,
    })),
  ];
  const field = (
    key: keyof Codes,
    label: string,
    choices: readonly Choice[],
    value: string,
    onChange: (choice: string) => void,
  ) => (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={`${idPrefix}-${key}`}>{label}</Label>
      <ChoiceSelect
        id={`${idPrefix}-${key}`}
        value={value}
        onValueChange={onChange}
        choices={choices}
        triggerClassName="w-full"
      />
    </div>
  );
  return (
    <form
      noValidate
      className={compact ? "grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" : "grid gap-4"}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ target, codes });
      }}
    >
      {field("matterId", "Matter", matterChoices, codes.matterId === null ? NONE : String(codes.matterId), (choice) =>
        setCodes({ ...codes, matterId: choice === NONE ? null : Number(choice) }),
      )}
      {field("taskCode", "Task code", TASK_CHOICES, toChoice(codes.taskCode), (choice) =>
        setCodes({ ...codes, taskCode: fromChoice(choice) }),
      )}
      {field("activityCode", "Activity code", ACTIVITY_CHOICES, toChoice(codes.activityCode), (choice) =>
        setCodes({ ...codes, activityCode: fromChoice(choice) }),
      )}
      <div>
        <Button type="submit" size={compact ? "sm" : "default"} disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save codes
        </Button>
      </div>
    </form>
  );
}
