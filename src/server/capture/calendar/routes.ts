import type { FastifyInstance } from "fastify";
import {
  CALENDAR_FEED_OFF,
  calendarFeedJson,
  calendarPollJson,
  callProposalJson,
  callProposalList,
  callProposalQuery,
  confirmProposalRequest,
  FEED_REMOVED,
  saveCalendarFeedRequest,
} from "../../../core/contracts/calendar-feed.js";
import { emptyBody, idParam } from "../../../core/contracts/common.js";
import { successMessage } from "../../../core/contracts/response-fields.js";
import { AppError, notFound } from "../../../core/errors.js";
import { requireAuth } from "../../auth/session-hook.js";
import { workScope } from "../../work/work-scope.js";
import { routeSchema } from "../../http/route-schema.js";
import { secretBoxFor } from "../../http/secrets.js";
import { parseInput } from "../../http/validate.js";
import { confirmProposal, dismissProposal } from "./confirm-proposal.js";
import { ownerOf } from "../../integrations/integration-store.js";
import { countOpenProposals, findFeed, presentFeed } from "./feed-integration.js";
import { fetchOptionsFor, pollFeedRow, presentPoll } from "./poll-feed.js";
import { findProposals } from "./proposal-queries.js";
import { removeFeed, saveFeed } from "./save-feed.js";

/** Settings → Integrations → Calendar and the proposals it makes (docs/calendar-capture.md). */
export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  const path = "/api/integrations/calendar-feed";

  app.get(
    path,
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "The calendar feed: host, switches, status (never the address)",
        tags: ["calendar"],
        response: { 200: calendarFeedJson },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      return presentFeed(await findFeed(app.db, ownerOf(auth)), await countOpenProposals(app.db, auth.accountId));
    },
  );

  app.put(
    path,
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Save the private ICS address (checked by fetching it) and the switches",
        tags: ["calendar"],
        body: saveCalendarFeedRequest,
        response: { 200: calendarFeedJson },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(saveCalendarFeedRequest, request.body);
      const row = await saveFeed(app.db, secretBoxFor(app.config), {
        accountId: auth.accountId,
        userId: auth.userId,
        input,
        fetch: fetchOptionsFor(app.config),
        now: app.now(),
      });
      return presentFeed(row, await countOpenProposals(app.db, auth.accountId));
    },
  );

  app.delete(
    path,
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Remove the calendar feed (open proposals dismissed; confirmed calls stay)",
        tags: ["calendar"],
        response: { 200: successMessage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await removeFeed(app.db, ownerOf(auth), app.now()))) throw notFound("Calendar feed");
      return { success: true as const, message: FEED_REMOVED };
    },
  );

  app.post(
    `${path}/poll`,
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Poll the feed now (a conditional GET): what changed",
        tags: ["calendar"],
        body: emptyBody,
        response: { 200: calendarPollJson },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { accountId } = auth;
      parseInput(emptyBody, request.body);
      const row = await findFeed(app.db, ownerOf(auth));
      if (!row) throw notFound("Calendar feed");
      if (!row.enabled) throw new AppError("conflict", CALENDAR_FEED_OFF);
      const outcome = await pollFeedRow(app.db, secretBoxFor(app.config), {
        row,
        fetch: fetchOptionsFor(app.config),
        now: app.now(),
      });
      if (outcome.error) throw new AppError("bad_gateway", `The calendar could not be fetched: ${outcome.error}`);
      return presentPoll(app.db, accountId, await findFeed(app.db, ownerOf(auth)), outcome);
    },
  );

  app.get(
    "/api/call-proposals",
    {
      schema: routeSchema({
        permission: "calls:read",
        summary: "Meetings from the calendar feed, newest first",
        tags: ["calendar"],
        querystring: callProposalQuery,
        response: { 200: callProposalList },
      }),
    },
    async (request) => {
      const scope = workScope(requireAuth(request));
      const query = parseInput(callProposalQuery, request.query);
      return { proposals: await findProposals(app.db, scope, query) };
    },
  );

  app.post<{ Params: { id: string } }>(
    "/api/call-proposals/:id/confirm",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "Confirm a meeting: it becomes a priced call (409 when it is no longer proposed)",
        tags: ["calendar"],
        params: idParam,
        body: confirmProposalRequest,
        response: { 200: callProposalJson },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(confirmProposalRequest, request.body);
      const scope = workScope(auth);
      return confirmProposal(app.db, { ...scope, userId: auth.userId, proposalId: id, clientId: input.clientId, now: app.now() });
    },
  );

  app.post<{ Params: { id: string } }>(
    "/api/call-proposals/:id/dismiss",
    {
      schema: routeSchema({
        permission: "calls:write",
        summary: "Dismiss a meeting: not billable; the feed never brings it back",
        tags: ["calendar"],
        params: idParam,
        body: emptyBody,
        response: { 200: callProposalJson },
      }),
    },
    async (request) => {
      const scope = workScope(requireAuth(request));
      const { id } = parseInput(idParam, request.params);
      parseInput(emptyBody, request.body);
      return dismissProposal(app.db, { ...scope, proposalId: id, now: app.now() });
    },
  );
}
