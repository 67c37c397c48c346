import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  clientCallJson,
  clientDetailResponse,
  clientEmailJson,
  clientInvoiceJson,
  clientResponse,
  deleteClientResponse,
} from "../../core/contracts/clients.js";
import { createClientRequest, listClientsQuery, updateClientRequest } from "../../core/contracts/clients.js";
import { idParam } from "../../core/contracts/common.js";
import { periodQuery, periodTotalsJson } from "../../core/contracts/calls.js";
import { resolvePeriodBounds } from "../calls/period-bounds.js";
import { clientPeriodCsv, clientPeriodCsvFileName } from "./client-period-csv.js";
import { findPeriodTotals } from "./find-period-totals.js";
import { narrowedScope } from "../work/member-filter.js";
import { requireAuth } from "../auth/session-hook.js";
import { scopeKey, showsRates, workScope } from "../work/work-scope.js";
import { sendCachedJson } from "../http/read-cache.js";
import { parseInput } from "../http/validate.js";
import { presentClient } from "./client-presenter.js";
import { clientSummary } from "./client-summary.js";
import { createClient } from "./create-client.js";
import { deleteClient } from "./delete-client.js";
import { findClientCalls, findClientEmails, findClientInvoices } from "./find-client-activity.js";
import { findClients } from "./find-clients.js";
import { getClient } from "./get-client.js";
import { updateClient } from "./update-client.js";
import { routeSchema } from "../http/route-schema.js";

/** Clients and the lists of the client detail page (docs/decisions.md D10). */
export async function clientsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/clients",
    {
      schema: routeSchema({
        permission: "clients:read",
        summary: "List clients",
        tags: ["clients"],
        querystring: listClientsQuery,
        response: { 200: z.array(clientResponse) },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { includeArchived } = parseInput(listClientsQuery, request.query);
      const rows = await findClients(app.db, { accountId: auth.accountId, includeArchived });
      return rows.map((row) => presentClient(row, auth.account));
    },
  );

  app.post(
    "/api/clients",
    {
      schema: routeSchema({
        permission: "clients:write",
        summary: "Create a client",
        tags: ["clients"],
        body: createClientRequest,
        response: { 201: clientResponse },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const input = parseInput(createClientRequest, request.body);
      const row = await createClient(app.db, { accountId: auth.accountId, input, now: app.now() });
      reply.status(201);
      return presentClient(row, auth.account);
    },
  );

  app.get(
    "/api/clients/:id",
    {
      schema: routeSchema({
        permission: "clients:read",
        summary: "One client and its totals",
        tags: ["clients"],
        params: idParam,
        response: { 200: clientDetailResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const scope = { ...workScope(auth), clientId: id };
      const row = await getClient(app.db, scope);
      return { ...presentClient(row, auth.account), summary: await clientSummary(app.db, scope) };
    },
  );

  app.put(
    "/api/clients/:id",
    {
      schema: routeSchema({
        permission: "clients:write",
        summary: "Update a client",
        tags: ["clients"],
        params: idParam,
        body: updateClientRequest,
        response: { 200: clientResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(updateClientRequest, request.body);
      const row = await updateClient(app.db, { accountId: auth.accountId, clientId: id, input, now: app.now() });
      return presentClient(row, auth.account);
    },
  );

  app.delete(
    "/api/clients/:id",
    {
      schema: routeSchema({
        permission: "clients:write",
        summary: "Delete a client (archived when it has invoices)",
        tags: ["clients"],
        params: idParam,
        response: { 200: deleteClientResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      return deleteClient(app.db, { accountId: auth.accountId, clientId: id, now: app.now() });
    },
  );

  app.get(
    "/api/clients/:id/period-totals",
    {
      schema: routeSchema({
        permission: "calls:read",
        summary:
          "One client's totals for a period, summed by the database (client log cards and tab counts); amounts only for a role that sees rates",
        tags: ["clients"],
        params: idParam,
        querystring: periodQuery,
        response: { 200: periodTotalsJson },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const query = parseInput(periodQuery, request.query);
      const { start, end } = resolvePeriodBounds(query, auth.account.timezone);
      // The client log's member filter narrows its cards like its lists (work/member-filter.ts).
      const scope = await narrowedScope(app.db, auth, query);
      const rates = showsRates(auth);
      // Through the client log's read cache (http/read-cache.ts), like its pages; the answer holds amounts only when
      // `rates`, which is in the key with the scope.
      const key = `totals ${id} ${start.getTime()} ${end.getTime()} ${scopeKey(scope, rates)}`;
      return sendCachedJson(reply, app.clientLogCache, auth.accountId, key, () =>
        findPeriodTotals(app.db, { accountId: auth.accountId, clientId: id, start, end, ownerId: scope.ownerId, rates }),
      );
    },
  );

  app.get(
    "/api/clients/:id/export.csv",
    {
      schema: routeSchema({
        permission: "exports:read",
        summary: "One client's calls and emails of a period as CSV, streamed batch by batch",
        tags: ["clients"],
        params: idParam,
        querystring: periodQuery,
        response: { 200: { description: "{client}-{startDate}-{endDate}.csv", contentType: "text/csv" } },
      }),
    },
    async (request, reply) => {
      const { accountId, account } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const query = parseInput(periodQuery, request.query);
      const { start, end } = resolvePeriodBounds(query, account.timezone);
      // Before the first byte: a 404 for another account's client is still a whole answer.
      const client = await getClient(app.db, { accountId, clientId: id });
      const scope = { accountId, clientId: id, start, end, timezone: account.timezone, currency: account.currency };
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${clientPeriodCsvFileName(client.name, query.startDate, query.endDate)}"`,
        )
        .header("cache-control", "no-store")
        .send(Readable.from(clientPeriodCsv(app.db, scope)));
    },
  );

  const lists = {
    calls: { find: findClientCalls, item: clientCallJson },
    emails: { find: findClientEmails, item: clientEmailJson },
    invoices: { find: findClientInvoices, item: clientInvoiceJson },
  } as const;
  for (const [name, { find, item }] of Object.entries(lists)) {
    const schema = routeSchema({
      permission: name === "invoices" ? "invoices:read" : "calls:read",
      summary: `One client's ${name}`,
      tags: ["clients"],
      params: idParam,
      response: { 200: z.array(item) },
    });
    app.get(`/api/clients/:id/${name}`, { schema }, async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const scope = { ...workScope(auth), clientId: id };
      await getClient(app.db, scope);
      return find(app.db, scope);
    });
  }
}
