import { isoDate } from "@core/contracts/common";
import type { SyncDateRange } from "@core/contracts/financial-integrations";
import { todayInZone } from "@core/period";
import { z } from "zod";

/** An optional day as a date input holds it: empty means "no limit". */
const dayOrEmpty = z.string().refine((value) => value === "" || isoDate.safeParse(value).success, "Use a date like 2026-01-31");

/** Sync Settings' and Export Data's From and To (each optional, To not before From). */
export const dateRangeForm = z
  .object({ from: dayOrEmpty, to: dayOrEmpty })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: "From must be on or before To",
    path: ["to"],
  });
export type DateRangeFormValues = z.infer<typeof dateRangeForm>;

/** The contracts' date range: empty inputs left out. */
export function toDateRange(values: DateRangeFormValues): SyncDateRange {
  return { ...(values.from ? { from: values.from } : {}), ...(values.to ? { to: values.to } : {}) };
}

/** This month so far, in the account's time zone. */
export function monthToDate(timezone: string): DateRangeFormValues {
  const today = todayInZone(timezone);
  return { from: `${today.slice(0, 8)}01`, to: today };
}
