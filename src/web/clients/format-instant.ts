import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** An instant as a calendar text in the account's time zone ("MMM d, yyyy HH:mm" by default). */
export function formatInstant(iso: string, timezone: string, pattern = "MMM d, yyyy HH:mm"): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  try {
    return format(new TZDate(time, timezone), pattern);
  } catch {
    return format(new Date(time), pattern);
  }
}
