import type { FastifyInstance } from "fastify";
import { assignClientRequest, assignClientResponse } from "../../core/contracts/assign-client.js";
import {
  callJson,
  deleteCallResponse,
  emptyBody,
  endAllCallsResponse,
  endCallResponse,
  logCallRequest,
  repriceCallsRequest,
  repriceCallsResponse,
  startCallRequest,
  updateCallRequest,
} from "../../core/contracts/calls.js";
import { idParam } from "../../core/contracts/common.js";
import { requireAuth } from "../auth/session-hook.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { workScope } from "../work/work-scope.js";
import { assignClient } from "./assign-client.js";
import { presentCall } from "./call-presenter.js";
import { deleteCall } from "./delete-call.js";
import { endAllCalls } from "./end-all-calls.js";
import { endCall } from "./end-call.js";
import { logCall } from "./log-call.js";
import { repriceCalls } from "./reprice-calls.js";
import { startCall } from "./start-call.js";
import { updateCall } from "./update-call.js";

/**
 * Calls, the writes: the live timer (start, end, end all), logged calls, edits, assigning a client,
 * deleting, repricing. The reads are in read-routes.ts.
 */
export async function callsWriteRoutes(app: FastifyInstance): Promise<void> {
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
}
