import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { activeCallJson, callJson, callsPage, callsPageQuery, listCallsQuery, periodQuery } from "../../core/contracts/calls.js";
import { idParam } from "../../core/contracts/common.js";
import { encodeCursor } from "../../core/contracts/paging.js";
import { trackedEmailResponse } from "../../core/contracts/tracked-emails.js";
import { withoutRates } from "../../core/work-visibility.js";
import { requireAuth } from "../auth/session-hook.js";
import { presentTrackedEmail } from "../emails/tracked-email-presenter.js";
import { sendCachedJson } from "../http/read-cache.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { narrowedScope } from "../work/member-filter.js";
import { scopeKey, showsRates, workScope } from "../work/work-scope.js";
import { presentActiveCall, presentCall } from "./call-presenter.js";
import { findActiveCalls, findCalls, findClientCallsInPeriod, getClientForCall } from "./call-queries.js";
import { findCallsPage } from "./find-calls-page.js";
import { findClientEmailsInPeriod } from "./find-client-emails.js";
import { optionalPeriodBounds, resolvePeriodBounds } from "./period-bounds.js";

/**
 * Calls, the reads: the call list, its keyset pages, the running timers and the client log's period
 * queries. Also GET /api/emails/client/{id} for the client log until the email feature owns it.
 * The writes are in write-routes.ts.
 */
export async function callsReadRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/calls",
    {
      schema: routeSchema({
        permission: "calls:read",
        summary: "Calls, newest first",
        tags: ["calls"],
        querystring: listCallsQuery,
        response: { 200: z.array(callJson) },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { limit, offset, ...whose } = parseInput(listCallsQuery, request.query);
      const rows = await findCalls(app.db, { ...(await narrowedScope(app.db, auth, whose)), limit, offset });
      return rows.map(presentCall);
    },
  );

  app.get(
    "/api/calls/page",
    {
      schema: routeSchema({
        permission: "calls:read",
        summary: "Calls newest first, one keyset page at a time (optionally one client's, a period, unbilled only)",
        tags: ["calls"],
        querystring: callsPageQuery,
        response: { 200: callsPage },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = parseInput(callsPageQuery, request.query);
      const scope = await narrowedScope(app.db, auth, query);
      const timezone = auth.account.timezone;
      if (query.clientId === undefined) return findCallsPage(app.database, { ...scope, timezone, query });
      // The client log's page, through the read cache like its other reads: every one of its requests reached the
      // database and the serializer (docs/performance.md issue 26). Cached as text, so the rate-hiding hook does not
      // see it: the scope and the rates are in the key, and the rates are dropped here.
      const rates = showsRates(auth);
      const period = optionalPeriodBounds(query, timezone);
      const bounds = period ? `${period.start.getTime()} ${period.end.getTime()}` : "all";
      const cursor = query.cursor ? encodeCursor(query.cursor) : "first";
      const key = `page ${query.clientId} ${bounds} ${query.billing} ${query.limit} ${cursor} ${scopeKey(scope, rates)}`;
      return sendCachedJson(reply, app.clientLogCache, scope.accountId, key, async () => {
        const page = await findCallsPage(app.database, { ...scope, timezone, query });
        return rates ? page : withoutRates(page);
      });
    },
  );

  app.get(
    "/api/calls/active",
    {
      schema: routeSchema({
        permission: "calls:read",
        summary: "Running call timers",
        tags: ["calls"],
        response: { 200: z.array(activeCallJson) },
      }),
    },
    async (request) => {
      const scope = workScope(requireAuth(request));
      return (await findActiveCalls(app.db, scope.accountId, scope.ownerId)).map(presentActiveCall);
    },
  );

  // The client log's two reads, through the per-instance read cache (http/read-cache.ts).
  app.get(
    "/api/calls/client/:id",
    {
      schema: routeSchema({
        permission: "calls:read",
        summary: "One client's calls in a period (client log)",
        tags: ["calls"],
        params: idParam,
        querystring: periodQuery,
        response: { 200: z.array(callJson) },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const period = parseInput(periodQuery, request.query);
      const scope = await narrowedScope(app.db, auth, period);
      const { accountId, ownerId } = scope;
      const { start, end } = resolvePeriodBounds(period, auth.account.timezone);
      // Cached as text, so the rate-hiding hook does not see it: the scope and the rates are in the key.
      const rates = showsRates(auth);
      const key = `calls ${id} ${start.getTime()} ${end.getTime()} ${scopeKey(scope, rates)}`;
      return sendCachedJson(reply, app.clientLogCache, accountId, key, async () => {
        const rows = await findClientCallsInPeriod(app.database, { accountId, ownerId, clientId: id, start, end });
        const answer = rows.map(presentCall);
        return rates ? answer : withoutRates(answer);
      });
    },
  );

  app.get(
    "/api/emails/client/:id",
    {
      schema: routeSchema({
        permission: "calls:read",
        summary: "One client's tracked emails in a period (client log)",
        tags: ["emails"],
        params: idParam,
        querystring: periodQuery,
        response: { 200: z.array(trackedEmailResponse) },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const period = parseInput(periodQuery, request.query);
      const scope = await narrowedScope(app.db, auth, period);
      const { accountId, ownerId } = scope;
      const { start, end } = resolvePeriodBounds(period, auth.account.timezone);
      const rates = showsRates(auth);
      return sendCachedJson(
        reply,
        app.clientLogCache,
        accountId,
        `emails ${id} ${start.getTime()} ${end.getTime()} ${scopeKey(scope, rates)}`,
        async () => {
          const client = await getClientForCall(app.db, accountId, id, { allowArchived: true });
          const rows = await findClientEmailsInPeriod(app.db, { accountId, ownerId, clientId: id, start, end });
          const answer = rows.map((row) => presentTrackedEmail(row, client.name));
          return rates ? answer : withoutRates(answer);
        },
      );
    },
  );
}
