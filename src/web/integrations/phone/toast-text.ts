/**
 * The product's messages read "Title: description" ('Invalid Phone Number: Please enter …'); a toast
 * shows the part before the first colon as its title. A message without one is all title.
 */
export function toastText(message: string): { title: string; description?: string } {
  const colon = message.indexOf(": ");
  if (colon <= 0 || colon > 40) return { title: message };
  return { title: message.slice(0, colon), description: message.slice(colon + 2) };
}

/** "Mar 2, 2026, 3:04 PM" in the account's time zone, for "Last event …". */
export function formatEventTime(instant: string, timeZone: string | undefined): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return "";
  try {
    return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short", timeZone });
  } catch {
    return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  }
}
