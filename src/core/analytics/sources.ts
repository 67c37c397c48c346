/**
 * Where work came from, as the Analytics page groups it (docs/analytics.md): each stored call `source`
 * (server/capture/capture-event.ts CaptureSource, plus the manual and timer entries) maps to one.
 */
export const WORK_SOURCES = ["manual", "zoom", "teams", "meet", "phone", "sms", "calendar", "desktop", "email"] as const;
export type WorkSource = (typeof WORK_SOURCES)[number];

export const WORK_SOURCE_LABELS: Record<WorkSource, string> = {
  manual: "Manual",
  zoom: "Zoom",
  teams: "Teams",
  meet: "Meet",
  phone: "Phone",
  sms: "SMS",
  calendar: "Calendar",
  desktop: "Desktop",
  email: "Email",
};

const BY_CALL_SOURCE: Record<string, WorkSource> = {
  manual: "manual",
  timer: "manual",
  zoom: "zoom",
  teams: "teams",
  meet: "meet",
  twilio: "phone",
  signalwire: "phone",
  webhook: "phone",
  sms: "sms",
  calendar: "calendar",
  desktop: "desktop",
};

/** The group of a call's stored source; anything unknown counts as manual. */
export function workSourceOfCall(source: string): WorkSource {
  return BY_CALL_SOURCE[source] ?? "manual";
}
