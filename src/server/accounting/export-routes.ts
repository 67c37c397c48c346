import type { FastifyInstance } from "fastify";
import { exportRequest, exportResponse, revenueExportQuery } from "../../core/contracts/financial-integrations.js";
import { requireAuth } from "../auth/session-hook.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { financialExportFileName, revenueExportFileName } from "./csv-export.js";
import { importFileRoute } from "./import-file-route.js";
import { accountToday, exportInvoiceLines, exportRevenue } from "./revenue-export.js";

const TAGS = ["financial-integrations"];
const BASE = "/api/financial-integrations";

/** Export CSV and the revenue export (docs/accounting.md): one row per invoice line, formula-safe. */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    `${BASE}/export`,
    {
      schema: routeSchema({
        permission: "exports:read",
        summary: "The invoice lines of issued invoices as CSV text (the browser saves it as a dated file)",
        tags: TAGS,
        body: exportRequest,
        response: { 200: exportResponse },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const input = parseInput(exportRequest, request.body);
      const { csv, rows } = await exportInvoiceLines(app.db, accountId, input.dateRange);
      const today = await accountToday(app.db, accountId, app.now());
      return { success: true as const, data: csv, filename: financialExportFileName(today), rows };
    },
  );

  app.get(
    `${BASE}/export/revenue`,
    {
      schema: routeSchema({
        permission: "exports:read",
        summary: "Revenue (lines of sent and paid invoices, by issue date) as a CSV download",
        tags: TAGS,
        querystring: revenueExportQuery,
        response: { 200: { description: "revenue-export-{date}.csv", contentType: "text/csv" } },
      }),
    },
    async (request, reply) => {
      const { accountId } = requireAuth(request);
      const range = parseInput(revenueExportQuery, request.query);
      const { csv } = await exportRevenue(app.db, accountId, range);
      const fileName = revenueExportFileName(await accountToday(app.db, accountId, app.now()));
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store");
      return csv;
    },
  );

  await app.register(importFileRoute);
}
