import type { FastifyInstance } from "fastify";
import { joinWaitlistResponse, waitlistEntriesPage, waitlistStats } from "../../core/contracts/waitlist.js";
import {
  type JoinWaitlistResponse,
  joinWaitlistRequest,
  WAITLIST_MESSAGES,
  waitlistEntriesQuery,
  waitlistExportFileName,
} from "../../core/contracts/waitlist.js";
import { requireAdmin } from "../admin/require-admin.js";
import { parseInput } from "../http/validate.js";
import { exportWaitlistCsv } from "./export-waitlist-csv.js";
import { findWaitlistEntries } from "./find-waitlist-entries.js";
import { getWaitlistStats } from "./get-waitlist-stats.js";
import { DEFAULT_WAITLIST_LIMIT, joinWaitlist } from "./join-waitlist.js";
import { routeSchema } from "../http/route-schema.js";

/** The public waitlist form and its administrators-only dashboard (docs/decisions.md D11). */
export async function waitlistRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    "/api/waitlist",
    {
      schema: routeSchema({
        summary: "Join the waitlist",
        tags: ["waitlist"],
        public: true,
        body: joinWaitlistRequest,
        response: { 200: joinWaitlistResponse },
      }),
    },
    async (request): Promise<JoinWaitlistResponse> => {
      const input = parseInput(joinWaitlistRequest, request.body);
      const limit = app.config.waitlistLimit ?? DEFAULT_WAITLIST_LIMIT;
      await joinWaitlist(app.db, { input, address: request.ip, now: app.now(), limit });
      return { success: true, message: WAITLIST_MESSAGES.joined.description };
    },
  );

  app.get(
    "/api/waitlist/stats",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "Waitlist figures (administrators)",
        tags: ["waitlist"],
        response: { 200: waitlistStats },
      }),
    },
    async (request) => {
      requireAdmin(request);
      return getWaitlistStats(app.db, { now: app.now() });
    },
  );

  app.get(
    "/api/waitlist/entries",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "Waitlist entries, a page (administrators)",
        tags: ["waitlist"],
        querystring: waitlistEntriesQuery,
        response: { 200: waitlistEntriesPage },
      }),
    },
    async (request) => {
      requireAdmin(request);
      return findWaitlistEntries(app.db, parseInput(waitlistEntriesQuery, request.query));
    },
  );

  app.get(
    "/api/waitlist/export",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "Waitlist as CSV (administrators)",
        tags: ["waitlist"],
        response: { 200: { description: "CSV file", contentType: "text/csv" } },
      }),
    },
    async (request, reply) => {
      requireAdmin(request);
      const csv = await exportWaitlistCsv(app.db);
      const fileName = waitlistExportFileName(app.now().toISOString().slice(0, 10));
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store");
      return csv;
    },
  );
}
