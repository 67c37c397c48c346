import type { FastifyInstance } from "fastify";
import {
  captureHealthJson,
  sendTestEventRequest,
  setupGuideJson,
  TEST_CALL_REMOVED,
  testEventResultJson,
  updateSetupGuideRequest,
} from "../../core/contracts/capture-health.js";
import { idParam } from "../../core/contracts/common.js";
import { successMessage } from "../../core/contracts/response-fields.js";
import { requireAuth } from "../auth/session-hook.js";
import { publicOrigin } from "../http/public-origin.js";
import { routeSchema } from "../http/route-schema.js";
import { secretBoxFor } from "../http/secrets.js";
import { parseInput } from "../http/validate.js";
import { getCaptureHealth } from "./capture-health.js";
import { removeTestCall } from "./remove-test-call.js";
import { sendTestEvent } from "./send-test-event.js";
import { getSetupGuide, updateSetupGuide } from "./setup-guide.js";

/** The dashboard's setup guide, Capture card and test events (docs/first-run.md). */
export async function firstRunRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/setup-guide",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "The 'Set up automatic capture' checklist: each step and whether it is done",
        tags: ["capture"],
        response: { 200: setupGuideJson },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      return getSetupGuide(app.db, secretBoxFor(app.config), { accountId, now: app.now() });
    },
  );

  app.put(
    "/api/setup-guide",
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "Dismiss the setup guide (remembered for the account) or show it again",
        tags: ["capture"],
        body: updateSetupGuideRequest,
        response: { 200: setupGuideJson },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const { dismissed } = parseInput(updateSetupGuideRequest, request.body);
      await updateSetupGuide(app.db, { accountId, dismissed, now: app.now() });
      return getSetupGuide(app.db, secretBoxFor(app.config), { accountId, now: app.now() });
    },
  );

  app.get(
    "/api/capture/health",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "Each connected capture source: status in one vocabulary, last event, calls this week, the problem and its fix",
        tags: ["capture"],
        response: { 200: captureHealthJson },
      }),
    },
    async (request) => {
      const { accountId, userId, account } = requireAuth(request);
      return getCaptureHealth(app.db, secretBoxFor(app.config), {
        accountId,
        userId,
        timezone: account.timezone,
        now: app.now(),
      });
    },
  );

  app.post(
    "/api/capture/test-event",
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "Play one signed test event through the pipeline (a calendar: read it now and list the meetings found)",
        tags: ["capture"],
        body: sendTestEventRequest,
        response: { 200: testEventResultJson },
      }),
    },
    async (request) => {
      const { account, userId } = requireAuth(request);
      const { source } = parseInput(sendTestEventRequest, request.body ?? {});
      return sendTestEvent(app.db, app.config, { account, userId, source, origin: publicOrigin(app.config, request), now: app.now() });
    },
  );

  app.delete(
    "/api/capture/test-calls/:id",
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "Remove a test call (and its notification); a real call is refused",
        tags: ["capture"],
        params: idParam,
        response: { 200: successMessage },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      await removeTestCall(app.db, { accountId, callId: id });
      return { success: true as const, message: TEST_CALL_REMOVED };
    },
  );
}
