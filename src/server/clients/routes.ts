import type { FastifyInstance } from "fastify";
import { createClientRequest, listClientsQuery, updateClientRequest } from "../../core/contracts/clients.js";
import { idParam } from "../../core/contracts/common.js";
import { requireAuth } from "../auth/session-hook.js";
import { accountRules } from "../calls/pricing.js";
import { parseInput } from "../platform/validate.js";
import { presentClient } from "./client-presenter.js";
import { clientSummary } from "./client-summary.js";
import { createClient } from "./create-client.js";
import { deleteClient } from "./delete-client.js";
import { findClientCalls, findClientEmails, findClientInvoices } from "./find-client-activity.js";
import { findClients } from "./find-clients.js";
import { getClient } from "./get-client.js";
import { updateClient } from "./update-client.js";

/** Clients and the lists of the client detail page (spec 000 §2.6, §2.8, §7.2; DECISIONS.md 10). */
export async function clientsRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/clients", async (request) => {
    const auth = requireAuth(request);
    const { includeArchived } = parseInput(listClientsQuery, request.query);
    const rows = await findClients(app.db, { accountId: auth.accountId, includeArchived });
    const rules = accountRules(auth.account);
    return rows.map((row) => presentClient(row, rules));
  });

  app.post("/api/clients", async (request, reply) => {
    const auth = requireAuth(request);
    const input = parseInput(createClientRequest, request.body);
    const row = await createClient(app.db, { accountId: auth.accountId, input, now: app.now() });
    reply.status(201);
    return presentClient(row, accountRules(auth.account));
  });

  app.get("/api/clients/:id", async (request) => {
    const auth = requireAuth(request);
    const { id } = parseInput(idParam, request.params);
    const scope = { accountId: auth.accountId, clientId: id };
    const row = await getClient(app.db, scope);
    return { ...presentClient(row, accountRules(auth.account)), summary: await clientSummary(app.db, scope) };
  });

  app.put("/api/clients/:id", async (request) => {
    const auth = requireAuth(request);
    const { id } = parseInput(idParam, request.params);
    const input = parseInput(updateClientRequest, request.body);
    const row = await updateClient(app.db, { accountId: auth.accountId, clientId: id, input, now: app.now() });
    return presentClient(row, accountRules(auth.account));
  });

  app.delete("/api/clients/:id", async (request) => {
    const auth = requireAuth(request);
    const { id } = parseInput(idParam, request.params);
    return deleteClient(app.db, { accountId: auth.accountId, clientId: id, now: app.now() });
  });

  const lists = { calls: findClientCalls, emails: findClientEmails, invoices: findClientInvoices } as const;
  for (const [name, find] of Object.entries(lists)) {
    app.get(`/api/clients/:id/${name}`, async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const scope = { accountId: auth.accountId, clientId: id };
      await getClient(app.db, scope);
      return find(app.db, scope);
    });
  }
}
