import { z } from "zod";
import { ACCOUNTING_CHOICE_NAMES } from "../accounting/choices.js";
import { ACCOUNTING_PROVIDER_IDS } from "../accounting/providers.js";
import { text } from "./common.js";
import { financialIntegrationJson } from "./financial-integrations.js";
import { id } from "./response-fields.js";

/**
 * GET and PUT /api/financial-integrations/{id}/choices: the lists a connected provider
 * offers (Xero's accounts, QuickBooks' tax codes, Sage's businesses), read live from it, and the
 * user's pick from them. Shared by the route and the card's dialog.
 */
export const accountingChoiceName = z.enum(ACCOUNTING_CHOICE_NAMES, {
  error: `a choice must be one of ${ACCOUNTING_CHOICE_NAMES.join(", ")}`,
});

export const accountingChoiceJson = z.object({
  name: accountingChoiceName,
  label: text(),
  help: text().nullable(),
  required: z.boolean(),
  /** The option currently chosen (or proposed), by value. */
  selected: text().nullable(),
  options: z.array(z.object({ value: text(), label: text(), detail: text().nullable() })),
});
export type AccountingChoiceJson = z.infer<typeof accountingChoiceJson>;

export const accountingChoicesResponse = z.object({
  integrationId: id,
  provider: z.enum(ACCOUNTING_PROVIDER_IDS),
  choices: z.array(accountingChoiceJson),
  /** What the provider said about the company (country, home currency, multicurrency …). */
  facts: z.array(z.object({ label: text(), value: text() })),
  /** Why a sync would be refused now (a required choice not made), or null. */
  missing: text().nullable(),
});
export type AccountingChoicesJson = z.infer<typeof accountingChoicesResponse>;

/** PUT body: the chosen option's value per choice (only the choices sent change). */
export const saveAccountingChoicesRequest = z
  .object({
    choices: z
      .partialRecord(
        accountingChoiceName,
        text({ error: "a choice must be text" }).trim().min(1, "Choose one of the list").max(200),
      )
      .refine((choices) => Object.keys(choices).length > 0, "Choose at least one option"),
  })
  .strict();
export type SaveAccountingChoicesInput = z.input<typeof saveAccountingChoicesRequest>;

export const saveAccountingChoicesResponse = z.object({
  success: z.literal(true),
  message: text(),
  integration: financialIntegrationJson,
  choices: accountingChoicesResponse,
});
export type SaveAccountingChoicesResponse = z.infer<typeof saveAccountingChoicesResponse>;
