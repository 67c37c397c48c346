import type { FastifyInstance } from "fastify";
import { settingsResponse } from "../../core/contracts/settings.js";
import { updateSettingsRequest } from "../../core/contracts/settings.js";
import { requireAuth } from "../auth/session-hook.js";
import { parseInput } from "../http/validate.js";
import { presentSettings } from "./settings-presenter.js";
import { updateSettings } from "./update-settings.js";
import { routeSchema } from "../http/route-schema.js";

/** Billing and profile settings (docs/decisions.md D7, D8). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/settings",
    {
      schema: routeSchema({
        permission: "settings:read",
        summary: "Billing and profile settings",
        tags: ["settings"],
        response: { 200: settingsResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      return presentSettings(auth.user, auth.account);
    },
  );

  app.put(
    "/api/settings",
    {
      schema: routeSchema({
        permission: "settings:write",
        summary: "Change any settings",
        tags: ["settings"],
        body: updateSettingsRequest,
        response: { 200: settingsResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(updateSettingsRequest, request.body);
      const { user, account } = await updateSettings(app.db, {
        accountId: auth.accountId,
        userId: auth.userId,
        input,
        now: app.now(),
      });
      return presentSettings(user, account);
    },
  );
}
