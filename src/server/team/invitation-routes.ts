import type { FastifyInstance } from "fastify";
import { sessionUser } from "../../core/contracts/auth.js";
import { acceptInvitationRequest, invitationPreview, invitationTokenRequest } from "../../core/contracts/team.js";
import { SESSION_COOKIE, SESSION_TTL_SECONDS, setCookie } from "../auth/cookies.js";
import { presentUser } from "../auth/user-presenter.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { acceptInvitation, previewInvitation } from "./accept-invitation.js";

/**
 * The invitee's side (no session needed): the token comes in the body, never the URL, so it reaches
 * no access log. Both answer why a link cannot be used (unknown 404; used, withdrawn, expired or the
 * address taken by another practice 409).
 */
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    "/api/invitations/preview",
    {
      schema: routeSchema({
        public: true,
        summary: "What an invitation link offers: the address, role, practice and who invited; whether to sign up or sign in",
        tags: ["team"],
        body: invitationTokenRequest,
        response: { 200: invitationPreview },
      }),
    },
    async (request) => {
      const { token } = parseInput(invitationTokenRequest, request.body);
      return previewInvitation(app.db, token, app.now());
    },
  );

  app.post(
    "/api/invitations/accept",
    {
      schema: routeSchema({
        public: true,
        summary:
          "Accept an invitation: sign up (name, password) or, as a former member, sign in; joins the practice and sets the session cookie",
        tags: ["team"],
        body: acceptInvitationRequest,
        response: { 200: sessionUser },
      }),
    },
    async (request, reply) => {
      const input = parseInput(acceptInvitationRequest, request.body);
      const joined = await acceptInvitation(app.db, input, app.now(), { passwordHashCost: app.config.passwordHashCost, jobs: app.jobs });
      setCookie(request, reply, SESSION_COOKIE, joined.token, SESSION_TTL_SECONDS);
      return presentUser(joined.user, joined.account, app.config.adminEmails);
    },
  );
}
