import type { FastifyInstance } from "fastify";
import {
  accountingChoicesResponse,
  saveAccountingChoicesRequest,
  saveAccountingChoicesResponse,
} from "../../core/contracts/accounting-choices.js";
import { idParam } from "../../core/contracts/common.js";
import { requireAuth } from "../auth/session-hook.js";
import { publicOrigin } from "../http/public-origin.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { presentAccountingChoices, readAccountingChoices, saveAccountingChoices } from "./accounting-choices.js";
import { accountingContextOf } from "./sync/accounting-context.js";
import { getAccountingRow } from "./accounting-rows.js";
import { presentWithLatestRun } from "./present-financial-integration.js";

const TAGS = ["financial-integrations"];
const BASE = "/api/financial-integrations";

/** Choose accounts, tax code or business after connecting (docs/accounting.md): the provider's lists and the pick. */
export async function choicesRoutes(app: FastifyInstance): Promise<void> {
  const context = accountingContextOf(app);

  app.get<{ Params: { id: string } }>(
    `${BASE}/:id/choices`,
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "The provider's lists to choose from (Xero accounts, QuickBooks tax codes, Sage businesses), read live",
        tags: TAGS,
        params: idParam,
        response: { 200: accountingChoicesResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const row = await getAccountingRow(app.db, auth.accountId, id);
      return presentAccountingChoices(row, await readAccountingChoices(context, row));
    },
  );

  app.put<{ Params: { id: string } }>(
    `${BASE}/:id/choices`,
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "Keep the chosen options (each must be in the provider's current list)",
        tags: TAGS,
        params: idParam,
        body: saveAccountingChoicesRequest,
        response: { 200: saveAccountingChoicesResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(saveAccountingChoicesRequest, request.body);
      const row = await getAccountingRow(app.db, auth.accountId, id);
      const saved = await saveAccountingChoices(context, row, input);
      return {
        success: true as const,
        message: saved.message,
        integration: await presentWithLatestRun(app.db, saved.row, { box: context.box, origin: publicOrigin(app.config, request) }),
        choices: presentAccountingChoices(saved.row, saved.choices),
      };
    },
  );
}
