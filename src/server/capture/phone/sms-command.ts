/**
 * The SMS fallback commands: `CALL_START` optionally followed by a client's
 * name or number, and `CALL_END`. Case-insensitive; anything after CALL_END is ignored.
 */
export type SmsCommand = { command: "start"; client: string | null } | { command: "end" } | { command: "unknown" };

export const UNKNOWN_COMMAND_REPLY = "Unknown command. Text CALL_START [client] or CALL_END.";
export const UNKNOWN_SENDER_REPLY = "This number is not linked to a Minutely user.";
export const NO_CALL_RUNNING_REPLY = "No call is running.";

export function parseSmsCommand(body: string | null | undefined): SmsCommand {
  const match = /^\s*(CALL_START|CALL_END)(?:\s+([\s\S]*))?$/i.exec(body ?? "");
  if (!match) return { command: "unknown" };
  if (match[1]!.toUpperCase() === "CALL_END") return { command: "end" };
  const client = (match[2] ?? "").replace(/\s+/g, " ").trim();
  return { command: "start", client: client || null };
}

/** Does the text after CALL_START read as a phone number rather than a name? */
export function looksLikePhoneNumber(value: string): boolean {
  return /^\+?[\d\s().-]{5,}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 5;
}
