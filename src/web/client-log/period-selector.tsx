import { MONTH_NAMES, type PeriodKind, yearChoices } from "@core/period";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";

export type PeriodChoice = { kind: PeriodKind; month: number; year: number };

const KINDS: { value: PeriodKind; label: string }[] = [
  { value: "today", label: "Today" },
  { value: "week", label: "This Week" },
  { value: "month", label: "Month" },
  { value: "year", label: "Year" },
];

/** Today / This Week / Month (month and year pickers) / Year (year picker); years run current −5 … +1 (spec 000 §2.6, §9). */
export function PeriodSelector({ value, onChange, timezone }: { value: PeriodChoice; onChange: (next: PeriodChoice) => void; timezone: string }) {
  const years = yearChoices(new Date(), timezone);
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Period</legend>
      <div className="grid gap-1.5">
        <Label htmlFor="client-log-period">Period</Label>
        <Select value={value.kind} onValueChange={(kind) => onChange({ ...value, kind: kind as PeriodKind })}>
          <SelectTrigger id="client-log-period" className="w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {KINDS.map((kind) => (
              <SelectItem key={kind.value} value={kind.value}>
                {kind.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {value.kind === "month" ? (
        <div className="grid gap-1.5">
          <Label htmlFor="client-log-month">Month</Label>
          <Select value={String(value.month)} onValueChange={(month) => onChange({ ...value, month: Number(month) })}>
            <SelectTrigger id="client-log-month" className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {MONTH_NAMES.map((name, index) => (
                <SelectItem key={name} value={String(index + 1)}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      {value.kind === "month" || value.kind === "year" ? (
        <div className="grid gap-1.5">
          <Label htmlFor="client-log-year">Year</Label>
          <Select value={String(value.year)} onValueChange={(year) => onChange({ ...value, year: Number(year) })}>
            <SelectTrigger id="client-log-year" className="w-28">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {years.map((year) => (
                <SelectItem key={year} value={String(year)}>
                  {year}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
    </fieldset>
  );
}
