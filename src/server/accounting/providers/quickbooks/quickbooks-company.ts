import { missingChoiceMessage } from "../../../../core/accounting/choices.js";
import { AccountingRejected } from "../../accounting-errors.js";
import type { AccountingInvoice, ProviderChoices } from "../../provider.js";
import type { QuickBooksSession, QuickBooksConfig } from "./quickbooks-settings.js";
import { callQuickBooks } from "./quickbooks-api.js";

/**
 * A QuickBooks company's country, currency and tax setup (docs/accounting.md), read at connect from
 * CompanyInfo, Preferences and TaxCode. Intuit documents that UK, Canadian and Australian companies
 * require a TaxCodeRef on every line ("Make sure all your transactions have a VAT rate before you
 * save", code 6000), and a company without multicurrency books in its home currency only. So:
 * CurrencyRef is sent only when multicurrency is on; an invoice in another currency is refused here,
 * with a sentence, before anything is sent; the user picks the tax code (non-taxable by default where
 * the company has one), and it goes on every line.
 */
export type QuickBooksTaxCode = { id: string; name: string; taxable: boolean; description: string | null };

export type QuickBooksCompanySetup = {
  companyName: string | null;
  country: string | null;
  homeCurrency: string | null;
  multiCurrencyEnabled: boolean;
  usingSalesTax: boolean;
  taxCodes: QuickBooksTaxCode[];
};

/** Countries whose QuickBooks requires a tax code on every transaction line. */
const TAX_CODE_COUNTRIES = ["GB", "CA", "AU"];

type CompanyInfoAnswer = { CompanyInfo?: { CompanyName?: string; Country?: string } };
type PreferencesAnswer = {
  Preferences?: {
    CurrencyPrefs?: { MultiCurrencyEnabled?: boolean; HomeCurrency?: { value?: string } };
    TaxPrefs?: { UsingSalesTax?: boolean };
  };
};
type TaxCodeRow = { Id?: string; Name?: string; Description?: string; Taxable?: boolean; Active?: boolean };

/** Three reads: the company, its preferences, its active tax codes. */
export async function readCompanySetup(session: QuickBooksSession): Promise<QuickBooksCompanySetup> {
  const realmId = session.config.realmId ?? "";
  const info = await callQuickBooks<CompanyInfoAnswer>(session, {
    method: "GET",
    resource: `companyinfo/${encodeURIComponent(realmId)}`,
  });
  const preferences = await callQuickBooks<PreferencesAnswer>(session, { method: "GET", resource: "preferences" });
  const codes = await callQuickBooks<{ QueryResponse?: { TaxCode?: TaxCodeRow[] } }>(session, {
    method: "GET",
    resource: "query",
    query: { query: "select * from TaxCode where Active = true" },
  });
  const currency = preferences.Preferences?.CurrencyPrefs;
  return {
    companyName: info.CompanyInfo?.CompanyName ?? null,
    country: info.CompanyInfo?.Country?.toUpperCase() ?? null,
    homeCurrency: currency?.HomeCurrency?.value?.toUpperCase() ?? null,
    multiCurrencyEnabled: currency?.MultiCurrencyEnabled === true,
    usingSalesTax: preferences.Preferences?.TaxPrefs?.UsingSalesTax === true,
    taxCodes: (codes.QueryResponse?.TaxCode ?? []).flatMap((row) =>
      row.Id && row.Name && row.Active !== false
        ? [{ id: row.Id, name: row.Name, taxable: row.Taxable === true, description: row.Description ?? null }]
        : [],
    ),
  };
}

export function requiresTaxCode(setup: QuickBooksCompanySetup): boolean {
  return setup.country !== null && TAX_CODE_COUNTRIES.includes(setup.country) && setup.usingSalesTax;
}

/** The non-taxable code proposed by default (the first one QuickBooks lists), when the company has one. */
function nonTaxable(setup: QuickBooksCompanySetup): QuickBooksTaxCode | null {
  return setup.taxCodes.find((code) => !code.taxable) ?? null;
}

/** The settings verify keeps: the company's facts always, the default tax code only while none is chosen. */
export function learnedFromSetup(setup: QuickBooksCompanySetup, config: QuickBooksConfig): Record<string, string> {
  const learned: Record<string, string> = {
    companyCountry: setup.country ?? "",
    homeCurrency: setup.homeCurrency ?? "",
    multiCurrencyEnabled: String(setup.multiCurrencyEnabled),
    taxCodeRequired: String(requiresTaxCode(setup)),
  };
  const proposed = nonTaxable(setup);
  if (!config.taxCodeId && proposed && requiresTaxCode(setup)) Object.assign(learned, taxCodeConfig(proposed));
  return learned;
}

function taxCodeConfig(code: QuickBooksTaxCode): Record<string, string> {
  return { taxCodeId: code.id, taxCodeName: code.name };
}

/** The Choose tax code dialog: the company's codes, what is chosen (or proposed), and the company's facts. */
export function taxCodeChoices(setup: QuickBooksCompanySetup, config: QuickBooksConfig): ProviderChoices {
  const required = requiresTaxCode(setup);
  const chosen = setup.taxCodes.find((code) => code.id === config.taxCodeId) ?? (required ? nonTaxable(setup) : null);
  return {
    choices: [
      {
        name: "taxCode",
        label: "Tax code",
        help: required
          ? `QuickBooks requires a tax code on every invoice line for a company in ${setup.country}. A taxable code adds that tax on top of Minutely's amounts in QuickBooks.`
          : "Put on every invoice line. A taxable code adds that tax on top of Minutely's amounts in QuickBooks.",
        required,
        selected: chosen?.id ?? null,
        options: setup.taxCodes.map((code) => ({
          value: code.id,
          label: code.name,
          detail: code.taxable ? "Taxable" : "Not taxable",
          config: taxCodeConfig(code),
        })),
      },
    ],
    facts: [
      { label: "Country", value: setup.country ?? "Not given" },
      { label: "Home currency", value: setup.homeCurrency ?? "Not given" },
      { label: "Multicurrency", value: setup.multiCurrencyEnabled ? "On" : "Off" },
    ],
  };
}

/**
 * What the invoice may carry: CurrencyRef only with multicurrency on; another currency without it is
 * refused with what to do, before any request. Facts not known (a connection made before they were
 * read) leave the invoice as it was: QuickBooks then answers for itself.
 */
export function currencyRefFor(session: QuickBooksSession, invoice: Pick<AccountingInvoice, "currency" | "number">) {
  const home = session.config.homeCurrency;
  const currency = invoice.currency.toUpperCase();
  if (!home) return { CurrencyRef: { value: currency } };
  if (session.config.multiCurrencyEnabled === "true") return { CurrencyRef: { value: currency } };
  if (currency === home) return {};
  throw new AccountingRejected(refusedCurrencyMessage(session, invoice));
}

export function refusedCurrencyMessage(
  session: QuickBooksSession,
  invoice: Pick<AccountingInvoice, "currency" | "number">,
): string {
  const company = session.config.organisationName ?? "This QuickBooks company";
  return `${company} keeps its books in ${session.config.homeCurrency} and multicurrency is off in QuickBooks, so invoice ${invoice.number} in ${invoice.currency.toUpperCase()} cannot be booked there. Invoice this client in ${session.config.homeCurrency}, or turn on multicurrency in QuickBooks (Settings → Account and settings → Advanced → Currency) and reconnect QuickBooks here.`;
}

/** The tax code every line carries, or none; a company that requires one and has none chosen is refused before sending. */
export function taxCodeRefFor(session: QuickBooksSession): { TaxCodeRef: { value: string } } | Record<string, never> {
  const id = session.config.taxCodeId;
  if (id) return { TaxCodeRef: { value: id } };
  const missing = missingChoiceMessage("quickbooks", session.config);
  if (missing) throw new AccountingRejected(missing);
  return {};
}
