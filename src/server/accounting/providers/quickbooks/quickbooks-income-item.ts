import type { QuickBooksSession } from "./quickbooks-settings.js";
import { callQuickBooks, QuickBooksRejected, quickBooksRequestId } from "./quickbooks-api.js";
import { type QuickBooksRow, queryLiteral } from "./quickbooks-payloads.js";

/**
 * Which Item the invoice lines name. In QuickBooks Online the income (revenue) account is a
 * property of the Item, not of the invoice line, so the Revenue Account ID setting is honoured
 * through an Item: a Service item "Minutely Services" whose IncomeAccountRef is that account,
 * found by name or created (and pointed at the configured account if it names another). Without
 * the setting, lines use the company's default "Services" item (Id 1), or `config.itemId` if set.
 * The found id is remembered per company and account, and forgotten when QuickBooks refuses an
 * invoice, so a deleted item is looked up again.
 */
export const INCOME_ITEM_NAME = "Minutely Services";
const DEFAULT_SERVICES_ITEM = "1";

type Item = QuickBooksRow & { Name: string; IncomeAccountRef?: { value: string } };

const known = new Map<string, string>();

function cacheKey(session: QuickBooksSession, accountId: string): string {
  return `${session.endpoints.baseUrl ?? ""}|${session.config.realmId}|${accountId}`;
}

export async function incomeItemFor(session: QuickBooksSession, idempotencyKey: string): Promise<string> {
  if (session.config.itemId) return session.config.itemId;
  const accountId = session.config.revenueAccountId;
  if (!accountId) return DEFAULT_SERVICES_ITEM;
  const key = cacheKey(session, accountId);
  const cached = known.get(key);
  if (cached) return cached;
  try {
    const itemId = await findOrCreateItem(session, accountId, idempotencyKey);
    known.set(key, itemId);
    return itemId;
  } catch (error) {
    // Name the setting: QuickBooks' own words alone ("Invalid Reference Id") do not say which one to fix.
    if (error instanceof QuickBooksRejected)
      throw new QuickBooksRejected(
        `QuickBooks refused the Revenue Account ID ${accountId} (the income account of the "${INCOME_ITEM_NAME}" item): ${error.message}`,
        error.status ?? 400,
        error.faultCode,
      );
    throw error;
  }
}

export function forgetIncomeItem(session: QuickBooksSession): void {
  const accountId = session.config.revenueAccountId;
  if (accountId) known.delete(cacheKey(session, accountId));
}

async function findOrCreateItem(session: QuickBooksSession, accountId: string, idempotencyKey: string): Promise<string> {
  const existing = await findItem(session);
  if (existing) return pointAt(session, existing, accountId, idempotencyKey);
  try {
    const created = await callQuickBooks<{ Item: Item }>(session, {
      method: "POST",
      resource: "item",
      body: { Name: INCOME_ITEM_NAME, Type: "Service", IncomeAccountRef: { value: accountId } },
      requestId: quickBooksRequestId(idempotencyKey, "income-item"),
    });
    return created.Item.Id;
  } catch (error) {
    // Another worker created it between our query and our create (Duplicate Name Exists): use theirs.
    const raced = error instanceof QuickBooksRejected && error.faultCode === "6240" ? await findItem(session) : null;
    if (!raced) throw error;
    return pointAt(session, raced, accountId, idempotencyKey);
  }
}

async function findItem(session: QuickBooksSession): Promise<Item | null> {
  const answer = await callQuickBooks<{ QueryResponse?: { Item?: Item[] } }>(session, {
    method: "GET",
    resource: "query",
    query: { query: `select * from Item where Name = ${queryLiteral(INCOME_ITEM_NAME)} and Active in (true, false)` },
  });
  return answer.QueryResponse?.Item?.[0] ?? null;
}

async function pointAt(session: QuickBooksSession, item: Item, accountId: string, idempotencyKey: string): Promise<string> {
  if (item.Active !== false && item.IncomeAccountRef?.value === accountId) return item.Id;
  const updated = await callQuickBooks<{ Item: Item }>(session, {
    method: "POST",
    resource: "item",
    body: { Id: item.Id, SyncToken: item.SyncToken, sparse: true, Active: true, IncomeAccountRef: { value: accountId } },
    requestId: quickBooksRequestId(idempotencyKey, `income-item-${item.SyncToken}`),
  });
  return updated.Item.Id;
}
