import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  detectionResultJson,
  platformInfoJson,
  platformStatusJson,
  platformTrackingJson,
  platformTrackingRequest,
} from "../../../core/contracts/platform-detection.js";
import { requireAuth } from "../../auth/session-hook.js";
import { ownerOf } from "../../integrations/integration-store.js";
import { routeSchema } from "../../http/route-schema.js";
import { secretBoxFor } from "../../http/secrets.js";
import { parseInput } from "../../http/validate.js";
import { requireDetectionAccess } from "./access.js";
import { observeComputer } from "./observe-computer.js";
import { platformInfo, presentDetection, presentStatus } from "./platform-answers.js";
import { presentTracking, readTracking, setTracking } from "./tracking-settings.js";
import { WATCH_MEETINGS_JOB } from "./watch-meetings.js";

/**
 * Platform Detection: what runs on the computer that
 * serves the app (docs/decisions.md D13, every answer names it), and the opt-in desktop meeting
 * tracking. Signed-in only, and only for whom PLATFORM_DETECTION allows (access.ts: administrators and a
 * single-account install's one account by default); everyone else gets 403 saying why and what to set.
 */
export async function platformDetectionRoutes(app: FastifyInstance): Promise<void> {
  const requireAccess = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    await requireDetectionAccess(app.db, app.config, auth.user);
    return auth;
  };
  app.get(
    "/api/platform/info",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary:
          "This computer: operating system, architecture, whether it is supported, the platforms known, what can be inspected",
        tags: ["platform-detection"],
        response: { 200: platformInfoJson },
      }),
    },
    async (request) => {
      await requireAccess(request);
      return platformInfo();
    },
  );

  app.get(
    "/api/platform/status",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "Each meeting platform running on this computer or not (the page polls it every 10 s; one look serves 2 s)",
        tags: ["platform-detection"],
        response: { 200: platformStatusJson },
      }),
    },
    async (request) => {
      await requireAccess(request);
      return presentStatus(await observeComputer(app.now(), app.config.platformLook));
    },
  );

  app.get(
    "/api/platform/detect",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "The active meeting platform with confidence, details, evidence and what could not be inspected",
        tags: ["platform-detection"],
        response: { 200: detectionResultJson },
      }),
    },
    async (request) => {
      await requireAccess(request);
      return presentDetection(await observeComputer(app.now(), app.config.platformLook));
    },
  );

  app.get(
    "/api/platform/tracking",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "Whether meetings on this computer are tracked as calls, and what the watcher last saw",
        tags: ["platform-detection"],
        response: { 200: platformTrackingJson },
      }),
    },
    async (request) => {
      const auth = await requireAccess(request);
      return presentTracking(await readTracking(app.db, ownerOf(auth)), app.jobs !== null);
    },
  );

  app.put(
    "/api/platform/tracking",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Switch tracking meetings on this computer on or off (off ends the calls in progress)",
        tags: ["platform-detection"],
        body: platformTrackingRequest,
        response: { 200: platformTrackingJson },
      }),
    },
    async (request) => {
      const auth = await requireAccess(request);
      const input = parseInput(platformTrackingRequest, request.body);
      const config = await setTracking(app.db, secretBoxFor(app.config), {
        accountId: auth.accountId,
        userId: auth.userId,
        enabled: input.enabled,
        now: app.now(),
      });
      // The first look now; it then re-queues itself every 10 s (a cron re-seeds it every minute).
      if (input.enabled) await app.jobs?.send(WATCH_MEETINGS_JOB, {});
      // Switching off may have ended calls: screens reading cached figures must see it.
      app.statsCache.forgetAccount(auth.accountId);
      app.clientLogCache.forgetAccount(auth.accountId);
      return presentTracking(config, app.jobs !== null);
    },
  );
}
