import type { IntegrationStatus } from "../../core/integration-status.js";
import {
  ACCOUNTING_KIND,
  type AccountingProviderId,
  type AccountingProviderInfo,
  accountingProvider,
} from "../../core/accounting/providers.js";
import { type FinancialConfig, missingConfigMessage } from "../../core/contracts/financial-config.js";
import { clearedSecretFields, clearsRequiredSecret } from "../../core/contracts/clear-secrets.js";
import { AppError } from "../../core/errors.js";
import { apiProviderFor } from "./providers/index.js";
import type { AccountingContext } from "./sync/accounting-context.js";
import type { AccountingSecret } from "./sync/token-store.js";
import { verifyAccountingConnection } from "./sync/verify-connection.js";
import { findIntegration, saveIntegration } from "../integrations/integration-store.js";
import { type AccountingRow, configText, isAccountingRow, readSecretOrEmpty, storedSecretNames } from "./accounting-rows.js";
import { startAccountingConsent } from "./oauth-consent.js";

export type SaveMode =
  /** POST and /setup: the form as a whole; an emptied public field is cleared, an empty secret keeps the stored one. */
  | "form"
  /** PUT: only the fields sent change. */
  | "partial";

export type SaveResult = {
  row: AccountingRow;
  created: boolean;
  message: string;
  /** OAuth providers without consent: where to send the browser, and the nonce for the state cookie. */
  consent: { authorizationUrl: string; nonce: string } | null;
};

/**
 * Creates or updates the account's connection to one provider (connecting with no
 * record creates it enabled; with one, saving updates it). Required fields come from the catalogue;
 * secrets are stored encrypted and an empty secret keeps the stored one. Then, per method: OAuth
 * waits for the consent (the answer carries its URL); API and token providers are checked with one
 * real call; CSV is on when enabled; Timberline keeps its settings for the import file. Bad input
 * is refused before anything is written.
 */
export async function saveFinancialIntegration(
  context: AccountingContext,
  options: {
    accountId: number;
    userId: number;
    provider: AccountingProviderId;
    config: FinancialConfig | undefined;
    enabled: boolean | undefined;
    mode: SaveMode;
    origin: string;
    /** Secret fields to erase without a replacement (PUT only). */
    clearSecrets?: readonly string[];
  },
): Promise<SaveResult> {
  const info = accountingProvider(options.provider);
  const key = { accountId: options.accountId, userId: null, kind: ACCOUNTING_KIND, provider: options.provider };
  const existing = await findIntegration(context.db, key);
  const previousSecret: AccountingSecret = existing ? readSecretOrEmpty(context.box, existing) : {};
  const given: Partial<Record<string, string>> = options.config ?? {};

  const publicConfig: Record<string, unknown> = { ...(existing?.config ?? {}) };
  const secret: AccountingSecret = { ...previousSecret };
  for (const field of info.fields) {
    const value = given[field.name];
    if (field.secret) {
      if (value) secret[field.name] = value;
    } else if (value) publicConfig[field.name] = value;
    else if (options.mode === "form") delete publicConfig[field.name];
  }
  const settings: Record<string, string | undefined> = {};
  for (const field of info.fields)
    settings[field.name] = field.secret ? undefined : (publicConfig[field.name] as string | undefined);
  const refusal = options.config || !existing ? missingConfigMessage(info, settings, storedSecretNames(secret)) : null;
  if (refusal) throw new AppError("validation_error", refusal);
  const cleared = clearedSecretFields(info.name, info.fields, options.clearSecrets ?? [], given);
  for (const field of cleared) delete secret[field.name];
  // Without a secret it needs the connection cannot reach the provider: set up again, and consent again
  // (an OAuth grant belongs to the client secret it was made with).
  const lostRequired = clearsRequiredSecret(cleared);
  if (lostRequired) delete secret.tokens;

  // Tokens belong to the app that was consented to: another Client ID needs a new consent.
  const clientChanged = existing !== null && configText(existing, "clientId") !== publicConfig.clientId;
  if (clientChanged) delete secret.tokens;
  const authorized = info.method === "oauth" && Boolean(secret.tokens?.refreshToken);
  const enabled = options.enabled ?? existing?.enabled ?? true;

  const saved = await saveIntegration(
    context.db,
    context.box,
    key,
    {
      enabled,
      config: publicConfig,
      ...(info.fields.some((field) => field.secret) ? { secret } : {}),
      ...initialStatus(info, { enabled, authorized, existingStatus: existing?.status ?? null, clientChanged }),
      ...(lostRequired ? { status: "not_connected" as const, lastError: null } : {}),
    },
    context.now(),
  );
  if (!isAccountingRow(saved)) throw new Error("saved an accounting row of another kind");
  let row: AccountingRow = saved;

  let message = savedMessage(info, enabled, authorized, configText(row, "organisationName"));
  let consent: SaveResult["consent"] = null;
  if (!options.config && options.enabled !== undefined && existing)
    message = info.method === "none" ? message : `${info.name} ${enabled ? "enabled" : "disabled"}.`;
  if (cleared.length > 0) message = clearedMessage(info, cleared, lostRequired);
  if (info.method === "oauth" && !authorized && publicConfig.clientId && secret.clientSecret) {
    if (apiProviderFor(options.provider)?.authorizationUrl) consent = startAccountingConsent(context, row, options.origin);
    else message = `${info.name} settings saved, but this server cannot connect to ${info.name} yet.`;
  }
  if ((info.method === "api" || info.method === "token") && options.config && !lostRequired) {
    // One real call: it sets the row connected (with the organisation's name) or error with the provider's words.
    const verified = await verifyAccountingConnection(context, row);
    // (It may answer without writing, e.g. when no provider file is registered: the refusal is kept here too.)
    if (!verified.ok)
      await saveIntegration(context.db, context.box, key, { status: "error", lastError: verified.message }, context.now());
    const checked = await findIntegration(context.db, key);
    if (checked && isAccountingRow(checked)) row = checked;
    message = verified.ok
      ? `${info.name} settings saved and checked: connected${verified.organisationName ? ` to ${verified.organisationName}` : ""}.`
      : `${info.name} settings saved, but the connection check failed: ${verified.message}`;
  }
  return { row, created: existing === null, message, consent };
}

type ConfigField = AccountingProviderInfo["fields"][number];

function clearedMessage(info: AccountingProviderInfo, cleared: ConfigField[], lostRequired: boolean): string {
  const labels = cleared.map((field) => field.label).join(" and ");
  return lostRequired
    ? `${info.name}: ${labels} cleared. ${info.name} is not connected until a new one is saved.`
    : `${info.name}: ${labels} cleared.`;
}

function initialStatus(
  info: AccountingProviderInfo,
  state: { enabled: boolean; authorized: boolean; existingStatus: string | null; clientChanged: boolean },
): { status?: IntegrationStatus; lastError?: string | null } {
  switch (info.method) {
    case "oauth":
      return state.authorized ? {} : { status: "not_connected", ...(state.clientChanged ? { lastError: null } : {}) };
    case "none":
      // Nothing remote to reach: the export works as soon as it is on, so on is connected.
      return { status: state.enabled ? "connected" : "not_connected", lastError: null };
    case "database":
      // No API to call: the card shows the import-file note instead of a status that would pretend.
      return { status: "not_connected", lastError: null };
    default:
      return state.existingStatus ? {} : { status: "not_connected" };
  }
}

function savedMessage(
  info: AccountingProviderInfo,
  enabled: boolean,
  authorized: boolean,
  organisation: string | undefined,
): string {
  switch (info.method) {
    case "oauth":
      return authorized
        ? `${info.name} settings saved; still connected${organisation ? ` to ${organisation}` : ""}.`
        : `${info.name} settings saved. Now connect: ${info.name} asks you to allow access on its own page.`;
    case "none":
      return enabled ? "CSV Export is on: download your invoice lines with Export CSV." : "CSV Export is off.";
    case "database":
      return `${info.name} settings saved. ${info.note ?? ""}`.trim();
    default:
      return `${info.name} settings saved.`;
  }
}
