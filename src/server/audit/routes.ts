import type { FastifyInstance } from "fastify";
import { AUDIT_PAGE_SIZE, auditPage, auditQuery, recordHistory } from "../../core/contracts/audit.js";
import { idParam } from "../../core/contracts/common.js";
import { requireAuth } from "../auth/session-hook.js";
import { parseInput } from "../http/validate.js";
import { routeSchema } from "../http/route-schema.js";
import { exportAuditCsv } from "./audit-csv.js";
import { presentAuditEvent } from "./audit-presenter.js";
import { findAuditPage } from "./audit-queries.js";
import { getRecordHistory, HISTORY_KINDS, type HistoryKind } from "./record-history.js";

/**
 * The audit trail, read-only (docs/audit-trail.md): the Settings log, its CSV, and each record's
 * History. There is no route that changes or deletes an audit row, and the table refuses it anyway.
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/audit",
    {
      schema: routeSchema({
        permission: "audit:read",
        summary: "The account's audit log, newest first, searchable and paged",
        tags: ["audit"],
        querystring: auditQuery,
        response: { 200: auditPage },
      }),
    },
    async (request) => {
      const { accountId, account } = requireAuth(request);
      const query = parseInput(auditQuery, request.query);
      const page = await findAuditPage(app.db, { accountId, query, timezone: account.timezone, limit: AUDIT_PAGE_SIZE });
      return { events: page.rows.map(presentAuditEvent), nextCursor: page.nextCursor === null ? null : String(page.nextCursor) };
    },
  );

  app.get(
    "/api/audit/export",
    {
      schema: routeSchema({
        permission: "audit:read",
        summary: "The audit log as CSV, with the same filters",
        tags: ["audit"],
        querystring: auditQuery,
        response: { 200: { description: "CSV file", contentType: "text/csv" } },
      }),
    },
    async (request, reply) => {
      const { accountId, account } = requireAuth(request);
      const query = parseInput(auditQuery, request.query);
      const csv = await exportAuditCsv(app.db, { accountId, query, timezone: account.timezone });
      const fileName = `audit-log-${app.now().toISOString().slice(0, 10)}.csv`;
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store");
      return csv;
    },
  );

  for (const kind of Object.keys(HISTORY_KINDS) as HistoryKind[]) {
    app.get(
      `/api/${kind}/:id/history`,
      {
        schema: routeSchema({
          permission: "audit:read",
          summary: `Every change to one ${HISTORY_KINDS[kind].name.toLowerCase()}, oldest first`,
          tags: ["audit"],
          params: idParam,
          response: { 200: recordHistory },
        }),
      },
      async (request) => {
        const { accountId } = requireAuth(request);
        const { id } = parseInput(idParam, request.params);
        return getRecordHistory(app.db, { accountId, kind, id });
      },
    );
  }
}
