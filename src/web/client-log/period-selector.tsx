import { MONTH_NAMES, type PeriodKind, yearChoices } from "@core/period";
import { Label } from "@web/components/ui/label";
import { ChoiceSelect } from "@web/components/choice-select";

export type PeriodChoice = { kind: PeriodKind; month: number; year: number };

const MONTHS = MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));

const KINDS: { value: PeriodKind; label: string }[] = [
  { value: "today", label: "Today" },
  { value: "week", label: "This Week" },
  { value: "month", label: "Month" },
  { value: "year", label: "Year" },
];

/** Today / This Week / Month (month and year pickers) / Year (year picker); years run current −5 … +1. */
export function PeriodSelector({ value, onChange, timezone }: { value: PeriodChoice; onChange: (next: PeriodChoice) => void; timezone: string }) {
  const years = yearChoices(new Date(), timezone).map((year) => ({ value: String(year), label: year }));
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Period</legend>
      <div className="grid gap-1.5">
        <Label htmlFor="client-log-period">Period</Label>
        <ChoiceSelect
          id="client-log-period"
          triggerClassName="w-36"
          value={value.kind}
          onValueChange={(kind) => onChange({ ...value, kind: kind as PeriodKind })}
          choices={KINDS}
        />
      </div>
      {value.kind === "month" ? (
        <div className="grid gap-1.5">
          <Label htmlFor="client-log-month">Month</Label>
          <ChoiceSelect
            id="client-log-month"
            triggerClassName="w-36"
            value={String(value.month)}
            onValueChange={(month) => onChange({ ...value, month: Number(month) })}
            choices={MONTHS}
          />
        </div>
      ) : null}
      {value.kind === "month" || value.kind === "year" ? (
        <div className="grid gap-1.5">
          <Label htmlFor="client-log-year">Year</Label>
          <ChoiceSelect
            id="client-log-year"
            triggerClassName="w-28"
            value={String(value.year)}
            onValueChange={(year) => onChange({ ...value, year: Number(year) })}
            choices={years}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
