import type { AccountingChoiceName } from "../../core/accounting/choices.js";
import type { AccountingProviderId } from "../../core/accounting/providers.js";
import type { ProviderSettings } from "./provider-settings.js";

/**
 * The accounting provider interface (docs/accounting.md): one implementation per provider, in
 * `accounting/providers/{id}.ts`, each with its own test against a local stand-in. Providers are
 * stateless: everything about one connection arrives in the `AccountingSession`, which the sync
 * engine (accounting/sync/) builds from the integration row. Providers never read the database,
 * never refresh tokens on their own (session.accessToken / renewAccessToken do, under a lock), and
 * call `session.beforeRequest()` before every HTTP request so the organisation's rate limit holds
 * across instances.
 */

/** Amounts are integer minor units in `currency` (ISO 4217, upper case). Dates are YYYY-MM-DD. */
export type AccountingCustomer = {
  localId: number;
  name: string;
  email: string | null;
  company: string | null;
  phone: string | null;
};

export type AccountingInvoiceLine = {
  description: string;
  /** Billed minutes (calls, meetings, emails) or null for a fixed line. */
  minutes: number | null;
  /** The line's total in minor units. */
  amountMinor: number;
  /** The work's date (YYYY-MM-DD). */
  date: string;
};

export type AccountingInvoice = {
  localId: number;
  number: string;
  issueDate: string;
  dueDate: string;
  currency: string;
  customerRemoteId: string;
  lines: AccountingInvoiceLine[];
  totalMinor: number;
  /** Local status: sent invoices are booked as owed; paid ones also get a payment; void ones are voided. */
  status: "sent" | "paid" | "void";
  memo: string | null;
};

export type AccountingPayment = {
  /** The local invoice id (one payment per paid invoice). */
  localId: number;
  invoiceRemoteId: string;
  customerRemoteId: string;
  amountMinor: number;
  currency: string;
  paidOn: string;
  reference: string;
};

/** A remote row: its id and, where the provider versions rows (QuickBooks SyncToken), its version. */
export type RemoteRef = { remoteId: string; remoteVersion?: string | null };

/** The stored state of an OAuth connection (encrypted in the integration's secret). */
export type OAuthTokens = {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  accessTokenExpiresAt: number;
  refreshTokenExpiresAt?: number | null;
};

/**
 * Where a provider's endpoints are. Absent `baseUrl`: the provider's own hosts. Set (config
 * `{PROVIDER}_BASE_URL`): every request of that provider, OAuth and API, goes to that base with the
 * provider's documented paths (a local stand-in in tests). `sandbox`: the provider's sandbox API host
 * where it has one (QuickBooks).
 */
export type ProviderEndpoints = { baseUrl?: string; sandbox?: boolean };

/** Settings by name, as code that serves every provider sees them (the rate limiter, the tests' sessions). */
export type SettingsRecord = Record<string, string | undefined>;

/**
 * Everything one call to a provider needs about one connection. `Config` and `Secrets` are the
 * provider's own typed settings (its `settings` schemas, provider-settings.ts); code that serves every
 * provider sees them by name.
 */
export type AccountingSession<Config = SettingsRecord, Secrets = SettingsRecord> = {
  integrationId: number;
  provider: AccountingProviderId;
  /** Public settings of the row (clientId, redirectUri, realmId, tenantId, account ids …), as the provider's schema reads them. */
  config: Config;
  /** Decrypted secret settings (clientSecret, apiKey, consumerSecret, tokenSecret …); never logged. */
  secrets: Secrets;
  endpoints: ProviderEndpoints;
  /** A valid access token (OAuth providers), refreshed in one place under the row's lock when needed. */
  accessToken(): Promise<string>;
  /** The provider refused `rejected` (401): refresh unless another worker already did; the new token. */
  renewAccessToken(rejected: string): Promise<string>;
  /** Waits for this organisation's next request slot (shared by every instance). Call before each request. */
  beforeRequest(): Promise<void>;
  /** The provider answered 429: every instance holds its requests to this organisation for `seconds`. */
  rateLimited(seconds: number): Promise<void>;
  /** Per-request deadline in milliseconds. */
  timeoutMs: number;
};

/** What a completed OAuth consent leaves: tokens for the secret, and public facts (realmId, tenantId, name). */
export type OAuthConnection = {
  tokens: OAuthTokens;
  config: Record<string, string>;
  organisationName: string | null;
};

/** One option of a choice: its `config` is what the connection's settings keep when it is chosen. */
export type ProviderChoiceOption = { value: string; label: string; detail: string | null; config: Record<string, string> };

/** A list the user picks from after connecting (docs/accounting.md): Xero accounts, QuickBooks tax codes, Sage businesses. */
export type ProviderChoice = {
  name: AccountingChoiceName;
  label: string;
  help: string | null;
  required: boolean;
  selected: string | null;
  options: ProviderChoiceOption[];
};

/** The choices and what the provider says about the company (shown beside them). */
export type ProviderChoices = { choices: ProviderChoice[]; facts: { label: string; value: string }[] };

/**
 * What a successful verify learned: the organisation's name, and settings to keep (QuickBooks'
 * country, home currency and tax setup, Xero's standard chart, Sage's businesses). A provider never
 * overwrites a user's choice here: it proposes only what is not set.
 */
export type VerifyResult = { organisationName: string | null; learned?: Record<string, string> };

export interface AccountingProvider<Config = SettingsRecord, Secrets = SettingsRecord> {
  readonly id: AccountingProviderId;

  /** Its public config and its secret as zod schemas: the session is read through them (provider-settings.ts). */
  readonly settings: ProviderSettings<Config, Secrets>;

  /** OAuth providers: the consent page for this row's app, carrying our signed `state`. */
  authorizationUrl?(input: { clientId: string; redirectUri: string; state: string; endpoints: ProviderEndpoints }): string;

  /** OAuth providers: the callback's code (and query, e.g. QuickBooks' realmId) → tokens and organisation. */
  exchangeCode?(input: {
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    code: string;
    query: Record<string, string | undefined>;
    endpoints: ProviderEndpoints;
    timeoutMs: number;
  }): Promise<OAuthConnection>;

  /** OAuth providers: spend `refreshToken` once for a new pair. Called only by the token store, under its lock. */
  refreshTokens?(input: {
    clientId: string;
    clientSecret: string;
    refreshToken: string;
    endpoints: ProviderEndpoints;
    timeoutMs: number;
  }): Promise<OAuthTokens>;

  /** One real call that proves the connection works; its answer names the remote organisation. */
  verify(session: AccountingSession<Config, Secrets>): Promise<VerifyResult>;

  /**
   * Throws AccountingRejected when the books cannot take this invoice at all (QuickBooks: a currency
   * without multicurrency, a required tax code not chosen), before the customer or anything is sent.
   */
  refuseInvoice?(session: AccountingSession<Config, Secrets>, invoice: Pick<AccountingInvoice, "currency" | "number">): void;

  /** Providers with something to choose after connecting: the lists, read live (docs/accounting.md). */
  readChoices?(session: AccountingSession<Config, Secrets>): Promise<ProviderChoices>;

  /** The remote customer for this client: `known` when the mapping has one (update it), else find by name or create with `idempotencyKey`. */
  upsertCustomer(
    session: AccountingSession<Config, Secrets>,
    customer: AccountingCustomer,
    options: { known: RemoteRef | null; idempotencyKey: string },
  ): Promise<RemoteRef>;

  /** Creates the invoice (`known` null) with `idempotencyKey`, or updates the known one. */
  upsertInvoice(
    session: AccountingSession<Config, Secrets>,
    invoice: AccountingInvoice,
    options: { known: RemoteRef | null; idempotencyKey: string },
  ): Promise<RemoteRef>;

  /** Voids the remote invoice (an invoice voided here is voided there). */
  voidInvoice(
    session: AccountingSession<Config, Secrets>,
    known: RemoteRef,
    options: { idempotencyKey: string },
  ): Promise<RemoteRef>;

  /** Records the payment of a paid invoice (created once; `idempotencyKey` guards the create). */
  createPayment(
    session: AccountingSession<Config, Secrets>,
    payment: AccountingPayment,
    options: { idempotencyKey: string },
  ): Promise<RemoteRef>;

  /** Revokes the tokens where the provider supports it (best effort; the row forgets them anyway). */
  disconnect?(session: AccountingSession<Config, Secrets>): Promise<void>;
}
