import type { FastifyInstance, FastifyReply } from "fastify";
import { ACCOUNTING_OAUTH_CALLBACK_PATH } from "../../core/accounting/providers.js";
import type { ConsentFailure } from "../../core/contracts/consent-outcome.js";
import { accountingOAuthCallbackQuery, FINANCIAL_INTEGRATIONS_PAGE } from "../../core/contracts/financial-integrations.js";
import { AppError } from "../../core/errors.js";
import { requireAuth } from "../auth/session-hook.js";
import { publicOrigin } from "../http/public-origin.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { takeConsentNonce } from "../integrations/consent-flow.js";
import { consentFailureOf } from "../integrations/oauth-state.js";
import { completeAccountingConsent } from "./complete-accounting-consent.js";
import { ACCOUNTING_CONSENT_COOKIE, providerNamedByState } from "./oauth-consent.js";
import { accountingContextOf } from "./sync/accounting-context.js";

/**
 * Where QuickBooks, Xero, FreshBooks and Wave send the browser back after their consent page. It is
 * a browser navigation, so it always ends on /financial-integrations: `?connected={provider}` once a
 * real call succeeded, `?error={code}&provider={provider}` otherwise, a fixed code of
 * core/contracts/consent-outcome.ts (a provider's words are stored on the record as its last error,
 * never put in the address). The session cookie must be there (same browser), and so must the state
 * cookie the consent started with; the state is spent on the server.
 */
export async function oauthCallbackRoutes(app: FastifyInstance): Promise<void> {
  const context = accountingContextOf(app);
  app.get(
    ACCOUNTING_OAUTH_CALLBACK_PATH,
    {
      schema: routeSchema({
        permission: "integrations:manage",
        summary:
          "The providers' OAuth callback: checks the state, stores the tokens, checks the connection; redirects to the page",
        tags: ["financial-integrations"],
        querystring: accountingOAuthCallbackQuery,
        response: {
          302: { description: "To /financial-integrations?connected={provider} or ?error={code}&provider={provider}" },
        },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // The nonce is spent by this answer whatever it is: a state is good for one try.
      const cookieNonce = takeConsentNonce(request, reply, ACCOUNTING_CONSENT_COOKIE);
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
        if (!(error instanceof AppError)) throw error;
        request.log.info({ reason: consentFailureOf(error) }, "accounting consent not completed");
        return backToPage(reply, { error: consentFailureOf(error), provider: namedProvider(request.query) });
      }
    },
  );
}

/** The provider the state names (unverified: only to pick which card's stored reason the page points at). */
function namedProvider(query: unknown): string | null {
  const state = (query as { state?: unknown } | null)?.state;
  if (typeof state !== "string") return null;
  try {
    return providerNamedByState(state);
  } catch {
    return null;
  }
}

function backToPage(reply: FastifyReply, outcome: { connected: string } | { error: ConsentFailure; provider: string | null }) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(outcome)) if (value) params.set(name, value);
  return reply.redirect(`${FINANCIAL_INTEGRATIONS_PAGE}?${params.toString()}`);
}
