import type { AccountingProviderId } from "./providers.js";

/**
 * What a user chooses in the books after connecting (docs/accounting.md): a real organisation's chart, tax
 * setup and businesses are read from the provider and picked from a list by name, never typed. One
 * place says which choices each provider has, which settings record them, and the sentence a sync
 * refuses with while one is missing, so the card (browser) and the sync (server) agree.
 */
export const ACCOUNTING_CHOICE_NAMES = ["revenueAccount", "paymentAccount", "taxCode", "business"] as const;
export type AccountingChoiceName = (typeof ACCOUNTING_CHOICE_NAMES)[number];

/** The button on a connected card that opens its choices. */
export const CHOICES_BUTTON: Partial<Record<AccountingProviderId, string>> = {
  xero: "Choose accounts",
  quickbooks: "Choose tax code",
  sage: "Choose business",
};

type Config = Partial<Record<string, string | null | undefined>>;
const has = (config: Config, name: string) => typeof config[name] === "string" && config[name] !== "";

/**
 * The sentence a sync refuses with, before sending anything, while a choice the provider needs is
 * missing; null when nothing is missing. Settings named here are written by the choices
 * (server/accounting/accounting-choices.ts) and what the provider told us at connect.
 */
export function missingChoiceMessage(provider: AccountingProviderId, config: Config): string | null {
  switch (provider) {
    case "xero": {
      const revenue = has(config, "revenueAccountCode") || has(config, "revenueAccountRemoteId");
      const payment = has(config, "paymentAccountCode") || has(config, "paymentAccountRemoteId");
      if (revenue && payment) return null;
      const which = !revenue && !payment ? "the sales and the payment accounts" : !revenue ? "the sales account" : "the payment account";
      return `Choose ${which} in your Xero chart: use "${CHOICES_BUTTON.xero}" on the Xero card.`;
    }
    case "quickbooks":
      if (config.taxCodeRequired === "true" && !has(config, "taxCodeId"))
        return `QuickBooks needs a tax code on every invoice line for a company in ${config.companyCountry ?? "this country"}: use "${CHOICES_BUTTON.quickbooks}" on the QuickBooks card.`;
      return null;
    case "sage":
      if (Number(config.sageBusinessCount ?? 0) > 1 && !has(config, "siteId"))
        return `Your Sage login has ${config.sageBusinessCount} businesses: use "${CHOICES_BUTTON.sage}" on the Sage card to say which one Minutely books to.`;
      return null;
    default:
      return null;
  }
}

/** What was chosen, for the card ("Sales account: 200 · Sales"). */
export function chosenSummary(provider: AccountingProviderId, config: Config): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value) rows.push({ label, value });
  };
  if (provider === "xero") {
    add("Sales account", accountLabel(config.revenueAccountCode, config.revenueAccountName));
    add("Payment account", accountLabel(config.paymentAccountCode, config.paymentAccountName));
  } else if (provider === "quickbooks") {
    add("Tax code", config.taxCodeName);
    add("Home currency", config.homeCurrency);
  } else if (provider === "sage") {
    add("Business", config.siteName);
  }
  return rows;
}

/** An account as people read it in their chart: "200 · Sales", or only the name when it has no code. */
export function accountLabel(code: string | null | undefined, name: string | null | undefined): string | null {
  if (code && name) return `${code} · ${name}`;
  return name || code || null;
}
