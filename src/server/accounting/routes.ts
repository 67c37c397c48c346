import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ACCOUNTING_PROVIDERS } from "../../core/accounting/providers.js";
import { emptyBody, idParam } from "../../core/contracts/common.js";
import {
  connectFinancialIntegrationResponse,
  createFinancialIntegrationRequest,
  disconnectFinancialIntegrationResponse,
  financialIntegrationListResponse,
  financialIntegrationSaveResponse,
  setupFinancialIntegrationRequest,
  supportedProvidersResponse,
  updateFinancialIntegrationRequest,
} from "../../core/contracts/financial-integrations.js";
import { successMessage } from "../../core/contracts/response-fields.js";
import { requireAuth } from "../auth/session-hook.js";
import { publicOrigin } from "../http/public-origin.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { rememberConsentNonce } from "../integrations/consent-flow.js";
import { findAccountingRows, getAccountingRow } from "./accounting-rows.js";
import { choicesRoutes } from "./choices-routes.js";
import { disconnectFinancialIntegration } from "./disconnect-financial-integration.js";
import { exportRoutes } from "./export-routes.js";
import { oauthCallbackRoutes } from "./oauth-callback-route.js";
import { ACCOUNTING_CONSENT_COOKIE, startAccountingConsent } from "./oauth-consent.js";
import { presentWithLatestRun } from "./present-financial-integration.js";
import { type SaveResult, saveFinancialIntegration } from "./save-financial-integration.js";
import { accountingContextOf } from "./sync/accounting-context.js";
import { syncRoutes } from "./sync-routes.js";

const TAGS = ["financial-integrations"];
const BASE = "/api/financial-integrations";

/** Financial Integrations (docs/accounting.md): connections, consent, syncs and exports. */
export async function financialIntegrationsRoutes(app: FastifyInstance): Promise<void> {
  const context = accountingContextOf(app);
  const origin = (request: FastifyRequest) => publicOrigin(app.config, request);
  const present = (request: FastifyRequest, row: Parameters<typeof presentWithLatestRun>[1]) =>
    presentWithLatestRun(app.db, row, { box: context.box, origin: origin(request) });

  /** The consent's nonce goes in a short-lived cookie: only this browser can finish the consent. */
  const rememberConsent = (request: FastifyRequest, reply: FastifyReply, result: SaveResult["consent"]) => {
    if (result) rememberConsentNonce(request, reply, ACCOUNTING_CONSENT_COOKIE, result.nonce);
  };
  const answerSave = async (request: FastifyRequest, reply: FastifyReply, result: SaveResult) => {
    rememberConsent(request, reply, result.consent);
    return {
      success: true as const,
      created: result.created,
      message: result.message,
      integration: await present(request, result.row),
      authorizationUrl: result.consent?.authorizationUrl ?? null,
    };
  };

  app.get(
    BASE,
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "The account's accounting connections (never a secret or token)",
        tags: TAGS,
        response: { 200: financialIntegrationListResponse },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      // One snapshot: a run that finishes between reading the rows and reading their runs would show as
      // finished with the previous "Last sync" (sync-runs.ts writes both in one transaction).
      return app.db.transaction(
        async (tx) => {
          const rows = await findAccountingRows(tx, accountId);
          return Promise.all(rows.map((row) => presentWithLatestRun(tx, row, { box: context.box, origin: origin(request) })));
        },
        { isolationLevel: "repeatable read", accessMode: "read only" },
      );
    },
  );

  app.get(
    `${BASE}/supported`,
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "The providers, their methods, fields and features (all available)",
        tags: TAGS,
        response: { 200: supportedProvidersResponse },
      }),
    },
    async (request) => {
      requireAuth(request);
      return ACCOUNTING_PROVIDERS.map((provider) => ({
        ...provider,
        available: true,
        note: provider.note ?? null,
        fields: provider.fields.map((field) => ({ ...field, placeholder: field.placeholder ?? null, help: field.help ?? null })),
      }));
    },
  );

  app.post(
    BASE,
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "Create (201) or update (200) a connection; OAuth providers answer their consent page",
        tags: TAGS,
        body: createFinancialIntegrationRequest,
        response: { 200: financialIntegrationSaveResponse, 201: financialIntegrationSaveResponse },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const input = parseInput(createFinancialIntegrationRequest, request.body);
      const result = await saveFinancialIntegration(context, {
        accountId: auth.accountId,
        userId: auth.userId,
        provider: input.integrationId,
        config: input.config,
        enabled: input.enabled,
        mode: "form",
        origin: origin(request),
      });
      return reply.status(result.created ? 201 : 200).send(await answerSave(request, reply, result));
    },
  );

  app.post(
    `${BASE}/setup`,
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "Settings → Financial: save a provider's settings (the same service as POST)",
        tags: TAGS,
        body: setupFinancialIntegrationRequest,
        response: { 200: successMessage },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const input = parseInput(setupFinancialIntegrationRequest, request.body);
      const result = await saveFinancialIntegration(context, {
        accountId: auth.accountId,
        userId: auth.userId,
        provider: input.integrationId,
        config: input.config,
        enabled: undefined,
        mode: "form",
        origin: origin(request),
      });
      rememberConsent(request, reply, result.consent);
      return { success: true as const, message: result.message };
    },
  );

  app.put<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "Change a connection's settings or enabled flag (only what is sent); clearSecrets erases stored secrets",
        tags: TAGS,
        params: idParam,
        body: updateFinancialIntegrationRequest,
        response: { 200: financialIntegrationSaveResponse },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(updateFinancialIntegrationRequest, request.body);
      const row = await getAccountingRow(app.db, auth.accountId, id);
      const result = await saveFinancialIntegration(context, {
        accountId: auth.accountId,
        userId: auth.userId,
        provider: row.provider,
        config: input.config,
        enabled: input.enabled,
        mode: "partial",
        origin: origin(request),
        ...(input.clearSecrets ? { clearSecrets: input.clearSecrets } : {}),
      });
      return answerSave(request, reply, result);
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "Disconnect: revoke at the provider (best effort), erase tokens and secrets, keep the record links",
        tags: TAGS,
        params: idParam,
        response: { 200: disconnectFinancialIntegrationResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const { row, message } = await disconnectFinancialIntegration(context, await getAccountingRow(app.db, auth.accountId, id));
      return { success: true as const, message, integration: await present(request, row) };
    },
  );

  app.post<{ Params: { id: string } }>(
    `${BASE}/:id/connect`,
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary: "The provider's consent page for a saved OAuth connection (state-signed; a cookie binds it to this browser)",
        tags: TAGS,
        params: idParam,
        body: emptyBody,
        response: { 200: connectFinancialIntegrationResponse },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      parseInput(emptyBody, request.body);
      const consent = startAccountingConsent(context, await getAccountingRow(app.db, auth.accountId, id), origin(request));
      rememberConsent(request, reply, consent);
      return { authorizationUrl: consent.authorizationUrl };
    },
  );

  await app.register(oauthCallbackRoutes);
  await app.register(syncRoutes);
  await app.register(exportRoutes);
  await app.register(choicesRoutes);
}
