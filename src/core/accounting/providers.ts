/**
 * The accounting providers of Financial Integrations (docs/accounting.md): one catalogue read by the
 * server (validation, which provider file runs) and the browser (cards, configure dialogs). Ids,
 * names and methods are fixed (the cards show them as written); features, fields and notes say what this product does with each.
 */

export const ACCOUNTING_PROVIDER_IDS = [
  "quickbooks",
  "xero",
  "freshbooks",
  "csv",
  "sage",
  "wave",
  "timberline",
  "netsuite",
] as const;
export type AccountingProviderId = (typeof ACCOUNTING_PROVIDER_IDS)[number];

/** How each provider connects. */
export type AccountingMethod = "oauth" | "none" | "api" | "database" | "token";

/** Financial integration record: connected, disconnected, error. */
export const ACCOUNTING_STATUSES = ["connected", "disconnected", "error"] as const;
export type AccountingStatus = (typeof ACCOUNTING_STATUSES)[number];

/** The `integrations.kind` of every accounting row. */
export const ACCOUNTING_KIND = "accounting";

export type AccountingConfigField = {
  name: string;
  label: string;
  /** Stored encrypted, never sent back (the form shows "stored" and a masked input). */
  secret: boolean;
  required: boolean;
  placeholder?: string;
  help?: string;
};

export type AccountingProviderInfo = {
  id: AccountingProviderId;
  name: string;
  method: AccountingMethod;
  description: string;
  /** The card's feature tags. */
  features: string[];
  fields: AccountingConfigField[];
  /** Syncs go to the provider's API (false: a file the accountant imports, or the CSV export). */
  syncsOverApi: boolean;
  /** Shown on the card, e.g. why a provider works through a file. */
  note?: string;
};

const clientId: AccountingConfigField = { name: "clientId", label: "Client ID", secret: false, required: true };
const clientSecret: AccountingConfigField = { name: "clientSecret", label: "Client Secret", secret: true, required: true };
const redirectUri: AccountingConfigField = {
  name: "redirectUri",
  label: "Redirect URI",
  secret: false,
  required: false,
  help: "Register this exact address in your developer app; it defaults to this site's callback.",
};
const accountsReceivableId: AccountingConfigField = {
  name: "accountsReceivableId",
  label: "Accounts Receivable Account ID",
  secret: false,
  required: false,
};
const revenueAccountId: AccountingConfigField = {
  name: "revenueAccountId",
  label: "Revenue Account ID",
  secret: false,
  required: false,
};

export const ACCOUNTING_PROVIDERS: readonly AccountingProviderInfo[] = [
  {
    id: "quickbooks",
    name: "QuickBooks",
    method: "oauth",
    description: "QuickBooks Online: customers, invoices and payments.",
    features: ["Customers", "Invoices", "Payments", "Voids"],
    fields: [clientId, clientSecret, redirectUri, accountsReceivableId, revenueAccountId],
    syncsOverApi: true,
  },
  {
    id: "xero",
    name: "Xero",
    method: "oauth",
    description: "Xero: contacts, sales invoices and payments.",
    features: ["Contacts", "Invoices", "Payments", "Voids"],
    fields: [clientId, clientSecret, redirectUri],
    syncsOverApi: true,
  },
  {
    id: "freshbooks",
    name: "FreshBooks",
    method: "oauth",
    description: "FreshBooks: clients, invoices and payments.",
    features: ["Clients", "Invoices", "Payments"],
    fields: [clientId, clientSecret, redirectUri],
    syncsOverApi: true,
  },
  {
    id: "csv",
    name: "CSV Export",
    method: "none",
    description: "A spreadsheet of invoice lines for any accounting package.",
    features: ["Invoice lines", "Revenue export"],
    fields: [],
    syncsOverApi: false,
  },
  {
    id: "sage",
    name: "Sage",
    method: "api",
    description: "Sage Accounting: contacts, sales invoices and payments.",
    features: ["Contacts", "Invoices", "Payments"],
    fields: [
      { name: "apiKey", label: "API Key", secret: true, required: true },
      { name: "subscriptionKey", label: "Subscription Key", secret: true, required: true },
      accountsReceivableId,
      revenueAccountId,
    ],
    syncsOverApi: true,
  },
  {
    id: "wave",
    name: "Wave",
    method: "oauth",
    description: "Wave: customers, invoices and payments.",
    features: ["Customers", "Invoices", "Payments"],
    fields: [clientId, clientSecret, redirectUri],
    syncsOverApi: true,
  },
  {
    id: "timberline",
    name: "Timberline",
    method: "database",
    description: "Sage 300 Construction and Real Estate (Timberline).",
    features: ["Import file"],
    fields: [
      { name: "serverName", label: "Server Name", secret: false, required: true },
      { name: "databaseName", label: "Database Name", secret: false, required: true },
      { name: "username", label: "Username", secret: false, required: true },
      { name: "password", label: "Password", secret: true, required: true },
    ],
    syncsOverApi: false,
    note: "Timberline has no public API: Minutely produces the Accounts Receivable import file for you to import in Sage 300 CRE.",
  },
  {
    id: "netsuite",
    name: "NetSuite",
    method: "token",
    description: "Oracle NetSuite: customers, invoices and payments (token-based authentication).",
    features: ["Customers", "Invoices", "Payments"],
    fields: [
      { name: "accountId", label: "Account ID", secret: false, required: true, placeholder: "1234567_SB1" },
      { name: "consumerKey", label: "Consumer Key", secret: false, required: true },
      { name: "consumerSecret", label: "Consumer Secret", secret: true, required: true },
      { name: "tokenId", label: "Token ID", secret: false, required: true },
      { name: "tokenSecret", label: "Token Secret", secret: true, required: true },
      { name: "subsidiaryId", label: "Subsidiary ID", secret: false, required: false },
    ],
    syncsOverApi: true,
  },
];

export function accountingProvider(id: AccountingProviderId): AccountingProviderInfo {
  const found = ACCOUNTING_PROVIDERS.find((provider) => provider.id === id);
  if (!found) throw new Error(`Unknown accounting provider ${id}`);
  return found;
}

export function isAccountingProviderId(value: string): value is AccountingProviderId {
  return (ACCOUNTING_PROVIDER_IDS as readonly string[]).includes(value);
}

/** Path of the OAuth callback (the Redirect URI's default is the site's origin plus this). */
export const ACCOUNTING_OAUTH_CALLBACK_PATH = "/api/financial-integrations/oauth/callback";
