import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { assignClientRequest, assignClientResponse } from "../../core/contracts/assign-client.js";
import {
  activeCallJson,
  callJson,
  callsPage,
  callsPageQuery,
  deleteCallResponse,
  emptyBody,
  endAllCallsResponse,
  endCallResponse,
  listCallsQuery,
  logCallRequest,
  periodQuery,
  repriceCallsRequest,
  repriceCallsResponse,
  startCallRequest,
  updateCallRequest,
} from "../../core/contracts/calls.js";
import { idParam } from "../../core/contracts/common.js";
import { trackedEmailResponse } from "../../core/contracts/tracked-emails.js";
import { requireAuth } from "../auth/session-hook.js";
import { narrowedScope } from "../work/member-filter.js";
import { scopeKey, showsRates, workScope } from "../work/work-scope.js";
import { withoutRates } from "../../core/work-visibility.js";
import { presentTrackedEmail } from "../emails/tracked-email-presenter.js";
import { sendCachedJson } from "../http/read-cache.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { assignClient } from "./assign-client.js";
import { presentActiveCall, presentCall } from "./call-presenter.js";
import { findActiveCalls, findCalls, findClientCallsInPeriod, getClientForCall } from "./call-queries.js";
import { deleteCall } from "./delete-call.js";
import { endAllCalls } from "./end-all-calls.js";
import { endCall } from "./end-call.js";
import { findCallsPage } from "./find-calls-page.js";
import { findClientEmailsInPeriod } from "./find-client-emails.js";
import { logCall } from "./log-call.js";
import { resolvePeriodBounds } from "./period-bounds.js";
import { repriceCalls } from "./reprice-calls.js";
import { startCall } from "./start-call.js";
import { updateCall } from "./update-call.js";

/**
 * Calls: the live timer, logged calls, edits, the client log's
 * period queries. Also GET /api/emails/client/{id} for the client log until the email
 * feature owns it.
 */
export async function callsRoutes(app: FastifyInstance): Promise<void> {
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
      const query = parseInput(listCallsQuery, request.query);
      const rows = await findCalls(app.db, { ...workScope(auth), ...query });
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
    async (request) => {
      const auth = requireAuth(request);
      const query = parseInput(callsPageQuery, request.query);
      return findCallsPage(app.db, { ...(await narrowedScope(app.db, auth, query)), timezone: auth.account.timezone, query });
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

  app.post(
    "/api/calls/start",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "Start a call timer",
        tags: ["calls"],
        body: startCallRequest,
        response: { 201: callJson },
      }),
    },
    async (request, reply) => {
      const { account, userId } = requireAuth(request);
      const input = parseInput(startCallRequest, request.body);
      const call = await startCall(app.db, { account, userId, input, now: app.now() });
      reply.status(201);
      return presentCall(call);
    },
  );

  app.post(
    "/api/calls/end/:id",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "End a call timer and price the call",
        tags: ["calls"],
        params: idParam,
        body: emptyBody,
        response: { 200: endCallResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      parseInput(emptyBody, request.body);
      const { ownerId } = workScope(auth);
      const call = presentCall(await endCall(app.db, { account: auth.account, ownerId, callId: id, now: app.now() }));
      return { duration: call.duration, call };
    },
  );

  app.post(
    "/api/calls/end-all",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "End every running timer",
        tags: ["calls"],
        body: emptyBody,
        response: { 200: endAllCallsResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      parseInput(emptyBody, request.body);
      const { ownerId } = workScope(auth);
      const calls = (await endAllCalls(app.db, { account: auth.account, ownerId, now: app.now() })).map(presentCall);
      return { ended: calls.length, calls };
    },
  );

  app.post(
    "/api/calls/reprice",
    {
      schema: routeSchema({
        permission: "rates:write",
        summary: "Reprice unbilled calls with the current rules",
        tags: ["calls"],
        body: repriceCallsRequest,
        response: { 200: repriceCallsResponse },
      }),
    },
    async (request) => {
      const { account } = requireAuth(request);
      const { clientId } = parseInput(repriceCallsRequest, request.body);
      return repriceCalls(app.db, { account, clientId, now: app.now() });
    },
  );

  app.post(
    "/api/calls",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "Log a past call",
        tags: ["calls"],
        body: logCallRequest,
        response: { 201: callJson },
      }),
    },
    async (request, reply) => {
      const { account, userId } = requireAuth(request);
      const input = parseInput(logCallRequest, request.body);
      const call = await logCall(app.db, { account, userId, input, now: app.now() });
      reply.status(201);
      return presentCall(call);
    },
  );

  app.patch(
    "/api/calls/:id",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "Edit a call",
        tags: ["calls"],
        params: idParam,
        body: updateCallRequest,
        response: { 200: callJson },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(updateCallRequest, request.body);
      const { ownerId } = workScope(auth);
      return presentCall(await updateCall(app.db, { account: auth.account, ownerId, callId: id, input, now: app.now() }));
    },
  );

  app.post(
    "/api/calls/:id/assign-client",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "Assign a client to a call and remember its numbers or addresses for that client",
        tags: ["calls"],
        params: idParam,
        body: assignClientRequest,
        response: { 200: assignClientResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(assignClientRequest, request.body);
      const { ownerId } = workScope(auth);
      const { call, remembered } = await assignClient(app.db, {
        account: auth.account,
        ownerId,
        callId: id,
        input,
        now: app.now(),
      });
      return { call: presentCall(call), remembered };
    },
  );

  app.delete(
    "/api/calls/:id",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "Delete a call",
        tags: ["calls"],
        params: idParam,
        body: emptyBody,
        response: { 200: deleteCallResponse },
      }),
    },
    async (request) => {
      const scope = workScope(requireAuth(request));
      const { id } = parseInput(idParam, request.params);
      parseInput(emptyBody, request.body);
      await deleteCall(app.db, { ...scope, callId: id });
      return { success: true, id };
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
