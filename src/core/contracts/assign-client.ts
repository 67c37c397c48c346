import { z } from "zod";
import { normaliseEmail } from "../capture/email-address.js";
import { clientChoice, NO_CLIENT } from "./call-forms.js";
import { type CallParticipantJson, callJson } from "./calls.js";
import { rowId, text } from "./common.js";

/**
 * "Assign client": a call left on Unknown Client gets a client, and the numbers and
 * addresses of its participants the user ticks are remembered for that client.
 */

/** The most numbers and addresses one "Assign client" can remember. */
export const MAX_REMEMBERED = 20;

/** One number or address of a call's participant to remember for the client (later calls from it match that client). */
export const rememberedIdentity = z
  .object({
    kind: z.enum(["phone", "email"], { error: 'kind must be "phone" or "email"' }),
    value: text({ error: "value must be text" })
      .trim()
      .min(1, "value must be a phone number or an email address")
      .max(320, "value must be at most 320 characters"),
  })
  .strict();
export type RememberedIdentity = z.infer<typeof rememberedIdentity>;

/** POST /api/calls/{id}/assign-client: the client, and which of the call's numbers and addresses to remember for it. */
export const assignClientRequest = z
  .object({
    clientId: rowId("clientId", { type: "clientId must be a client id (a whole number)" }),
    remember: z
      .array(rememberedIdentity, { error: "remember must be a list of {kind, value}" })
      .max(MAX_REMEMBERED, `remember can hold at most ${MAX_REMEMBERED} numbers and addresses`)
      .default([]),
  })
  .strict();
export type AssignClientRequest = z.infer<typeof assignClientRequest>;

/** The call as it is now, and what was remembered (`movedFrom`: the client the number or address was remembered for before). */
export const assignClientResponse = z.object({
  call: callJson,
  remembered: z.array(
    z.object({ kind: z.enum(["phone", "email"]), value: text(), movedFrom: text().nullable().describe("That client's name") }),
  ),
});
export type AssignClientResponse = z.infer<typeof assignClientResponse>;

/** A number or address of a call's participants the "Assign client" dialog offers to remember. */
export type RememberChoice = { key: string; kind: "phone" | "email"; value: string };

/** The call's participants' numbers and addresses, once each, the user's own left out. */
export function rememberChoices(participants: readonly CallParticipantJson[]): RememberChoice[] {
  const choices = new Map<string, RememberChoice>();
  for (const participant of participants) {
    if (participant.self) continue;
    if (participant.phone)
      choices.set(`phone:${participant.phone}`, { key: `phone:${participant.phone}`, kind: "phone", value: participant.phone });
    const email = participant.email ? normaliseEmail(participant.email) : null;
    if (email) choices.set(`email:${email}`, { key: `email:${email}`, kind: "email", value: email });
  }
  return [...choices.values()];
}

/** The "Assign client" dialog: a client (required) and the keys of the choices to remember (all ticked at first). */
export const assignClientForm = z.object({
  clientId: clientChoice.refine((choice) => choice !== NO_CLIENT, "Choose a client"),
  remember: z.array(text()),
});
export type AssignClientFormValues = z.infer<typeof assignClientForm>;

export function toAssignClientRequest(values: AssignClientFormValues, choices: readonly RememberChoice[]): AssignClientRequest {
  const ticked = new Set(values.remember);
  return {
    clientId: Number(values.clientId),
    remember: choices.filter((choice) => ticked.has(choice.key)).map(({ kind, value }) => ({ kind, value })),
  };
}
