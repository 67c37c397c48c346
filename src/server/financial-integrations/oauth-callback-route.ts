import type { FastifyInstance, FastifyReply } from "fastify";
import { ACCOUNTING_OAUTH_CALLBACK_PATH } from "../../core/accounting/providers.js";
import { accountingOAuthCallbackQuery, FINANCIAL_INTEGRATIONS_PAGE } from "../../core/contracts/financial-integrations.js";
import { AppError } from "../../core/errors.js";
import { requireAuth } from "../auth/session-hook.js";
import { publicOrigin } from "../platform/public-origin.js";
import { routeSchema } from "../platform/route-schema.js";
import { parseInput } from "../platform/validate.js";
import { accountingContextOf } from "./accounting-rows.js";
import { completeAccountingConsent } from "./complete-accounting-consent.js";
import { ACCOUNTING_STATE_COOKIE, consentCookie } from "./oauth-consent.js";

/**
 * Where QuickBooks, Xero, FreshBooks and Wave send the browser back after their consent page. It is
 * a browser navigation, so it always ends on /financial-integrations: `?connected={provider}` once a
 * real call succeeded, `?error={what happened}` otherwise (nothing stored). The session cookie must
 * be there (same browser), and so must the state cookie the consent started with.
 */
export async function oauthCallbackRoutes(app: FastifyInstance): Promise<void> {
  const context = accountingContextOf(app);
  app.get(
    ACCOUNTING_OAUTH_CALLBACK_PATH,
    {
      schema: routeSchema({
        summary:
          "The providers' OAuth callback: checks the state, stores the tokens, checks the connection; redirects to the page",
        tags: ["financial-integrations"],
        querystring: accountingOAuthCallbackQuery,
        response: { 302: { description: "To /financial-integrations?connected={provider} or ?error={message}" } },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const cookieNonce = request.cookies[ACCOUNTING_STATE_COOKIE];
      // The nonce is spent by this answer whatever it is: a state is good for one try.
      reply.clearCookie(ACCOUNTING_STATE_COOKIE, consentCookie(request));
      try {
        const answer = parseInput(accountingOAuthCallbackQuery, request.query);
        const { provider } = await completeAccountingConsent(context, {
          accountId: auth.accountId,
          answer,
          cookieNonce,
          origin: publicOrigin(app.config, request),
        });
        return backToPage(reply, { connected: provider });
      } catch (error) {
        if (error instanceof AppError) return backToPage(reply, { error: error.message });
        throw error;
      }
    },
  );
}

function backToPage(reply: FastifyReply, outcome: { connected: string } | { error: string }) {
  return reply.redirect(`${FINANCIAL_INTEGRATIONS_PAGE}?${new URLSearchParams(outcome).toString()}`);
}
