/**
 * A pasted calendar address (docs/calendar-capture.md): Google's "Secret address in iCal format", Outlook's
 * published ICS link, iCloud's public calendar (webcal://), Fastmail's. `webcal://` is the same
 * resource over https; anything else but https (and, where the operator allows private hosts, http)
 * is refused by the server.
 */
export const FEED_URL_INVALID = "Paste the calendar's private ICS address: it starts with https:// or webcal://";

const SCHEMES = new Set(["https:", "http:", "webcal:", "webcals:"]);

/** The URL the server fetches (webcal → https), or null when it is not a web address at all. */
export function normaliseFeedUrl(pasted: string): URL | null {
  let url: URL;
  try {
    url = new URL(pasted.trim());
  } catch {
    return null;
  }
  if (!SCHEMES.has(url.protocol) || !url.hostname) return null;
  if (url.protocol === "webcal:" || url.protocol === "webcals:") url = new URL(`https:${url.href.slice(url.protocol.length)}`);
  return url;
}

/** How a stored address is shown: its host only ("calendar.google.com…"); the path is the secret. */
export function maskedFeedHost(host: string): string {
  return `${host}…`;
}
