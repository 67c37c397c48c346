import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  calculateBillingResponse,
  searchEmailsResponse,
  syncAccountingResponse,
  trackEmailResponse,
  trackedEmailResponse,
} from "../../core/contracts/emails.js";
import { emailsPageQuery } from "../../core/contracts/calls.js";
import { trackedEmailsPage } from "../../core/contracts/tracked-emails.js";
import { successMessage } from "../../core/contracts/response-fields.js";
import { idParam } from "../../core/contracts/common.js";
import {
  calculateBillingRequest,
  listEmailsQuery,
  searchEmailsRequest,
  syncAccountingRequest,
  trackEmailRequest,
} from "../../core/contracts/emails.js";
import { narrowedScope } from "../work/member-filter.js";
import { workScope } from "../work/work-scope.js";
import { requireAuth } from "../auth/session-hook.js";
import { secretBoxFor } from "../http/secrets.js";
import { parseInput } from "../http/validate.js";
import { ownerOf } from "../integrations/integration-store.js";
import { calculateBilling } from "./calculate-billing.js";
import { deleteTrackedEmail } from "./delete-tracked-email.js";
import { findEmailsPage } from "./find-emails-page.js";
import { findRecentTrackedEmails } from "./find-tracked-emails.js";
import { mailboxRoutes } from "./mailbox-routes.js";
import { searchEmails } from "./search-emails.js";
import { syncEmailToAccounting } from "./sync-accounting.js";
import { trackEmail } from "./track-email.js";
import { routeSchema } from "../http/route-schema.js";

/** Email time tracking: search, calculate, track, list, sync. */
export async function emailsRoutes(app: FastifyInstance): Promise<void> {
  await mailboxRoutes(app);

  app.post(
    "/api/emails/search",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "Search the caller's own connected mailbox by subject",
        tags: ["emails"],
        body: searchEmailsRequest,
        response: { 200: searchEmailsResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(searchEmailsRequest, request.body);
      return searchEmails(app.db, app.config, { owner: ownerOf(auth), ...input, now: app.now() });
    },
  );

  app.post(
    "/api/emails/calculate-billing",
    {
      schema: routeSchema({
        permission: "rates:read",
        summary: "Price chosen emails",
        tags: ["emails"],
        body: calculateBillingRequest,
        response: { 200: calculateBillingResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(calculateBillingRequest, request.body);
      return calculateBilling(app.db, {
        account: auth.account,
        emails: input.emails,
        rateCents: input.billingRate,
        clientId: input.clientId,
      });
    },
  );

  app.post(
    "/api/emails/track",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "Save a priced email for a client",
        tags: ["emails"],
        body: trackEmailRequest,
        response: { 201: trackEmailResponse },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const input = parseInput(trackEmailRequest, request.body);
      const result = await trackEmail(app.db, {
        account: auth.account,
        userId: auth.userId,
        email: input.emailData,
        clientId: input.clientId,
        rateCents: input.billingCalculation?.billingRate,
        now: app.now(),
      });
      reply.status(201);
      return result;
    },
  );

  app.get(
    "/api/emails",
    {
      schema: routeSchema({
        permission: "calls:read",
        summary: "Recent tracked emails",
        tags: ["emails"],
        querystring: listEmailsQuery,
        response: { 200: z.array(trackedEmailResponse) },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { limit } = parseInput(listEmailsQuery, request.query);
      return findRecentTrackedEmails(app.db, { ...workScope(auth), limit });
    },
  );

  app.get(
    "/api/emails/page",
    {
      schema: routeSchema({
        permission: "calls:read",
        summary: "Tracked emails newest first, one keyset page at a time (optionally one client's, a period)",
        tags: ["emails"],
        querystring: emailsPageQuery,
        response: { 200: trackedEmailsPage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const query = parseInput(emailsPageQuery, request.query);
      return findEmailsPage(app.db, { ...(await narrowedScope(app.db, auth, query)), timezone: auth.account.timezone, query });
    },
  );

  app.delete(
    "/api/emails/:id",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "Delete a tracked email",
        tags: ["emails"],
        params: idParam,
        response: { 200: successMessage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      await deleteTrackedEmail(app.db, { ...workScope(auth), id });
      return { success: true, message: "Tracked email deleted" };
    },
  );

  app.post(
    "/api/emails/:id/sync-accounting",
    {
      schema: routeSchema({
        permission: "invoices:write",
        summary: "Send a tracked email to the accounting system",
        tags: ["emails"],
        params: idParam,
        body: syncAccountingRequest,
        response: { 200: syncAccountingResponse, 409: syncAccountingResponse, 502: syncAccountingResponse },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const { integrationId } = parseInput(syncAccountingRequest, request.body);
      // The box is opened only when a connected provider is called (an unconnected answer needs no key).
      const context = {
        db: app.db,
        get box() {
          return secretBoxFor(app.config);
        },
        config: app.config,
        now: app.now,
      };
      const outcome = await syncEmailToAccounting(context, { accountId: auth.accountId, emailId: id, integrationId });
      const code = outcome.status === 502 ? "bad_gateway" : "conflict";
      const error = outcome.status >= 400 ? { error: code, requestId: request.id } : {};
      return reply.status(outcome.status).send({ ...outcome.body, ...error });
    },
  );
}
