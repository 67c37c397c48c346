import type { FastifyInstance } from "fastify";
import { updateSettingsRequest } from "../../core/contracts/settings.js";
import { requireAuth } from "../auth/session-hook.js";
import { parseInput } from "../platform/validate.js";
import { presentSettings } from "./settings-presenter.js";
import { updateSettings } from "./update-settings.js";

/** Billing and profile settings (spec 001 Settings; DECISIONS.md 7, 8). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/settings", async (request) => {
    const auth = requireAuth(request);
    return presentSettings(auth.user, auth.account);
  });

  app.put("/api/settings", async (request) => {
    const auth = requireAuth(request);
    const input = parseInput(updateSettingsRequest, request.body);
    const { user, account } = await updateSettings(app.db, { accountId: auth.accountId, userId: auth.userId, input, now: app.now() });
    return presentSettings(user, account);
  });
}
