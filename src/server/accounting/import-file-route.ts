import type { FastifyInstance } from "fastify";
import { idParam } from "../../core/contracts/common.js";
import { importFileQuery } from "../../core/contracts/financial-integrations.js";
import { AppError } from "../../core/errors.js";
import { buildTimberlineImport } from "./exports/timberline-import.js";
import { requireAuth } from "../auth/session-hook.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { configText, getAccountingRow, providerOf } from "./accounting-rows.js";
import { findInvoiceLinesForExport } from "./export-queries.js";
import { accountToday } from "./revenue-export.js";

/**
 * Timberline's Accounts Receivable import file (docs/accounting.md): Timberline has no public API, so the
 * card offers this download instead of a sync; the layout is documented in
 * accounting/exports/timberline-import.ts. Other providers have no import file (409).
 */
export async function importFileRoute(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>(
    "/api/financial-integrations/:id/import-file",
    {
      schema: routeSchema({
        permission: "exports:read",
        summary: "Timberline's AR import file for the invoices issued in the range (a CSV download)",
        tags: ["financial-integrations"],
        params: idParam,
        querystring: importFileQuery,
        response: { 200: { description: "timberline-ar-import-{date}.csv", contentType: "text/csv" } },
      }),
    },
    async (request, reply) => {
      const { accountId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const range = parseInput(importFileQuery, request.query);
      const row = await getAccountingRow(app.db, accountId, id);
      const info = providerOf(row);
      if (row.provider !== "timberline")
        throw new AppError("conflict", `${info.name} has no import file: use Sync Now or Export CSV.`);
      const rows = await findInvoiceLinesForExport(app.db, accountId, range);
      const file = buildTimberlineImport(rows, {
        today: await accountToday(app.db, accountId, app.now()),
        revenueAccount: configText(row, "revenueAccountId") ?? null,
        receivableAccount: configText(row, "accountsReceivableId") ?? null,
      });
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("cache-control", "no-store");
      return file.content;
    },
  );
}
