const timeFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(cache: Map<string, Intl.DateTimeFormat>, timezone: string, withDate: boolean): Intl.DateTimeFormat {
  let format = cache.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      ...(withDate ? { month: "short", day: "numeric" } : {}),
    });
    cache.set(timezone, format);
  }
  return format;
}

/** "14:03" in the account's time zone (an SMS reply's clock). */
export function formatLocalTime(at: Date, timezone: string): string {
  return formatter(timeFormats, timezone, false).format(at);
}

/** "Mar 3, 14:03" in the account's time zone. */
export function formatLocalDateTime(at: Date, timezone: string): string {
  return formatter(dateTimeFormats, timezone, true).format(at);
}
