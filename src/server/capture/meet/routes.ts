import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ConsentFailure } from "../../../core/contracts/consent-outcome.js";
import {
  MEET_CALLBACK_PATH,
  MEET_CONNECT_PATH,
  MEET_RETURN_PATH,
  MEET_WEBHOOK_PATH,
  meetCallbackQuery,
  meetIntegrationJson,
  meetSaveResponse,
  meetSettingsRequest,
  meetTestRequest,
  meetTestResponse,
  meetWebhookParams,
  meetWebhookResponse,
} from "../../../core/contracts/meet.js";
import { successMessage } from "../../../core/contracts/response-fields.js";
import { AppError, notFound } from "../../../core/errors.js";
import { requireAuth } from "../../auth/session-hook.js";
import { type ConnectionOwner, ownerOf } from "../../integrations/integration-store.js";
import { integrations } from "../../db/schema/index.js";
import { publicOrigin } from "../../http/public-origin.js";
import { registerRawBodyParsers } from "../../http/raw-body.js";
import { routeSchema } from "../../http/route-schema.js";
import { secretBoxFor } from "../../http/secrets.js";
import { parseInput } from "../../http/validate.js";
import { grantedConsent, rememberConsentNonce, takeConsentNonce } from "../../integrations/consent-flow.js";
import { consentFailureOf } from "../../integrations/oauth-state.js";
import { claimAndQueue } from "../../integrations/webhook-intake.js";
import { registerWebhookRateLimitWithLookup } from "../../integrations/webhook-rate-limit.js";
import { disconnectMeet } from "./disconnect-meet.js";
import { finishMeetConsent, MEET_STATE_COOKIE, startMeetConsent } from "./meet-consent.js";
import { findMeetIntegration, MEET_KIND, MEET_PROVIDER, presentMeet, saveMeetSettings } from "./meet-integration.js";
import { meetSyncKey } from "./meet-jobs.js";
import { testMeetConnection } from "./meet-test.js";
import { receiveCalendarPush } from "./receive-calendar-push.js";
import { countedTargetLookup } from "../webhook-target.js";

const TAGS = ["meet"];

/** Settings → Integrations → Meet, Google's consent and Calendar's push notifications (docs/meet.md). */
export async function meetRoutes(app: FastifyInstance): Promise<void> {
  const origin = (request: FastifyRequest) => publicOrigin(app.config, request);
  const redirectUri = (request: FastifyRequest) => `${origin(request)}${MEET_CALLBACK_PATH}`;

  app.get(
    "/api/integrations/meet",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "The Google Meet connection: status, Google account, push channel, last event (never a secret or token)",
        tags: TAGS,
        response: { 200: meetIntegrationJson },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      return presentMeet(secretBoxFor(app.config), await findMeetIntegration(app.db, ownerOf(auth)), origin(request));
    },
  );

  app.post(
    "/api/integrations/meet",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Save the Google Cloud OAuth client (Client ID, Client Secret encrypted) and whether Meet capture is on",
        tags: TAGS,
        body: meetSettingsRequest,
        response: { 200: meetSaveResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(meetSettingsRequest, request.body);
      const box = secretBoxFor(app.config);
      const row = await saveMeetSettings(app.db, box, { accountId: auth.accountId, userId: auth.userId, input, now: app.now() });
      const data = presentMeet(box, row, origin(request));
      return {
        success: true as const,
        message:
          data.status === "connected"
            ? "Google Meet settings saved."
            : "Google Meet settings saved. Now connect your Google account.",
        data,
      };
    },
  );

  app.post(
    "/api/integrations/meet/test",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary:
          "Ask Google whether the Client ID and Client Secret are valid (or, once connected, refresh the token and read the calendar)",
        tags: TAGS,
        body: meetTestRequest,
        response: { 200: meetTestResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(meetTestRequest, request.body);
      return testMeetConnection(app.db, secretBoxFor(app.config), app.config, {
        accountId: auth.accountId,
        userId: auth.userId,
        input,
        redirectUri: redirectUri(request),
        now: app.now(),
      });
    },
  );

  app.delete(
    "/api/integrations/meet",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Disconnect Google Meet: stop the push channel, revoke the token, erase the credentials (captured calls stay)",
        tags: TAGS,
        response: { 200: successMessage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await disconnectMeet(app.db, secretBoxFor(app.config), app.config, { ...ownerOf(auth), now: app.now() })))
        throw notFound("Meet integration");
      return {
        success: true as const,
        message:
          "Google Meet disconnected: Minutely's access to your Google account was revoked and the credentials erased. Captured calls stay.",
      };
    },
  );

  app.get(
    MEET_CONNECT_PATH,
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Start Google's consent for the account's calendar and Meet records: redirects to Google",
        tags: TAGS,
        response: { 302: { description: "To Google's consent page" } },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { url, nonce } = await startMeetConsent(app.db, secretBoxFor(app.config), app.config, {
        ...ownerOf(auth),
        redirectUri: redirectUri(request),
        now: app.now(),
      });
      rememberConsentNonce(request, reply, MEET_CONSENT_COOKIE, nonce);
      return reply.redirect(url);
    },
  );

  app.get(
    MEET_CALLBACK_PATH,
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Google's answer to the consent: checks the state, stores the refresh token; redirects to Settings → Meet",
        tags: TAGS,
        querystring: meetCallbackQuery,
        response: { 302: { description: "To /settings?tab=integrations&sub=meet&meet=connected or &meet=error&reason={code}" } },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = parseInput(meetCallbackQuery, request.query);
      const cookieNonce = takeConsentNonce(request, reply, MEET_CONSENT_COOKIE);
      try {
        const { code, state } = grantedConsent(query, {
          denied: (error, description) => `Google consent did not complete: ${description || error}`,
          noCode: "Google's answer has no code. Start Connect Google account again from Settings.",
        });
        const { channelError } = await finishMeetConsent(app.db, secretBoxFor(app.config), app.config, {
          accountId: auth.accountId,
          userId: auth.userId,
          code,
          state,
          cookieNonce,
          redirectUri: redirectUri(request),
          origin: origin(request),
          now: app.now(),
        });
        const owner = ownerOf(auth);
        await app.jobs?.send("meet.sync-calendar", owner, { singletonKey: meetSyncKey(owner) });
        // Connected; a push channel Google refused is the row's last error, which the tab shows.
        if (channelError) await storeLastError(owner, channelError);
        return backToSettings(reply, { meet: "connected" });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const reason = consentFailureOf(error);
        // Google's words stay on the server: the tab shows the row's last error (docs/security.md).
        if (reason === "refused") await storeLastError(ownerOf(auth), error.message);
        return backToSettings(reply, { meet: "error", reason });
      }
    },
  );

  async function storeLastError(owner: ConnectionOwner, message: string): Promise<void> {
    const row = await findMeetIntegration(app.db, owner);
    if (row) await app.db.update(integrations).set({ lastError: message }).where(eq(integrations.id, row.id));
  }

  await app.register(calendarPushRoutes);
}

/** The consent's state cookie reaches only Meet's routes. */
const MEET_CONSENT_COOKIE = { name: MEET_STATE_COOKIE, path: "/api/integrations/meet" };

/**
 * The consent is a browser navigation: it ends on Settings → Meet with `meet=connected` or
 * `meet=error&reason={code}` (core/contracts/consent-outcome.ts), never words: the tab shows the
 * Google account and the last error from GET /api/integrations/meet.
 */
function backToSettings(reply: FastifyReply, outcome: { meet: "connected" } | { meet: "error"; reason: ConsentFailure }) {
  return reply.redirect(`${MEET_RETURN_PATH}&${new URLSearchParams(outcome).toString()}`);
}

/** Calendar push notifications in their own scope: Google posts an empty body; only the X-Goog-* headers count. */
async function calendarPushRoutes(scope: FastifyInstance): Promise<void> {
  registerRawBodyParsers(scope);
  // The count and the read of the token's row are one statement (capture/webhook-target.ts).
  const targetOf = registerWebhookRateLimitWithLookup(
    scope,
    countedTargetLookup(MEET_KIND, MEET_PROVIDER),
    (token) => meetWebhookParams.safeParse({ token }).success,
  );
  scope.post<{ Params: { token: string } }>(
    `${MEET_WEBHOOK_PATH}/:token`,
    {
      schema: routeSchema({
        summary: "Google Calendar push notifications (X-Goog-Channel-ID and X-Goog-Channel-Token checked)",
        tags: [...TAGS, "webhooks"],
        public: true,
        params: meetWebhookParams,
        response: { 200: meetWebhookResponse },
      }),
    },
    async (request) => {
      const params = meetWebhookParams.safeParse(request.params);
      if (!params.success) throw new AppError("not_found", "Unknown webhook URL");
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === "string" ? value : undefined;
      };
      const jobs = scope.jobs;
      return receiveCalendarPush(
        scope.db,
        secretBoxFor(scope.config),
        jobs
          ? ({ userId, ...claim }) =>
              claimAndQueue(
                scope.database,
                jobs,
                { provider: "meet-push", ...claim },
                {
                  name: "meet.sync-calendar",
                  data: { accountId: claim.accountId, userId },
                  options: { singletonKey: meetSyncKey({ accountId: claim.accountId, userId }) },
                },
              )
          : null,
        {
          token: params.data.token,
          target: targetOf(request),
          channelId: header("x-goog-channel-id"),
          channelToken: header("x-goog-channel-token"),
          resourceState: header("x-goog-resource-state"),
          messageNumber: header("x-goog-message-number"),
          now: scope.now(),
        },
      );
    },
  );
}
