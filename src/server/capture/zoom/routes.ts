import type { FastifyInstance } from "fastify";
import { successMessage } from "../../../core/contracts/response-fields.js";
import {
  setupZoomRequest,
  setupZoomResponse,
  zoomIntegrationJson,
  zoomWebhookParams,
  zoomWebhookResponse,
} from "../../../core/contracts/zoom.js";
import { AppError, notFound } from "../../../core/errors.js";
import { requireAuth } from "../../auth/session-hook.js";
import { ownerOf } from "../../integrations/integration-store.js";
import { registerWebhookRateLimitWithLookup } from "../../integrations/webhook-rate-limit.js";
import { publicOrigin } from "../../http/public-origin.js";
import { rawBodyOf, registerRawBodyParsers } from "../../http/raw-body.js";
import { routeSchema } from "../../http/route-schema.js";
import { secretBoxFor } from "../../http/secrets.js";
import { parseInput } from "../../http/validate.js";
import { receiveZoomWebhook } from "./receive-zoom-webhook.js";
import {
  disconnectZoom,
  findZoomIntegration,
  presentZoom,
  setupZoom,
  ZOOM_KIND,
  ZOOM_PROVIDER,
  zoomWebhookUrl,
} from "./zoom-integration.js";
import { countedTargetLookup } from "../webhook-target.js";

const SETUP_MESSAGE =
  "Zoom integration saved. Paste the webhook URL into your Zoom app's Event Subscription and add meeting.started, meeting.ended and meeting.participant_joined.";

/** Settings → Integrations → Zoom and Zoom's webhook. */
export async function zoomRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    "/api/integrations/setup-zoom",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Connect Zoom: the app's Client ID, Client Secret and Secret Token; answers the webhook URL to paste",
        tags: ["zoom"],
        body: setupZoomRequest,
        response: { 200: setupZoomResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(setupZoomRequest, request.body);
      const row = await setupZoom(app.db, secretBoxFor(app.config), {
        accountId: auth.accountId,
        userId: auth.userId,
        input,
        now: app.now(),
      });
      return {
        success: true as const,
        message: SETUP_MESSAGE,
        webhookUrl: zoomWebhookUrl(publicOrigin(app.config, request), row)!,
      };
    },
  );

  app.get(
    "/api/integrations/zoom",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "The Zoom connection: webhook URL, events to enable, status and last event (never a secret)",
        tags: ["zoom"],
        response: { 200: zoomIntegrationJson },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await findZoomIntegration(app.db, ownerOf(auth));
      return presentZoom(secretBoxFor(app.config), row, publicOrigin(app.config, request));
    },
  );

  app.delete(
    "/api/integrations/zoom",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Disconnect Zoom and erase its credentials (captured calls stay)",
        tags: ["zoom"],
        response: { 200: successMessage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await disconnectZoom(app.db, ownerOf(auth)))) throw notFound("Zoom integration");
      return {
        success: true as const,
        message:
          "Zoom disconnected: its credentials were erased and its webhook URL no longer accepts events. Captured calls stay.",
      };
    },
  );

  await app.register(zoomWebhookRoutes);
}

/** The webhook in its own scope: its body arrives as the raw string Zoom signed. */
async function zoomWebhookRoutes(scope: FastifyInstance): Promise<void> {
  registerRawBodyParsers(scope);
  // The delivery is counted and its integration read by the URL's token in one statement; an enabled
  // connection's target is remembered, and its next deliveries are counted in their capture's last statement.
  const targetOf = registerWebhookRateLimitWithLookup(
    scope,
    countedTargetLookup(ZOOM_KIND, ZOOM_PROVIDER),
    (token) => zoomWebhookParams.safeParse({ token }).success,
    { remember: (target) => target?.row.enabled === true },
  );
  scope.post<{ Params: { token: string } }>(
    "/api/webhooks/zoom/:token",
    {
      schema: routeSchema({
        summary: "Zoom's event notifications, signed with the app's Secret Token (x-zm-signature)",
        tags: ["zoom", "webhooks"],
        public: true,
        params: zoomWebhookParams,
        response: { 200: zoomWebhookResponse },
      }),
    },
    async (request) => {
      const params = zoomWebhookParams.safeParse(request.params);
      if (!params.success) throw new AppError("not_found", "Unknown webhook URL");
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === "string" ? value : undefined;
      };
      const result = await receiveZoomWebhook(scope.db, secretBoxFor(scope.config), {
        token: params.data.token,
        target: targetOf(request),
        deferredCount: targetOf.deferredCountOf(request),
        signature: header("x-zm-signature"),
        timestamp: header("x-zm-request-timestamp"),
        rawBody: rawBodyOf(request.body),
        now: scope.now(),
      });
      if (result.accountId !== null) {
        scope.statsCache.forgetAccount(result.accountId);
        scope.clientLogCache.forgetAccount(result.accountId);
      }
      return result.answer;
    },
  );
}
