import type { AccountingStandInControls } from "../accounting/controls.js";
import { type Answer, type ProviderRoutes, StandInOAuth, type StandInRequest, sequence, startRestStandIn } from "./core.js";
import { checkNetSuiteSignature, type NetSuiteSecrets } from "./netsuite-signature.js";

/**
 * A NetSuite account's REST record service (/services/rest/record/v1): upserts by external id
 * (`PUT /{type}/eid:{id}`), PATCH by internal id (`?replace=item` replaces the lines), GET by either,
 * `POST /invoice/{id}/!transform/creditMemo`; writes answer 204 with `Location`. Every request must
 * carry a valid OAuth 1.0a HMAC-SHA256 signature for the account (netsuite-signature.ts), else 401
 * with NetSuite's INVALID_LOGIN body.
 */
export type NetSuiteStandInOptions = Partial<NetSuiteSecrets> & { accountId?: string };

type NetSuiteRecord = Record<string, unknown> & { id: string; externalId?: string };
const TYPES = ["customer", "invoice", "customerPayment", "serviceSaleItem", "creditMemo"] as const;
const PREFIX = "/services/rest/record/v1/";

export type NetSuiteStandIn = AccountingStandInControls & {
  accountId: string;
  secrets: NetSuiteSecrets;
  records(type: (typeof TYPES)[number]): NetSuiteRecord[];
};

export async function startNetSuiteStandIn(options: NetSuiteStandInOptions = {}): Promise<NetSuiteStandIn> {
  const accountId = options.accountId ?? "1234567_SB1";
  const secrets: NetSuiteSecrets = {
    realm: accountId.toUpperCase(),
    consumerKey: options.consumerKey ?? "ns-consumer-key",
    consumerSecret: options.consumerSecret ?? "ns-consumer-secret",
    tokenId: options.tokenId ?? "ns-token-id",
    tokenSecret: options.tokenSecret ?? "ns-token-secret",
  };
  const tables = new Map<string, Map<string, NetSuiteRecord>>(TYPES.map((type) => [type, new Map()]));
  const nextId = sequence(100);
  const usedNonces = new Set<string>();

  const error = (status: number, code: string, detail: string): Answer => ({
    status,
    body: {
      type: "https://www.rfc-editor.org/rfc/rfc9110.html",
      title: status === 404 ? "Not Found" : "Bad Request",
      status,
      "o:errorDetails": [{ detail, "o:errorCode": code }],
    },
  });
  const written = (request: StandInRequest, type: string, id: string): Answer => ({
    status: 204,
    headers: { location: `${request.origin}${PREFIX}${type}/${id}` },
  });
  const find = (type: string, key: string): NetSuiteRecord | undefined => {
    const table = tables.get(type);
    if (!table) return undefined;
    if (!key.startsWith("eid:")) return table.get(key);
    const external = key.slice(4);
    return [...table.values()].find((row) => row.externalId === external);
  };
  const checkReferences = (type: string, body: Record<string, unknown>): Answer | null => {
    if (type === "invoice") {
      const entity = (body.entity as { id?: string } | undefined)?.id;
      if (!entity || !find("customer", entity)) return error(400, "USER_ERROR", "Invalid value for the entity reference key.");
      const lines = (body.item as { items?: { item?: { id?: string } }[] } | undefined)?.items ?? [];
      if (lines.length === 0 || lines.some((line) => !line.item?.id || !find("serviceSaleItem", line.item.id)))
        return error(400, "USER_ERROR", "Every invoice line needs a valid item.");
    }
    if (type === "customerPayment") {
      const applied = (body.apply as { items?: { doc?: { id?: string } }[] } | undefined)?.items ?? [];
      if (applied.some((line) => !line.doc?.id || !find("invoice", line.doc.id)))
        return error(400, "USER_ERROR", "The payment applies to an invoice that does not exist.");
    }
    return null;
  };

  const route = (request: StandInRequest): Answer => {
    const rest = request.url.pathname.slice(PREFIX.length).split("/").map(decodeURIComponent);
    const [type, key, action, target] = rest;
    const table = type ? tables.get(type) : undefined;
    if (!type || !table) return error(404, "NONEXISTENT_RECORD_TYPE", `Record type ${type} does not exist.`);
    const body = (request.json ?? {}) as Record<string, unknown>;
    if (request.method === "GET" && !key) {
      const limit = Number(request.url.searchParams.get("limit") ?? 1000);
      const items = [...table.values()].slice(0, limit).map((row) => ({ id: row.id }));
      return {
        status: 200,
        body: { count: items.length, hasMore: table.size > items.length, items, offset: 0, totalResults: table.size },
      };
    }
    if (!key) return error(405, "INVALID_REQUEST", "Method not allowed here.");
    const existing = find(type, key);
    if (request.method === "GET")
      return existing ? { status: 200, body: existing } : error(404, "NONEXISTENT_ID", `${type} ${key} was not found.`);
    if (request.method === "PUT" && key.startsWith("eid:") && !action) {
      const refused = checkReferences(type, body);
      if (refused) return refused;
      const row = existing ?? { id: nextId(), externalId: key.slice(4) };
      Object.assign(row, body, { id: row.id, externalId: row.externalId });
      table.set(row.id, row);
      return written(request, type, row.id);
    }
    if (request.method === "PATCH" && !action) {
      if (!existing) return error(404, "NONEXISTENT_ID", `${type} ${key} was not found.`);
      const refused = checkReferences(type, { ...existing, ...body });
      if (refused) return refused;
      Object.assign(existing, body, { id: existing.id, externalId: existing.externalId });
      return written(request, type, existing.id);
    }
    if (request.method === "POST" && type === "invoice" && action === "!transform" && target === "creditMemo") {
      if (!existing) return error(404, "NONEXISTENT_ID", `invoice ${key} was not found.`);
      const memos = tables.get("creditMemo")!;
      const external = typeof body.externalId === "string" ? body.externalId : undefined;
      if (external && find("creditMemo", `eid:${external}`))
        return error(400, "DUP_RCRD", "A record with this external ID already exists.");
      const memo: NetSuiteRecord = {
        id: nextId(),
        externalId: external,
        createdFrom: { id: existing.id },
        entity: existing.entity,
        item: existing.item,
        memo: body.memo,
      };
      memos.set(memo.id, memo);
      existing.status = { id: "paidInFull", refName: "Paid In Full" };
      existing.voidedBy = { id: memo.id };
      return written(request, "creditMemo", memo.id);
    }
    return error(405, "INVALID_REQUEST", `${request.method} is not supported on ${request.url.pathname}.`);
  };

  const unauthorized = (): Answer => ({
    status: 401,
    body: {
      type: "https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.2",
      title: "Unauthorized",
      status: 401,
      "o:errorDetails": [
        {
          detail:
            "Invalid login attempt. For more details, see the Login Audit Trail in the NetSuite UI at Setup > Users/Roles > User Management > View Login Audit Trail.",
          "o:errorCode": "INVALID_LOGIN",
        },
      ],
    },
  });

  const routes: ProviderRoutes = {
    isApi: (path) => path.startsWith(PREFIX),
    unauthorized,
    authenticate: (request) => (checkNetSuiteSignature(request, secrets, usedNonces) ? unauthorized() : null),
    route,
    counts: () => ({
      customers: tables.get("customer")!.size,
      invoices: tables.get("invoice")!.size,
      payments: tables.get("customerPayment")!.size,
    }),
  };
  // NetSuite has no OAuth 2.0 token endpoint in this flow; the core still wants one.
  const controls = await startRestStandIn(routes, new StandInOAuth("unused", "unused", "body"));
  return { ...controls, accountId, secrets, records: (type) => [...tables.get(type)!.values()] };
}
