import type { FastifyInstance, FastifyRequest } from "fastify";
import { emptyBody } from "../../../core/contracts/common.js";
import {
  callTestResultJson,
  callTestSessionJson,
  integrationStatusJson,
  landlineSettingsJson,
  landlineSettingsRequest,
  landlineUpdateRequest,
  mobileSettingsJson,
  mobileSettingsRequest,
  mobileTestResponse,
  phoneIntegrationJson,
  phoneIntegrationRequest,
  phoneIntegrationResponse,
  saveLandlineResponse,
  saveMobileResponse,
  sessionIdParam,
  startCallTestRequest,
} from "../../../core/contracts/phone.js";
import { requireAuth } from "../../auth/session-hook.js";
import { ownerOf } from "../../integrations/integration-store.js";
import { publicOrigin } from "../../http/public-origin.js";
import { routeSchema } from "../../http/route-schema.js";
import { secretBoxFor } from "../../http/secrets.js";
import { parseInput } from "../../http/validate.js";
import { endCallTest, startCallTest } from "./call-test.js";
import { clearLandlineSecrets } from "./clear-landline-secrets.js";
import { findLandline, presentLandline, saveLandline } from "./landline-settings.js";
import { findIntegrationMethods, findMobile, presentMobile, saveMobile, testMobile } from "./mobile-settings.js";
import { getIntegrationStatus, presentPhoneIntegration, updatePhoneIntegration } from "./phone-integration.js";
import { parsePhoneInput } from "./parse-phone-input.js";
import { phoneWebhookRoutes } from "./webhook-routes.js";

const MOBILE_SAVED =
  "Mobile integration saved. Text CALL_START [client] and CALL_END from this number to your Twilio or SignalWire number to track calls.";

/**
 * Phones (Settings → Mobile/iPhone and Landline/Office, /phone-integration;
 * docs/capture-pipeline.md): settings, status, the user's phone fields, the call test, and the phone webhooks.
 */
export async function phoneRoutes(app: FastifyInstance): Promise<void> {
  const origin = (request: FastifyRequest) => publicOrigin(app.config, request);

  app.get(
    "/api/integrations/mobile",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "The mobile number, carrier, status and integration methods",
        tags: ["phone"],
        response: { 200: mobileSettingsJson },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { accountId } = auth;
      const [row, methods] = await Promise.all([findMobile(app.db, ownerOf(auth)), findIntegrationMethods(app.db, accountId)]);
      return presentMobile(row, methods);
    },
  );

  app.post(
    "/api/integrations/mobile",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Save the mobile number and carrier",
        tags: ["phone"],
        body: mobileSettingsRequest,
        response: { 200: saveMobileResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parsePhoneInput(mobileSettingsRequest, request.body);
      const row = await saveMobile(app.db, secretBoxFor(app.config), {
        accountId: auth.accountId,
        userId: auth.userId,
        input,
        now: app.now(),
      });
      const { status, integrationMethods } = presentMobile(row, await findIntegrationMethods(app.db, auth.accountId));
      return { success: true as const, message: MOBILE_SAVED, data: { status, integrationMethods } };
    },
  );

  app.post(
    "/api/integrations/mobile/test",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Has an SMS or call from the mobile number reached Minutely? Says what to do if not",
        tags: ["phone"],
        body: emptyBody,
        response: { 200: mobileTestResponse },
      }),
    },
    async (request) => {
      const { accountId, userId, account } = requireAuth(request);
      parseInput(emptyBody, request.body);
      return testMobile(app.db, secretBoxFor(app.config), {
        accountId,
        userId,
        origin: origin(request),
        timezone: account.timezone,
      });
    },
  );

  app.get(
    "/api/integrations/landline",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "The landline: provider, number, status and the webhook URLs to paste (never a token or secret)",
        tags: ["phone"],
        response: { 200: landlineSettingsJson },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      return presentLandline(await findLandline(app.db, ownerOf(auth)), secretBoxFor(app.config), origin(request));
    },
  );

  for (const [url, summary] of [
    ["/api/integrations/landline", "Save the landline (one per account; another provider replaces it)"],
    ["/api/integrations/setup-phone", "Set up the phone line: the same as saving the landline; answers the webhook URLs"],
  ] as const) {
    app.post(
      url,
      {
        schema: routeSchema({
          permission: "integrations:connect-own",
          summary,
          tags: ["phone"],
          body: landlineSettingsRequest,
          response: { 200: saveLandlineResponse },
        }),
      },
      async (request) => {
        const auth = requireAuth(request);
        const input = parsePhoneInput(landlineSettingsRequest, request.body);
        const box = secretBoxFor(app.config);
        const saved = await saveLandline(app.db, box, { accountId: auth.accountId, userId: auth.userId, input, now: app.now() });
        const data = presentLandline(saved.row, box, origin(request));
        return {
          success: true as const,
          message: saved.message,
          data: saved.signingSecret ? { ...data, signingSecret: saved.signingSecret } : data,
        };
      },
    );
  }

  app.put(
    "/api/integrations/landline",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Erase the landline's stored secrets (clearSecrets) without replacing them",
        tags: ["phone"],
        body: landlineUpdateRequest,
        response: { 200: saveLandlineResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(landlineUpdateRequest, request.body);
      const box = secretBoxFor(app.config);
      const cleared = await clearLandlineSecrets(app.db, box, {
        owner: ownerOf(auth),
        clearSecrets: input.clearSecrets,
        now: app.now(),
      });
      return { success: true as const, message: cleared.message, data: presentLandline(cleared.row, box, origin(request)) };
    },
  );

  app.get(
    "/api/integrations/status",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "Phone system, mobile and landline: true only once a verified event has arrived",
        tags: ["phone"],
        response: { 200: integrationStatusJson },
      }),
    },
    async (request) => {
      const { accountId, userId, user, account } = requireAuth(request);
      return getIntegrationStatus(app.db, { accountId, userId, user, country: account.phoneCountry });
    },
  );

  app.get(
    "/api/user/phone-integration",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "The user's phone fields and display number",
        tags: ["phone"],
        response: { 200: phoneIntegrationJson },
      }),
    },
    async (request) => presentPhoneIntegration(requireAuth(request).user),
  );

  app.put(
    "/api/user/phone-integration",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "Save the user's phone number, extension and provider",
        tags: ["phone"],
        body: phoneIntegrationRequest,
        response: { 200: phoneIntegrationResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parsePhoneInput(phoneIntegrationRequest, request.body);
      const user = await updatePhoneIntegration(app.db, {
        accountId: auth.accountId,
        userId: auth.userId,
        input,
        now: app.now(),
      });
      return { success: true as const, message: "Phone integration updated", user };
    },
  );

  app.post(
    "/api/calls/test",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Start a call-detection test for the configured number",
        tags: ["phone"],
        body: startCallTestRequest,
        response: { 201: callTestSessionJson },
      }),
    },
    async (request, reply) => {
      const { accountId, user, account } = requireAuth(request);
      parseInput(startCallTestRequest, request.body);
      const session = await startCallTest(app.db, { accountId, user, country: account.phoneCountry, now: app.now() });
      reply.status(201);
      return session;
    },
  );

  app.post<{ Params: { sessionId: string } }>(
    "/api/calls/test/:sessionId/end",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "End the test: detected only if a verified event from the number arrived meanwhile",
        tags: ["phone"],
        params: sessionIdParam,
        body: emptyBody,
        response: { 200: callTestResultJson },
      }),
    },
    async (request) => {
      const { accountId, userId } = requireAuth(request);
      const { sessionId } = parseInput(sessionIdParam, request.params);
      parseInput(emptyBody, request.body);
      return endCallTest(app.db, { accountId, userId, sessionId, origin: origin(request), now: app.now() });
    },
  );

  await app.register(phoneWebhookRoutes);
}
