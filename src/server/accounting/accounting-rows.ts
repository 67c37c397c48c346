import { and, asc, eq } from "drizzle-orm";
import {
  ACCOUNTING_KIND,
  type AccountingProviderId,
  type AccountingProviderInfo,
  accountingProvider,
  isAccountingProviderId,
} from "../../core/accounting/providers.js";
import { notFound } from "../../core/errors.js";
import { type AccountingSecret, readAccountingSecret } from "./sync/token-store.js";
import type { Db } from "../db/client.js";
import { integrations } from "../db/schema/index.js";
import type { IntegrationRow } from "../integrations/integration-store.js";
import { type SecretBox, SecretDecryptError } from "../http/secrets.js";

/**
 * The account's accounting connections: rows of `integrations` with kind "accounting", one per
 * provider. Every lookup here is scoped to the account, so another account's id is a 404.
 */
export type AccountingRow = IntegrationRow & { provider: AccountingProviderId };

/** The form's secret fields; `tokens` joins them in the secret once OAuth consent is granted. */
export const SECRET_FIELD_NAMES = ["clientSecret", "apiKey", "subscriptionKey", "password", "consumerSecret", "tokenSecret"];

/** Facts a provider tells us about the connected company (never typed by the user). */
export const PROVIDER_FACT_NAMES = ["realmId", "tenantId", "businessId", "organisationName"];

export function isAccountingRow(row: IntegrationRow): row is AccountingRow {
  return row.kind === ACCOUNTING_KIND && isAccountingProviderId(row.provider);
}

export function providerOf(row: AccountingRow): AccountingProviderInfo {
  return accountingProvider(row.provider);
}

/** The account's connections in catalogue order. */
export async function findAccountingRows(db: Db, accountId: number): Promise<AccountingRow[]> {
  const rows = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.accountId, accountId), eq(integrations.kind, ACCOUNTING_KIND)))
    .orderBy(asc(integrations.id));
  return rows.filter(isAccountingRow);
}

/** One of the account's connections by id; another account's id, or a row of another kind, is a 404. */
export async function getAccountingRow(db: Db, accountId: number, id: number): Promise<AccountingRow> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.accountId, accountId), eq(integrations.kind, ACCOUNTING_KIND)))
    .limit(1);
  if (!row || !isAccountingRow(row)) throw notFound("Financial integration");
  return row;
}

/** The decrypted secret; a secret that no longer decrypts (key changed) reads as empty, so the user can save it again. */
export function readSecretOrEmpty(box: SecretBox, row: IntegrationRow): AccountingSecret {
  try {
    return readAccountingSecret(box, row);
  } catch (error) {
    if (error instanceof SecretDecryptError) return {};
    throw error;
  }
}

/** Names of the secret fields that hold a value (what the form shows as "stored"). */
export function storedSecretNames(secret: AccountingSecret): string[] {
  return SECRET_FIELD_NAMES.filter((name) => typeof secret[name] === "string" && secret[name] !== "");
}

/** A string setting of the public config, or undefined. */
export function configText(row: IntegrationRow, name: string): string | undefined {
  const value = row.config?.[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}
