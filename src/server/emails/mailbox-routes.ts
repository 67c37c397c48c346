import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ConsentFailure } from "../../core/contracts/consent-outcome.js";
import { mailboxSettingsRequest, OAUTH_RETURN_PATH, oauthCallbackQuery } from "../../core/contracts/emails.js";
import { mailboxSettingsResponse, mailboxTestResponse, oauthProviderParam } from "../../core/contracts/mailbox.js";
import { successMessage } from "../../core/contracts/response-fields.js";
import { AppError, notFound } from "../../core/errors.js";
import { requireAuth } from "../auth/session-hook.js";
import { publicOrigin } from "../http/public-origin.js";
import { routeSchema } from "../http/route-schema.js";
import { secretBoxFor } from "../http/secrets.js";
import { parseInput } from "../http/validate.js";
import { grantedConsent, rememberConsentNonce, takeConsentNonce } from "../integrations/consent-flow.js";
import { ownerOf } from "../integrations/integration-store.js";
import { consentFailureOf } from "../integrations/oauth-state.js";
import { connectOAuthMailbox } from "./connect-oauth-mailbox.js";
import { presentMailbox } from "./mailbox-presenter.js";
import { deleteMailbox, findMailbox } from "./mailbox-store.js";
import {
  callbackPath,
  exchangeCode,
  OAUTH_META,
  OAUTH_STATE_COOKIE,
  parseOAuthProvider,
  startAuthorization,
  verifyState,
} from "./oauth.js";
import { saveMailbox } from "./save-mailbox.js";
import { testMailbox } from "./test-mailbox.js";

/** The sign-in's state cookie reaches only the sign-in's routes. */
const MAILBOX_CONSENT_COOKIE = { name: OAUTH_STATE_COOKIE, path: "/api/integrations/email/oauth" };

/**
 * Settings → Integrations → Email: each member's own mailbox (issue 26 §2; docs/emails.md). Every route
 * acts on the caller's row (`ownerOf`), so no route can name, read or use another member's mailbox;
 * connecting one's own needs `integrations:connect-own`, as every capture source does.
 */
export async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/integrations/email",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "The caller's own mailbox connection (never a password)",
        tags: ["mailbox"],
        response: { 200: mailboxSettingsResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      return presentMailbox(await findMailbox(app.db, ownerOf(auth)), app.config);
    },
  );

  app.put(
    "/api/integrations/email",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Connect or change the caller's own mailbox",
        tags: ["mailbox"],
        body: mailboxSettingsRequest,
        response: { 200: mailboxSettingsResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const input = parseInput(mailboxSettingsRequest, request.body);
      const mailbox = await saveMailbox(app.db, app.config, { owner: ownerOf(auth), input, now: app.now() });
      return presentMailbox(mailbox, app.config);
    },
  );

  app.post(
    "/api/integrations/email/test",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Sign in to the caller's own mailbox and report",
        tags: ["mailbox"],
        response: { 200: mailboxTestResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      return testMailbox(app.db, app.config, { owner: ownerOf(auth), now: app.now() });
    },
  );

  app.delete(
    "/api/integrations/email",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Disconnect the caller's own mailbox and erase its secrets",
        tags: ["mailbox"],
        response: { 200: successMessage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await deleteMailbox(app.db, ownerOf(auth)))) throw notFound("Email integration");
      return { success: true, message: "Mailbox disconnected; its stored password and tokens were erased." };
    },
  );

  app.get<{ Params: { provider: string } }>(
    "/api/integrations/email/oauth/:provider/start",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "OAuth sign-in: redirects to the provider",
        tags: ["mailbox"],
        params: oauthProviderParam,
        response: { 302: { description: "To the provider's consent page" } },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const provider = parseOAuthProvider(request.params.provider);
      const { url, nonce } = startAuthorization(app.config, secretBoxFor(app.config), {
        provider,
        accountId: auth.accountId,
        redirectUri: origin(request) + callbackPath(provider),
        now: app.now(),
      });
      rememberConsentNonce(request, reply, MAILBOX_CONSENT_COOKIE, nonce);
      return reply.redirect(url);
    },
  );

  app.get<{ Params: { provider: string } }>(
    "/api/integrations/email/oauth/:provider/callback",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "OAuth sign-in: the provider's answer; redirects to /emails",
        tags: ["mailbox"],
        params: oauthProviderParam,
        querystring: oauthCallbackQuery,
        response: { 302: { description: "To /emails?oauth=connected or ?oauth=error&reason={code}" } },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const provider = parseOAuthProvider(request.params.provider);
      const query = parseInput(oauthCallbackQuery, request.query);
      const cookieNonce = takeConsentNonce(request, reply, MAILBOX_CONSENT_COOKIE);
      try {
        const { code, state } = grantedConsent(query, {
          denied: (error, description) => `${OAUTH_META[provider].label} sign-in did not complete: ${description || error}`,
          noCode: "The sign-in answer has no code. Start Connect again from Settings.",
        });
        const box = secretBoxFor(app.config);
        const now = app.now();
        const codeVerifier = await verifyState(app.db, box, state, {
          provider,
          accountId: auth.accountId,
          cookieNonce,
          now,
        });
        const tokens = await exchangeCode(app.config, provider, {
          code,
          redirectUri: origin(request) + callbackPath(provider),
          codeVerifier,
          now,
        });
        await connectOAuthMailbox(app.db, app.config, { owner: ownerOf(auth), provider, tokens, now });
        return backToSettings(reply, { oauth: "connected" });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The provider's words go to the log, never into the address (docs/security.md).
        request.log.info({ reason: consentFailureOf(error), detail: error.message }, "mailbox sign-in not completed");
        return backToSettings(reply, { oauth: "error", reason: consentFailureOf(error) });
      }
    },
  );

  function origin(request: FastifyRequest): string {
    return publicOrigin(app.config, request);
  }
}

/**
 * The callback is a browser navigation: it ends on /emails with `oauth=connected` or
 * `oauth=error&reason={code}` (core/contracts/consent-outcome.ts), which the page turns into fixed words.
 */
function backToSettings(reply: FastifyReply, outcome: { oauth: "connected" } | { oauth: "error"; reason: ConsentFailure }) {
  return reply.redirect(`${OAUTH_RETURN_PATH}?${new URLSearchParams(outcome).toString()}`);
}
