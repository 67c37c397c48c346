import { z } from "zod";
import { AppError } from "../errors.js";
import { text } from "./common.js";

/**
 * Clearing a stored secret without a replacement (the settings frame's "Clear";
 * docs/adding-an-integration.md, "The settings tab"): the one rule of every settings PUT that takes
 * `clearSecrets` (the accounting providers', the landline's).
 */

/** `clearSecrets`: the names of stored secrets to erase. */
export const clearSecretsList = z
  .array(text({ error: "clearSecrets must list secret field names" }).max(50, "clearSecrets names a field too long"), {
    error: "clearSecrets must list secret field names",
  })
  .max(10, "clearSecrets lists too many fields");

/** A settings field as the rule needs it: its name, what the screen calls it, and whether it is a secret or required. */
export type SecretFieldInfo = { name: string; label: string; secret: boolean; required: boolean };

/**
 * The fields `names` asks to clear among `owner`'s `fields` (owner: what a refusal calls the integration,
 * e.g. "Xero"). A name that is not one of its secret fields, or a secret given a new value in the same
 * request, is refused (400) before anything is written.
 */
export function clearedSecretFields<F extends SecretFieldInfo>(
  owner: string,
  fields: readonly F[],
  names: readonly string[],
  given: Partial<Record<string, unknown>> = {},
): F[] {
  const cleared: F[] = [];
  for (const name of new Set(names)) {
    const field = fields.find((candidate) => candidate.name === name && candidate.secret);
    if (!field) throw new AppError("validation_error", `${name} is not a secret of ${owner}`);
    if (given[name]) throw new AppError("validation_error", `${field.label} cannot be replaced and cleared at once`);
    cleared.push(field);
  }
  return cleared;
}

/** Whether clearing these leaves the integration without a secret it needs (then it is not connected). */
export function clearsRequiredSecret(cleared: readonly SecretFieldInfo[]): boolean {
  return cleared.some((field) => field.required);
}
