import type { FastifyInstance } from "fastify";
import { idParam } from "../../core/contracts/common.js";
import {
  accountingRecordsQuery,
  accountingRecordsResponse,
  syncAllRequest,
  syncAllResponse,
  syncOneRequest,
  syncOneResponse,
} from "../../core/contracts/financial-integrations.js";
import { listAccountingRecords } from "./sync/records.js";
import { requireAuth } from "../auth/session-hook.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { accountingContextOf } from "./sync/accounting-context.js";
import { getAccountingRow } from "./accounting-rows.js";
import { syncAllFinancialIntegrations, syncFinancialIntegration } from "./sync-financial-integrations.js";

const TAGS = ["financial-integrations"];
const BASE = "/api/financial-integrations";

/** Sync Now, Sync Revenue Data and the per-invoice results (docs/accounting.md). */
export async function syncRoutes(app: FastifyInstance): Promise<void> {
  const context = accountingContextOf(app);

  app.post<{ Params: { id: string } }>(
    `${BASE}/:id/sync`,
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "Sync one connection over a date range (409 when it is disabled or not connected)",
        tags: TAGS,
        params: idParam,
        body: syncOneRequest,
        response: { 200: syncOneResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(syncOneRequest, request.body);
      const row = await getAccountingRow(app.db, auth.accountId, id);
      return syncFinancialIntegration(context, row, {
        accountId: auth.accountId,
        userId: auth.userId,
        range: input.dateRange,
        jobs: app.jobs,
      });
    },
  );

  app.post(
    `${BASE}/sync`,
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "Sync every enabled connection: one result each, and 'Successfully synced to X out of Y integrations'",
        tags: TAGS,
        body: syncAllRequest,
        response: { 200: syncAllResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(syncAllRequest, request.body);
      return syncAllFinancialIntegrations(context, {
        accountId: auth.accountId,
        userId: auth.userId,
        range: input.dateRange,
        jobs: app.jobs,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    `${BASE}/:id/records`,
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "What each client, invoice and payment is called there: remote ids, state, the provider's errors",
        tags: TAGS,
        params: idParam,
        querystring: accountingRecordsQuery,
        response: { 200: accountingRecordsResponse },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const query = parseInput(accountingRecordsQuery, request.query);
      const row = await getAccountingRow(app.db, accountId, id);
      return listAccountingRecords(app.db, { accountId, integrationId: row.id, entity: query.entity });
    },
  );
}
