import type { FastifyInstance, FastifyReply } from "fastify";
import { sendVerificationEmailResponse } from "../../core/contracts/email-verification.js";
import {
  EMAIL_VERIFICATION_PARAM,
  EMAIL_VERIFICATION_PATH,
  EMAIL_VERIFICATION_RETURN_PATH,
  verifyEmailQuery,
  verifyLinkRefusalOf,
} from "../../core/contracts/email-verification.js";
import { emptyBody } from "../../core/contracts/common.js";
import { AppError } from "../../core/errors.js";
import { publicOrigin } from "../http/public-origin.js";
import { parseInput } from "../http/validate.js";
import { sendVerificationEmail } from "./send-verification-email.js";
import { requireAuth } from "./session-hook.js";
import { verifyEmail } from "./verify-email.js";
import { routeSchema } from "../http/route-schema.js";

/** Proving the sign-in address by a mailed link (ADMIN_EMAILS counts only once proved). */
export async function verifyEmailRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    EMAIL_VERIFICATION_PATH,
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "Mail a link that proves the sign-in address",
        tags: ["auth"],
        body: emptyBody,
        response: { 200: sendVerificationEmailResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      // The call takes no input: a body of any other shape is a 400, before whether mail can be sent at all.
      parseInput(emptyBody, request.body);
      return sendVerificationEmail(app.db, app.config, {
        user: auth.user,
        origin: publicOrigin(app.config, request),
        now: app.now(),
      });
    },
  );

  // The link is a browser navigation from the mail: the token names the user and the address, the
  // session must be that user's, and the answer is always a redirect to Settings → Profile, which shows the outcome.
  app.get(
    EMAIL_VERIFICATION_PATH,
    {
      schema: routeSchema({
        summary: "The mailed link: records the proof, redirects to Settings",
        tags: ["auth"],
        public: true,
        querystring: verifyEmailQuery,
        response: { 302: { description: "To /settings?tab=profile&emailVerification=verified, or =error&reason=<code>" } },
      }),
    },
    async (request, reply) => {
      try {
        const { token } = parseInput(verifyEmailQuery, request.query);
        const { accountId } = await verifyEmail(app.db, app.config, {
          token,
          signedInUserId: request.auth?.userId ?? null,
          now: app.now(),
        });
        // A GET is not a write to the session hook: drop this instance's cached sessions so isAdmin shows at once.
        app.sessionCache.forgetAccount(accountId);
        return backToProfile(reply, { [EMAIL_VERIFICATION_PARAM]: "verified" });
      } catch (error) {
        if (error instanceof AppError)
          return backToProfile(reply, { [EMAIL_VERIFICATION_PARAM]: "error", reason: verifyLinkRefusalOf(error.message) });
        throw error;
      }
    },
  );
}

function backToProfile(reply: FastifyReply, outcome: Record<string, string>) {
  const params = new URLSearchParams({ tab: "profile", ...outcome });
  return reply.redirect(`${EMAIL_VERIFICATION_RETURN_PATH}?${params.toString()}`);
}
