import type { AccountingChoiceJson } from "@core/contracts/accounting-choices";
import { z } from "zod";

/** The dialog's values: one chosen option value per choice ("" until chosen). */
export type ChoicesFormValues = Record<string, string>;

/** Every required choice must be made; the server checks each pick against the provider's current list. */
export function choicesFormSchema(choices: readonly AccountingChoiceJson[]) {
  return z.object(
    Object.fromEntries(
      choices.map((choice) => [
        choice.name,
        choice.required ? z.string().min(1, `Choose a ${choice.label.toLowerCase()}`) : z.string(),
      ]),
    ),
  );
}

/** What the provider's lists show as chosen now (or proposed), else empty. */
export function choicesFormDefaults(choices: readonly AccountingChoiceJson[]): ChoicesFormValues {
  return Object.fromEntries(choices.map((choice) => [choice.name, choice.selected ?? ""]));
}
