import { monthStart, quarterStart } from "@core/analytics/analytics-period";
import { addDays } from "@core/invoices";
import { ChoiceSelect } from "@web/components/choice-select";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { PeriodChoice } from "./use-analytics";

const KINDS = [
  { value: "week", label: "Week" },
  { value: "month", label: "Month" },
  { value: "quarter", label: "Quarter" },
  { value: "custom", label: "Custom" },
] as const;

/** The same kind of period, one earlier (-1) or later (+1). */
function shifted(choice: Exclude<PeriodChoice, { kind: "custom" }>, step: -1 | 1): string {
  if (choice.kind === "week") return addDays(choice.date, 7 * step);
  if (choice.kind === "month") return monthStart(choice.date, step);
  return quarterStart(choice.date, step);
}

/**
 * Week (starting Sunday), month, quarter or a custom range, in the account's time zone (the server
 * computes the days; `today` is today there). Arrows step to the previous or next period.
 */
export function PeriodPicker({
  value,
  onChange,
  today,
  label,
}: {
  value: PeriodChoice;
  onChange: (next: PeriodChoice) => void;
  today: string;
  /** The period as the server named it ("March 2026"), once known. */
  label?: string;
}) {
  const handleKind = (kind: string) => {
    if (kind === "custom") onChange({ kind, from: monthStart(today), to: today });
    else onChange({ kind: kind as "week" | "month" | "quarter", date: value.kind === "custom" ? value.to : value.date });
  };
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Period</legend>
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-period">Period</Label>
        <ChoiceSelect
          id="analytics-period"
          triggerClassName="w-36"
          value={value.kind}
          onValueChange={handleKind}
          choices={KINDS}
        />
      </div>
      {value.kind === "custom" ? (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor="analytics-from">From</Label>
            <Input
              id="analytics-from"
              type="date"
              className="w-40"
              value={value.from}
              onChange={(event) => onChange({ ...value, from: event.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="analytics-to">To</Label>
            <Input
              id="analytics-to"
              type="date"
              className="w-40"
              value={value.to}
              onChange={(event) => onChange({ ...value, to: event.target.value })}
            />
          </div>
        </>
      ) : (
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous period"
            onClick={() => onChange({ ...value, date: shifted(value, -1) })}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <p className="min-w-40 px-2 text-center text-sm font-medium tabular-nums" aria-live="polite">
            {label ?? "…"}
          </p>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next period"
            onClick={() => onChange({ ...value, date: shifted(value, 1) })}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
    </fieldset>
  );
}
