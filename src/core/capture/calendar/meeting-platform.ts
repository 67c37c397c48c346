/**
 * Which meeting platform a calendar event is held on, read from its join link (docs/calendar-capture.md): the
 * conference properties calendar programs write first (Google's X-GOOGLE-CONFERENCE, Outlook's
 * X-MICROSOFT-SKYPETEAMSMEETINGURL, RFC 7986's CONFERENCE), then the LOCATION, then the DESCRIPTION
 * (where Zoom's and Teams' invitations put the link). The first link of a known platform wins; an
 * event with none has no platform. The values are the call platforms of contracts/calls.ts, so the
 * proposal and the confirmed call show the same label ("Zoom", "Microsoft Teams", "Google Meet").
 */
export const MEETING_LINK_PLATFORMS = ["zoom", "teams", "meet"] as const;
export type MeetingLinkPlatform = (typeof MEETING_LINK_PLATFORMS)[number];

export type MeetingText = {
  /** Values of X-GOOGLE-CONFERENCE, X-MICROSOFT-SKYPETEAMSMEETINGURL and CONFERENCE, in that order. */
  conferenceLinks: readonly string[];
  location: string | null;
  description: string | null;
};

/**
 * Join-link hosts and paths, per platform. Zoom: `zoom.us` and its vanity subdomains
 * (`acme.zoom.us/j/…`), `zoomgov.com`, meetings (`/j/`), personal rooms (`/my/`), webinars (`/w/`),
 * web client links (`/wc/`). Teams: `teams.microsoft.com/l/meetup-join/…`, `/meet/…` and
 * `teams.live.com/meet/…`. Meet: `meet.google.com/abc-defg-hij` and its `lookup/` links.
 */
const LINKS: readonly [MeetingLinkPlatform, RegExp][] = [
  ["zoom", /^(?:[a-z0-9-]+\.)*zoom(?:gov)?\.(?:us|com)\/(?:j|my|w|wc|s)\//],
  ["teams", /^teams\.(?:microsoft|live)\.com\/(?:l\/meetup-join|meet)\//],
  ["meet", /^meet\.google\.com\/(?:[a-z]{3}-[a-z]{4}-[a-z]{3}|lookup\/)/],
];

const URL_PATTERN = /https?:\/\/[^\s<>"'\\]+/gi;

/** The platform of the first join link found, in the order above, or null. */
export function meetingPlatformOf(text: MeetingText): MeetingLinkPlatform | null {
  for (const value of [...text.conferenceLinks, text.location, text.description]) {
    if (!value) continue;
    for (const match of value.matchAll(URL_PATTERN)) {
      const platform = platformOfLink(match[0]);
      if (platform) return platform;
    }
  }
  return null;
}

/** One link's platform: its host and path against the join-link patterns, or null. */
export function platformOfLink(link: string): MeetingLinkPlatform | null {
  const bare = link.replace(/^https?:\/\//i, "").toLowerCase();
  for (const [platform, pattern] of LINKS) if (pattern.test(bare)) return platform;
  return null;
}
