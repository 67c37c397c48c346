import { z } from "zod";
import { text } from "./common.js";
import { id, instant } from "./response-fields.js";

/**
 * Settings → Integrations → "Your connections" and, for owner/admin, every member's (issue 26 §2):
 * each member's own capture sources. Status only: never a secret, a webhook URL or a token.
 */

/** The kinds of connection a member owns (accounting belongs to the practice and is not listed here). */
export const MEMBER_CONNECTION_SOURCES = ["zoom", "teams", "meet", "calendar", "phone", "mobile", "desktop", "mailbox"] as const;
export type MemberConnectionSource = (typeof MEMBER_CONNECTION_SOURCES)[number];

export const MEMBER_CONNECTION_LABELS: Record<MemberConnectionSource, string> = {
  zoom: "Zoom",
  teams: "Microsoft Teams",
  meet: "Google Meet",
  calendar: "Calendar feed",
  phone: "Landline/Office",
  mobile: "Mobile",
  desktop: "This computer",
  mailbox: "Mailbox",
};

export const memberConnection = z.object({
  id,
  source: z.enum(MEMBER_CONNECTION_SOURCES),
  label: text(),
  /** The provider inside the source (twilio, vonage, ics …). */
  provider: text(),
  enabled: z.boolean(),
  /** The row's own status word (connected, configured, disconnected, reconnect, error …). */
  status: text(),
  lastEventAt: instant.nullable(),
  lastError: text().nullable(),
  connectedAt: instant,
  member: z.object({ id, name: text(), email: text(), isYou: z.boolean() }),
});
export type MemberConnection = z.infer<typeof memberConnection>;

export const memberConnectionList = z.object({
  /** True when the list holds every member's connections (owner/admin); false: the caller's own. */
  everyMember: z.boolean(),
  connections: z.array(memberConnection),
});
export type MemberConnectionList = z.infer<typeof memberConnectionList>;

export const CONNECTION_DISCONNECTED = "Disconnected: its credentials were erased. Captured calls and emails stay.";
