import { isActivityCode, isBillableTaskCode } from "./utbms.js";

/** LEDES timekeeper classifications (the UTBMS list portals check TIMEKEEPER_CLASSIFICATION against). */
export const TIMEKEEPER_CLASSIFICATIONS = ["PT", "AS", "OC", "LA", "OT"] as const;
export type TimekeeperClassification = (typeof TIMEKEEPER_CLASSIFICATIONS)[number];

export const TIMEKEEPER_CLASSIFICATION_NAMES: Record<TimekeeperClassification, string> = {
  PT: "Partner",
  AS: "Associate",
  OC: "Of counsel",
  LA: "Legal assistant (paralegal)",
  OT: "Other timekeeper",
};

export const isTimekeeperClassification = (value: string): value is TimekeeperClassification =>
  (TIMEKEEPER_CLASSIFICATIONS as readonly string[]).includes(value);

/** Who was on the other side of a call or an email: the client, another firm's lawyer, or anyone else. */
export type Counterpart = "client" | "outside-counsel" | "other-external";

/** UTBMS activity for communicating with each counterpart: A106, A107, A108. */
export const COMMUNICATION_ACTIVITY: Record<Counterpart, string> = {
  client: "A106",
  "outside-counsel": "A107",
  "other-external": "A108",
};

/** The codes a line is billed with; null means "not chosen". */
export type LineCodes = { matterId: number | null; taskCode: string | null; activityCode: string | null };

/**
 * The codes one call or email is billed with (docs/ledes.md "Which codes a line gets"). An invoice
 * line's own row is the whole answer (it is the snapshot taken at generation, or what the user chose
 * on the line, so later default changes never alter an invoice). Otherwise each code comes from the
 * call or email, else the client's defaults; the activity falls back to the capture source's own (a
 * call or email with the client is A106 "Communicate (with client)", with anyone else A108, A107 when
 * chosen for outside counsel). The task has no source default: a portal needs the lawyer's choice.
 */
export function resolveLineCodes(
  layers: { line?: Partial<LineCodes> | null; source?: Partial<LineCodes> | null; client?: Partial<LineCodes> | null },
  counterpart: Counterpart,
): LineCodes {
  if (layers.line) {
    return {
      matterId: layers.line.matterId ?? null,
      taskCode: layers.line.taskCode ?? null,
      activityCode: layers.line.activityCode ?? null,
    };
  }
  const pick = <K extends keyof LineCodes>(key: K): LineCodes[K] | null => layers.source?.[key] ?? layers.client?.[key] ?? null;
  return {
    matterId: pick("matterId"),
    taskCode: pick("taskCode"),
    activityCode: pick("activityCode") ?? COMMUNICATION_ACTIVITY[counterpart],
  };
}

/** A participant of a captured call as the counterpart rule reads it. */
export type CounterpartParticipant = { email?: string | null; phone?: string | null; self?: boolean };

/**
 * Whether a captured call was with the client: yes when nobody but the account's own user is
 * known (a timer or a logged call), or when one of the others is the client by email, E.164
 * number or the client's own email domain; otherwise it was with someone external (A108).
 */
export function callCounterpart(
  participants: readonly CounterpartParticipant[],
  client: { email?: string | null; phone?: string | null },
): Counterpart {
  const others = participants.filter((participant) => participant.self !== true);
  if (others.length === 0) return "client";
  const clientEmail = client.email?.trim().toLowerCase() || null;
  const clientDomain = clientEmail?.split("@")[1] ?? null;
  const isClient = others.some((participant) => {
    const email = participant.email?.trim().toLowerCase();
    if (email && clientEmail && (email === clientEmail || email.split("@")[1] === clientDomain)) return true;
    return Boolean(participant.phone && client.phone && participant.phone === client.phone);
  });
  return isClient ? "client" : "other-external";
}

export const TASK_CODE_INVALID = "Choose a UTBMS task code such as L120 or C300";
export const ACTIVITY_CODE_INVALID = "Choose a UTBMS activity code from A101 to A111";

/** Both code kinds as the forms and the server check them (null clears). */
export const isTaskCodeChoice = (code: string | null): boolean => code === null || isBillableTaskCode(code);
export const isActivityCodeChoice = (code: string | null): boolean => code === null || isActivityCode(code);
