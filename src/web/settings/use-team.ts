import type {
  ChangeRoleRequest,
  InvitationSentResponse,
  InviteMemberRequest,
  TeamMember,
  TeamResponse,
} from "@core/contracts/team";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** GET /api/team: members, open invitations, the plan's seat limit (owners and admins). */
export function useTeam() {
  return useQuery<TeamResponse>({ queryKey: queryKeys.team() });
}

function failed(title: string) {
  return (error: unknown) =>
    toast({ title, description: serverMessage(error, "Nothing was changed. Please try again."), variant: "destructive" });
}

/** Invite (POST) or resend (POST …/resend): both answer the link when no mail server could carry it. */
export function useInvite() {
  return useMutation({
    mutationFn: (body: InviteMemberRequest) => apiJson<InvitationSentResponse>("POST", "/api/team/invitations", body),
    onSuccess: async (sent) => {
      await refreshAfter("team.changed");
      if (sent.mailed) toast({ title: "Invitation sent", description: `We mailed a link to ${sent.invitation.email}.` });
    },
  });
}

export function useResendInvitation() {
  return useMutation({
    mutationFn: (id: number) => apiJson<InvitationSentResponse>("POST", `/api/team/invitations/${id}/resend`, {}),
    onSuccess: async (sent) => {
      await refreshAfter("team.changed");
      if (sent.mailed) toast({ title: "Invitation resent", description: `We mailed a new link to ${sent.invitation.email}.` });
    },
    onError: failed("Could not resend the invitation"),
  });
}

export function useRevokeInvitation() {
  return useMutation({
    mutationFn: (id: number) => apiJson("DELETE", `/api/team/invitations/${id}`),
    onSuccess: async () => {
      await refreshAfter("team.changed");
      toast({ title: "Invitation revoked", description: "Its link no longer works." });
    },
    onError: failed("Could not revoke the invitation"),
  });
}

export function useChangeRole() {
  return useMutation({
    mutationFn: ({ id, role }: { id: number } & ChangeRoleRequest) =>
      apiJson<TeamMember>("PUT", `/api/team/members/${id}/role`, { role }),
    onSuccess: async () => {
      await refreshAfter("team.changed");
      toast({ title: "Role changed" });
    },
    onError: failed("Could not change the role"),
  });
}

export function useRemoveMember() {
  return useMutation({
    mutationFn: (id: number) => apiJson("DELETE", `/api/team/members/${id}`),
    onSuccess: async () => {
      await refreshAfter("team.changed");
      toast({ title: "Member removed", description: "Their calls and emails stay with the practice." });
    },
    onError: failed("Could not remove the member"),
  });
}
