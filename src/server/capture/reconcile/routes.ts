import type { FastifyInstance } from "fastify";
import { reconcileNowResponse, reconcileSourceParam, reconciliationJson } from "../../../core/contracts/reconciliation.js";
import { requireAuth } from "../../auth/session-hook.js";
import { routeSchema } from "../../http/route-schema.js";
import { secretBoxFor } from "../../http/secrets.js";
import { parseInput } from "../../http/validate.js";
import { reconcileNow } from "./reconcile-now.js";
import { getReconciliation } from "./reconcile-status.js";

/** Per source on its tab: last event, last reconciliation, calls recovered; "Reconcile now" (docs/capture-reconciliation.md). */
export async function reconcileRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/integrations/:source/reconciliation",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "A capture source's reconciliation against the provider's own record: last event, last run, calls recovered",
        tags: ["capture"],
        params: reconcileSourceParam,
        response: { 200: reconciliationJson },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { source } = parseInput(reconcileSourceParam, request.params);
      return getReconciliation(app.db, secretBoxFor(app.config), { accountId: auth.accountId, userId: auth.userId, source });
    },
  );

  app.post(
    "/api/integrations/:source/reconcile",
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "Reconcile now: read the provider's own record and capture every call the webhooks missed",
        tags: ["capture"],
        params: reconcileSourceParam,
        response: { 202: reconcileNowResponse },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { source } = parseInput(reconcileSourceParam, request.params);
      const answer = await reconcileNow(app.db, secretBoxFor(app.config), app.jobs, {
        accountId: auth.accountId,
        userId: auth.userId,
        source,
        now: app.now(),
      });
      return reply.code(202).send(answer);
    },
  );
}
