import type { FastifyInstance } from "fastify";
import { idParam } from "../../core/contracts/common.js";
import {
  calculateBillingRequest,
  listEmailsQuery,
  searchEmailsRequest,
  syncAccountingRequest,
  trackEmailRequest,
} from "../../core/contracts/emails.js";
import { requireAuth } from "../auth/session-hook.js";
import { parseInput } from "../platform/validate.js";
import { calculateBilling } from "./calculate-billing.js";
import { deleteTrackedEmail } from "./delete-tracked-email.js";
import { findRecentTrackedEmails } from "./find-tracked-emails.js";
import { mailboxRoutes } from "./mailbox-routes.js";
import { searchEmails } from "./search-emails.js";
import { syncEmailToAccounting } from "./sync-accounting.js";
import { trackEmail } from "./track-email.js";

/** Email time tracking (spec 001 §2 /emails, §7 Email): search, calculate, track, list, sync. */
export async function emailsRoutes(app: FastifyInstance): Promise<void> {
  await mailboxRoutes(app);

  app.post("/api/emails/search", async (request) => {
    const auth = requireAuth(request);
    const input = parseInput(searchEmailsRequest, request.body);
    return searchEmails(app.db, app.config, { accountId: auth.accountId, ...input, now: app.now() });
  });

  app.post("/api/emails/calculate-billing", async (request) => {
    const auth = requireAuth(request);
    const input = parseInput(calculateBillingRequest, request.body);
    return calculateBilling(app.db, {
      account: auth.account,
      emails: input.emails,
      rateCents: input.billingRate,
      clientId: input.clientId,
    });
  });

  app.post("/api/emails/track", async (request, reply) => {
    const auth = requireAuth(request);
    const input = parseInput(trackEmailRequest, request.body);
    const result = await trackEmail(app.db, {
      account: auth.account,
      email: input.emailData,
      clientId: input.clientId,
      rateCents: input.billingCalculation?.billingRate,
      now: app.now(),
    });
    reply.status(201);
    return result;
  });

  app.get("/api/emails", async (request) => {
    const auth = requireAuth(request);
    const { limit } = parseInput(listEmailsQuery, request.query);
    return findRecentTrackedEmails(app.db, { accountId: auth.accountId, limit });
  });

  app.delete("/api/emails/:id", async (request) => {
    const auth = requireAuth(request);
    const { id } = parseInput(idParam, request.params);
    await deleteTrackedEmail(app.db, { accountId: auth.accountId, id });
    return { success: true, message: "Tracked email deleted" };
  });

  app.post("/api/emails/:id/sync-accounting", async (request, reply) => {
    const auth = requireAuth(request);
    const { id } = parseInput(idParam, request.params);
    const { integrationId } = parseInput(syncAccountingRequest, request.body);
    const outcome = await syncEmailToAccounting(app.db, { accountId: auth.accountId, emailId: id, integrationId });
    const error = outcome.status >= 400 ? { error: "conflict", requestId: request.id } : {};
    return reply.status(outcome.status).send({ ...outcome.body, ...error });
  });
}
