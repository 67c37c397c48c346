import type { FastifyInstance } from "fastify";
import {
  clientImportPreviewJson,
  clientImportRequest,
  clientImportResultJson,
  contactCheckJson,
  contactCheckQuery,
} from "../../core/contracts/client-import.js";
import { requireAuth } from "../auth/session-hook.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { checkContact } from "./contact-check.js";
import { importClients, previewClientImport } from "./import-clients.js";

/** Clients that match captured calls (docs/first-run.md): the form's contact check and the CSV import. */
export async function clientImportRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/clients/contact-check",
    {
      schema: routeSchema({
        permission: "clients:read",
        summary: "Check a client's phone (read in the account's country) and find other clients with the same email or number",
        tags: ["clients"],
        querystring: contactCheckQuery,
        response: { 200: contactCheckJson },
      }),
    },
    async (request) => {
      const { accountId, account } = requireAuth(request);
      const query = parseInput(contactCheckQuery, request.query);
      return checkContact(app.db, { accountId, country: account.phoneCountry, ...query });
    },
  );

  app.post(
    "/api/clients/import/preview",
    {
      schema: routeSchema({
        permission: "clients:write",
        summary: "Read a CSV of clients (name, email, phone, company, rate): each row with its errors and warnings; nothing is saved",
        tags: ["clients"],
        body: clientImportRequest,
        response: { 200: clientImportPreviewJson },
      }),
    },
    async (request) => {
      const { accountId, account } = requireAuth(request);
      const { csv } = parseInput(clientImportRequest, request.body);
      return previewClientImport(app.db, { accountId, country: account.phoneCountry, csv });
    },
  );

  app.post(
    "/api/clients/import",
    {
      schema: routeSchema({
        permission: "clients:write",
        summary: "Import a CSV of clients: all rows, or none when any row has an error",
        tags: ["clients"],
        body: clientImportRequest,
        response: { 201: clientImportResultJson },
      }),
    },
    async (request, reply) => {
      const { accountId, account } = requireAuth(request);
      const { csv } = parseInput(clientImportRequest, request.body);
      const result = await importClients(app.db, { accountId, country: account.phoneCountry, csv, now: app.now() });
      reply.status(201);
      return result;
    },
  );
}
