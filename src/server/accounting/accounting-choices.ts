import { and, eq, sql } from "drizzle-orm";
import { missingChoiceMessage } from "../../core/accounting/choices.js";
import type { AccountingChoicesJson, SaveAccountingChoicesInput } from "../../core/contracts/accounting-choices.js";
import { AppError } from "../../core/errors.js";
import { AccountingUnauthorized, isAccountingFailure } from "./accounting-errors.js";
import type { ProviderChoices } from "./provider.js";
import { apiProviderFor } from "./providers/index.js";
import type { AccountingContext } from "./sync/accounting-context.js";
import { configStrings, markConnectionRefused } from "./sync/integration-row.js";
import { openAccountingSession } from "./sync/session.js";
import { accountingRecords, integrations } from "../db/schema/index.js";
import { type AccountingRow, getAccountingRow, providerOf } from "./accounting-rows.js";

/**
 * After connecting (docs/accounting.md): the lists a provider offers (Xero's accounts, QuickBooks' tax codes,
 * Sage's businesses), read live from it, and the user's pick from them. A pick must be one of the
 * provider's own options at the moment it is saved; what it stands for (ids, codes, names) comes from
 * the provider's list, never from the browser. The provider's refusal is a 502 in its own words; a
 * refused connection also turns the card to "error" as a sync would.
 */
export async function readAccountingChoices(context: AccountingContext, row: AccountingRow): Promise<ProviderChoices> {
  const info = providerOf(row);
  const provider = apiProviderFor(row.provider);
  if (!provider?.readChoices) throw new AppError("conflict", `${info.name} has nothing to choose after connecting.`);
  if (row.status !== "connected")
    throw new AppError("conflict", `Connect ${info.name} first: its lists are read from ${info.name} once it is connected.`);
  try {
    return await provider.readChoices(openAccountingSession(context, row));
  } catch (error) {
    if (!isAccountingFailure(error)) throw error;
    if (error instanceof AccountingUnauthorized) {
      const message = await markConnectionRefused(context.db, row, error, context.now());
      throw new AppError("bad_gateway", message);
    }
    throw new AppError("bad_gateway", `${info.name} could not list your choices: ${error.message}`);
  }
}

/** The choices in the API's shape, with the sentence a sync would refuse with now. */
export function presentAccountingChoices(row: AccountingRow, choices: ProviderChoices): AccountingChoicesJson {
  return {
    integrationId: row.id,
    provider: row.provider,
    choices: choices.choices.map(({ options, ...choice }) => ({
      ...choice,
      options: options.map(({ config: _config, ...option }) => option),
    })),
    facts: choices.facts,
    missing: missingChoiceMessage(row.provider, configStrings(row.config)),
  };
}

/** Keeps the picks (each one of the provider's current options); another Sage business drops the old business's record links. */
export async function saveAccountingChoices(
  context: AccountingContext,
  row: AccountingRow,
  input: SaveAccountingChoicesInput,
): Promise<{ row: AccountingRow; message: string; choices: ProviderChoices }> {
  const info = providerOf(row);
  const choices = await readAccountingChoices(context, row);
  const learned: Record<string, string> = {};
  const picked: string[] = [];
  for (const [name, value] of Object.entries(input.choices)) {
    const choice = choices.choices.find((candidate) => candidate.name === name);
    if (!choice) throw new AppError("validation_error", `${info.name} has no "${name}" to choose.`);
    const option = choice.options.find((candidate) => candidate.value === value);
    if (!option)
      throw new AppError(
        "validation_error",
        `That ${choice.label.toLowerCase()} is not in ${info.name}'s list: reload the list and choose again.`,
      );
    Object.assign(learned, option.config);
    picked.push(`${choice.label}: ${option.label}`);
  }
  // The business is the company: records mapped in another business's books would update the wrong rows.
  const previousSite = configStrings(row.config).siteId;
  const businessChanged = Boolean(previousSite && learned.siteId && learned.siteId !== previousSite);
  await context.db.transaction(async (tx) => {
    await tx
      .update(integrations)
      .set({ config: sql`${integrations.config} || ${JSON.stringify(learned)}::jsonb`, updatedAt: context.now() })
      .where(and(eq(integrations.id, row.id), eq(integrations.accountId, row.accountId)));
    if (businessChanged)
      await tx
        .delete(accountingRecords)
        .where(and(eq(accountingRecords.accountId, row.accountId), eq(accountingRecords.integrationId, row.id)));
  });
  const saved = await getAccountingRow(context.db, row.accountId, row.id);
  const chosen = chosenAfter(choices, learned);
  return { row: saved, message: `${info.name} settings saved: ${picked.join("; ")}.`, choices: chosen };
}

/** The lists with the new picks selected (no second read from the provider). */
function chosenAfter(choices: ProviderChoices, learned: Record<string, string>): ProviderChoices {
  return {
    ...choices,
    choices: choices.choices.map((choice) => {
      const picked = choice.options.find((option) =>
        Object.entries(option.config).every(([name, value]) => learned[name] === value),
      );
      return picked ? { ...choice, selected: picked.value } : choice;
    }),
  };
}
