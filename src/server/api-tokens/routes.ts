import type { FastifyInstance } from "fastify";
import { apiTokenCreatedResponse, apiTokensResponse, createApiTokenRequest } from "../../core/contracts/api-tokens.js";
import { idParam } from "../../core/contracts/common.js";
import { successMessage } from "../../core/contracts/response-fields.js";
import type { Role } from "../../core/permissions.js";
import { requireAuth } from "../auth/session-hook.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { presentApiToken } from "./api-token-presenter.js";
import { createApiToken, findApiTokens, revokeApiToken } from "./manage-api-tokens.js";

/** Settings → API (docs/api.md): one's own personal API tokens. Anyone signed in to the practice. */
export async function apiTokenRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/api-tokens",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "Your personal API tokens (never the token itself), with when each was last used",
        tags: ["api-tokens"],
        response: { 200: apiTokensResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await findApiTokens(app.db, { accountId: auth.accountId, userId: auth.userId });
      const now = app.now();
      return { tokens: rows.map((row) => presentApiToken(row, now)) };
    },
  );

  app.post(
    "/api/api-tokens",
    {
      schema: routeSchema({
        permission: "account:use",
        summary:
          "Make a personal API token with a name, a role within yours and an expiry (at most 365 days); the answer is the only time the token is shown",
        tags: ["api-tokens"],
        body: createApiTokenRequest,
        response: { 201: apiTokenCreatedResponse },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const input = parseInput(createApiTokenRequest, request.body);
      const now = app.now();
      const { row, token } = await createApiToken(app.db, {
        accountId: auth.accountId,
        userId: auth.userId,
        creatorRole: auth.user.role as Role,
        input,
        now,
      });
      reply.status(201);
      return { token: presentApiToken(row, now), secret: token };
    },
  );

  app.delete(
    "/api/api-tokens/:id",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "Revoke one of your API tokens: it stops working at once",
        tags: ["api-tokens"],
        params: idParam,
        response: { 200: successMessage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      await revokeApiToken(app.db, { accountId: auth.accountId, userId: auth.userId, tokenId: id, now: app.now() });
      return { success: true as const, message: "Token revoked" };
    },
  );
}
