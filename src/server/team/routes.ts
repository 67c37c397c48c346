import type { FastifyInstance, FastifyRequest } from "fastify";
import { emptyBody, idParam } from "../../core/contracts/common.js";
import {
  changeRoleRequest,
  invitationSentResponse,
  inviteMemberRequest,
  teamMember,
  teamResponse,
} from "../../core/contracts/team.js";
import { successMessage } from "../../core/contracts/response-fields.js";
import { seatLimit } from "../../core/team-seats.js";
import type { Role } from "../../core/permissions.js";
import { requireAuth } from "../auth/session-hook.js";
import { publicOrigin } from "../http/public-origin.js";
import { routeSchema } from "../http/route-schema.js";
import { parseInput } from "../http/validate.js";
import { changeMemberRole, removeMember } from "./change-member.js";
import { invitationLink } from "./invitation-link.js";
import { mailInvitation } from "./invitation-mail.js";
import { inviteMember } from "./invite-member.js";
import { resendInvitation, revokeInvitation } from "./manage-invitation.js";
import { personName, presentInvitation, presentMember } from "./team-presenter.js";
import { findMembers, findOpenInvitations } from "./team-queries.js";

/** Settings → Team (docs/team.md): members, roles, invitations. Owners and admins only. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/team",
    {
      schema: routeSchema({
        permission: "members:manage",
        summary: "The practice's members (role, last active), its open invitations and the seats its plan allows",
        tags: ["team"],
        response: { 200: teamResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const now = app.now();
      const [members, invitations] = await Promise.all([
        findMembers(app.db, auth.accountId),
        findOpenInvitations(app.db, auth.accountId),
      ]);
      return {
        members: members.map((row) => presentMember(row, auth.userId)),
        invitations: invitations.map((row) => presentInvitation(row.invitation, row, now)),
        seatLimit: seatLimit(auth.account),
      };
    },
  );

  /** Mails the link, or hands it back once when there is no mail server. */
  async function deliver(request: FastifyRequest, sent: Awaited<ReturnType<typeof inviteMember>>) {
    const auth = requireAuth(request);
    const link = invitationLink(publicOrigin(app.config, request), sent.token);
    const inviter = auth.user;
    const mailed = await mailInvitation(app.config, {
      to: sent.invitation.email,
      link,
      role: sent.invitation.role as Role,
      practiceName: sent.account.firmName,
      inviterName: personName(inviter.firstName, inviter.lastName, inviter.email),
    });
    const invitedBy = { inviterFirstName: inviter.firstName, inviterLastName: inviter.lastName, inviterEmail: inviter.email };
    return { invitation: presentInvitation(sent.invitation, invitedBy, app.now()), mailed, link: mailed ? null : link };
  }

  app.post(
    "/api/team/invitations",
    {
      schema: routeSchema({
        permission: "members:manage",
        summary:
          "Invite someone by email with a role: mails a 7-day single-use link, or answers the link once when SMTP is not set",
        tags: ["team"],
        body: inviteMemberRequest,
        response: { 201: invitationSentResponse },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const input = parseInput(inviteMemberRequest, request.body);
      const sent = await inviteMember(app.db, { accountId: auth.accountId, inviterId: auth.userId, input, now: app.now() });
      reply.status(201);
      return deliver(request, sent);
    },
  );

  app.post(
    "/api/team/invitations/:id/resend",
    {
      schema: routeSchema({
        permission: "members:manage",
        summary: "Resend an invitation: a new link valid 7 more days; the earlier link stops working",
        tags: ["team"],
        params: idParam,
        body: emptyBody,
        response: { 200: invitationSentResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      parseInput(emptyBody, request.body);
      return deliver(request, await resendInvitation(app.db, { accountId: auth.accountId, invitationId: id, now: app.now() }));
    },
  );

  app.delete(
    "/api/team/invitations/:id",
    {
      schema: routeSchema({
        permission: "members:manage",
        summary: "Revoke an open invitation: its link stops working",
        tags: ["team"],
        params: idParam,
        response: { 200: successMessage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      await revokeInvitation(app.db, { accountId: auth.accountId, invitationId: id, now: app.now() });
      return { success: true as const, message: "Invitation revoked" };
    },
  );

  app.put(
    "/api/team/members/:id/role",
    {
      schema: routeSchema({
        permission: "members:manage",
        summary: "Change a member's role (only owners touch ownership; the sole owner stays owner)",
        tags: ["team"],
        params: idParam,
        body: changeRoleRequest,
        response: { 200: teamMember },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const { role } = parseInput(changeRoleRequest, request.body);
      const actor = { id: auth.userId, role: auth.user.role };
      const member = await changeMemberRole(app.db, { accountId: auth.accountId, actor, memberId: id, role, now: app.now() });
      return presentMember({ ...member, lastActiveAt: null }, auth.userId);
    },
  );

  app.delete(
    "/api/team/members/:id",
    {
      schema: routeSchema({
        permission: "members:manage",
        summary:
          "Remove a member: they can no longer sign in; the calls and emails they captured stay with the practice, attributed to them",
        tags: ["team"],
        params: idParam,
        response: { 200: successMessage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      await removeMember(app.db, {
        accountId: auth.accountId,
        actor: { id: auth.userId, role: auth.user.role },
        memberId: id,
        now: app.now(),
        jobs: app.jobs,
      });
      return { success: true as const, message: "Member removed" };
    },
  );
}
