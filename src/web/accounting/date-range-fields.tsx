import { TextField } from "@web/components/text-field";
import type { Control } from "react-hook-form";
import type { DateRangeFormValues } from "./date-range-form";

/** The From and To date inputs, side by side from `sm`. */
export function DateRangeFields({ control }: { control: Control<DateRangeFormValues> }) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <TextField control={control} name="from" label="From" type="date" />
      <TextField control={control} name="to" label="To" type="date" />
    </div>
  );
}
