import type { FastifyInstance } from "fastify";
import { successMessage } from "../../../core/contracts/response-fields.js";
import {
  teamsIntegrationJson,
  teamsSaveResponse,
  teamsSettingsRequest,
  teamsTestRequest,
  teamsTestResponse,
  teamsWebhookParams,
  teamsWebhookQuery,
  teamsWebhookResponse,
} from "../../../core/contracts/teams.js";
import { AppError, notFound } from "../../../core/errors.js";
import { requireAuth } from "../../auth/session-hook.js";
import { publicOrigin } from "../../http/public-origin.js";
import { rawBodyOf, registerRawBodyParsers, WEBHOOK_BODY_LIMIT } from "../../http/raw-body.js";
import { routeSchema } from "../../http/route-schema.js";
import { secretBoxFor } from "../../http/secrets.js";
import { parseInput } from "../../http/validate.js";
import { ownerOf } from "../../integrations/integration-store.js";
import { claimAndQueue } from "../../integrations/webhook-intake.js";
import { registerWebhookRateLimitWithLookup } from "../../integrations/webhook-rate-limit.js";
import { receiveTeamsLifecycle } from "./receive-teams-lifecycle.js";
import { receiveTeamsWebhook, type TeamsWebhookRequest } from "./receive-teams-webhook.js";
import { findTeamsIntegration, presentTeams, TEAMS_KIND, TEAMS_PROVIDER } from "./teams-integration.js";
import { countedTargetLookup } from "../webhook-target.js";
import { disconnectTeams, saveTeams, type TeamsContext, testTeams } from "./teams-setup.js";

/** Settings → Integrations → Teams and Graph's change notifications. */
export async function teamsRoutes(app: FastifyInstance): Promise<void> {
  const context = (): TeamsContext => ({ db: app.db, box: secretBoxFor(app.config), config: app.config, now: app.now() });

  app.get(
    "/api/integrations/teams",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary:
          "The Teams connection: tenant and client IDs, status, webhook URL, subscription expiry, last event and error (never the secret)",
        tags: ["teams"],
        response: { 200: teamsIntegrationJson },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await findTeamsIntegration(app.db, ownerOf(auth));
      return presentTeams(secretBoxFor(app.config), row, publicOrigin(app.config, request));
    },
  );

  app.post(
    "/api/integrations/teams",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary:
          "Save Teams: tenantId, clientId, clientSecret (optional when stored), enabled; when enabled, proves the credentials with Microsoft and subscribes to call records",
        tags: ["teams"],
        body: teamsSettingsRequest,
        response: { 200: teamsSaveResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(teamsSettingsRequest, request.body);
      const origin = publicOrigin(app.config, request);
      const { row, created } = await saveTeams(context(), {
        accountId: auth.accountId,
        userId: auth.userId,
        ownerEmail: auth.user.email,
        input,
        origin,
      });
      const integration = presentTeams(secretBoxFor(app.config), row, origin);
      return {
        success: true as const,
        created,
        message: integration.enabled
          ? "Teams connected: Microsoft issued a token and Graph will notify this app of every call record."
          : "Teams settings saved; capture is off until you enable it.",
        integration,
      };
    },
  );

  app.post(
    "/api/integrations/teams/test",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Test Teams credentials: asks Microsoft's identity platform for a Graph token; Microsoft's own error on failure",
        tags: ["teams"],
        body: teamsTestRequest,
        response: { 200: teamsTestResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(teamsTestRequest, request.body);
      return testTeams(context(), { accountId: auth.accountId, userId: auth.userId, input });
    },
  );

  app.delete(
    "/api/integrations/teams",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary:
          "Disconnect Teams: deletes the Graph subscription (best effort) and erases the credentials (captured calls stay)",
        tags: ["teams"],
        response: { 200: successMessage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await disconnectTeams(context(), ownerOf(auth)))) throw notFound("Teams integration");
      return {
        success: true as const,
        message: "Teams disconnected: its subscription was removed and its credentials erased. Captured calls stay.",
      };
    },
  );

  await app.register(teamsWebhookRoutes);
}

/** The webhook in its own scope: its body arrives as the raw string Graph sent. */
async function teamsWebhookRoutes(scope: FastifyInstance): Promise<void> {
  registerRawBodyParsers(scope);
  // The count and the read of the token's row are one statement (capture/webhook-target.ts), for both URLs.
  const targetOf = registerWebhookRateLimitWithLookup(
    scope,
    countedTargetLookup(TEAMS_KIND, TEAMS_PROVIDER),
    (token) => teamsWebhookParams.safeParse({ token }).success,
  );
  // Graph's validation handshake is a POST with Content-Type text/plain (and no body worth reading).
  if (!scope.hasContentTypeParser("text/plain"))
    scope.addContentTypeParser("text/plain", { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
  // Two URLs of one shape: Graph's change notifications and the subscription's lifecycle notifications. Each
  // answers the validation handshake, and otherwise claims every notification and queues its job in one transaction.
  const graphNotifications = <Data extends object>(
    url: string,
    summary: string,
    jobName: "teams.fetch-call-record" | "teams.lifecycle",
    receive: (
      db: typeof scope.db,
      box: ReturnType<typeof secretBoxFor>,
      claimAndQueueJob:
        | ((claim: { eventId: string; accountId: number; receivedAt: Date }, data: Data) => Promise<boolean>)
        | null,
      request: TeamsWebhookRequest,
    ) => Promise<{ kind: "validation"; validationToken: string } | { kind: "notifications"; accepted: number }>,
  ): void => {
    scope.post<{ Params: { token: string } }>(
      url,
      {
        schema: routeSchema({
          summary,
          tags: ["teams", "webhooks"],
          public: true,
          params: teamsWebhookParams,
          querystring: teamsWebhookQuery,
          response: {
            200: { description: "The validation handshake: the decoded validationToken", contentType: "text/plain" },
            202: teamsWebhookResponse,
          },
        }),
      },
      async (request, reply) => {
        const params = teamsWebhookParams.safeParse(request.params);
        if (!params.success) throw new AppError("not_found", "Unknown webhook URL");
        const query = parseInput(teamsWebhookQuery, request.query);
        const jobs = scope.jobs;
        const result = await receive(
          scope.db,
          secretBoxFor(scope.config),
          jobs
            ? (claim, data) => claimAndQueue(scope.database, jobs, { provider: "teams", ...claim }, { name: jobName, data })
            : null,
          {
            token: params.data.token,
            target: targetOf(request),
            validationToken: query.validationToken,
            rawBody: rawBodyOf(request.body),
            now: scope.now(),
          },
        );
        if (result.kind === "validation") return reply.code(200).type("text/plain; charset=utf-8").send(result.validationToken);
        return reply.code(202).send({ accepted: result.accepted });
      },
    );
  };

  graphNotifications(
    "/api/webhooks/teams/:token",
    "Microsoft Graph's change notifications on call records (clientState checked) and its validationToken handshake",
    "teams.fetch-call-record",
    receiveTeamsWebhook,
  );
  graphNotifications(
    "/api/webhooks/teams/:token/lifecycle",
    "Microsoft Graph's lifecycle notifications of the call-records subscription (reauthorizationRequired, subscriptionRemoved, missed; clientState checked) and its validationToken handshake",
    "teams.lifecycle",
    receiveTeamsLifecycle,
  );
}
