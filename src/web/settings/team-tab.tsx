import type { InvitationSentResponse, TeamInvitation, TeamMember, TeamResponse } from "@core/contracts/team";
import { ROLE_NAMES, ROLES, type Role } from "@core/permissions";
import { ChoiceSelect } from "@web/components/choice-select";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { QueryGate } from "@web/components/query-gate";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { useAuth } from "@web/hooks/use-auth";
import { RotateCw, UserMinus, X } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { formatInstant, ListRow, ListSkeleton, RoleBadges, ShownOnce } from "./settings-list";
import { TeamInviteForm } from "./team-invite-form";
import { TeamRatesSetting } from "./team-rates-setting";
import { useChangeRole, useRemoveMember, useResendInvitation, useRevokeInvitation, useTeam } from "./use-team";

const ROLE_CHOICES = ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }));

function nameOf(member: TeamMember): string {
  return [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email;
}

function lastActive(instant: string | null): string {
  return instant ? formatInstant(instant) : "Not signed in";
}

/** Settings → Team (docs/team.md): members and their roles, open invitations, the invite form. */
export function TeamTab() {
  const team = useTeam();
  const [sent, setSent] = useState<InvitationSentResponse | null>(null);
  return (
    <div className="grid gap-8">
      <p className="text-sm">
        <Link href="/team" className="font-medium underline underline-offset-4">
          Open the team overview
        </Link>{" "}
        <span className="text-muted-foreground">: hours per member this week and month, connections, seats.</span>
      </p>
      <section aria-labelledby="team-invite" className="grid gap-3">
        <h3 id="team-invite" className="text-base font-semibold">
          Invite someone
        </h3>
        <TeamInviteForm onSent={setSent} />
        {sent?.link && <InvitationLink sent={sent} onDone={() => setSent(null)} />}
      </section>
      <QueryGate
        query={team}
        loading={<ListSkeleton label="Loading the team" rows={3} />}
        errorMessage="The team could not be loaded."
      >
        {(data) => <TeamLists team={data} onSent={setSent} />}
      </QueryGate>
      <TeamRatesSetting />
    </div>
  );
}

/** No mail server: the link, shown once, to copy and send by other means. */
function InvitationLink({ sent, onDone }: { sent: InvitationSentResponse; onDone: () => void }) {
  return (
    <ShownOnce
      testId="invitation-link"
      label={`Invitation link for ${sent.invitation.email}`}
      value={sent.link ?? ""}
      description="No mail server is set up (SMTP_URL), so send this link yourself. It is shown only now, works once and expires in 7 days."
      onDone={onDone}
    />
  );
}

function TeamLists({ team, onSent }: { team: TeamResponse; onSent: (sent: InvitationSentResponse) => void }) {
  const seats = team.members.length + team.invitations.filter((invitation) => !invitation.expired).length;
  return (
    <>
      <section aria-labelledby="team-members" className="grid gap-3">
        <h3 id="team-members" className="text-base font-semibold">
          Members{" "}
          <span className="text-sm font-normal text-muted-foreground">
            {team.seatLimit === null ? `${seats} people` : `${seats} of ${team.seatLimit} seats`}
          </span>
        </h3>
        <ul className="divide-y rounded-md border">
          {team.members.map((member) => (
            <MemberRow key={member.id} member={member} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="team-invitations" className="grid gap-3">
        <h3 id="team-invitations" className="text-base font-semibold">
          Pending invitations
        </h3>
        {team.invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invitations are open. Invite someone above.</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {team.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} onSent={onSent} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function MemberRow({ member }: { member: TeamMember }) {
  const { user } = useAuth();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const name = nameOf(member);
  // Only owners touch ownership (the server refuses otherwise, with the reason).
  const mayEdit = user?.role === "owner" || member.role !== "owner";
  return (
    <ListRow
      testId="team-member"
      title={
        <>
          {name} {member.isYou && <Badge variant="secondary">You</Badge>}
        </>
      }
      details={
        <>
          <p className="truncate text-sm text-muted-foreground">{member.email}</p>
          <p className="text-xs text-muted-foreground">Last active: {lastActive(member.lastActiveAt)}</p>
        </>
      }
      actions={
        <div className="flex items-center gap-2">
          <ChoiceSelect
            value={member.role}
            choices={user?.role === "owner" ? ROLE_CHOICES : ROLE_CHOICES.filter((choice) => choice.value !== "owner")}
            disabled={!mayEdit || changeRole.isPending}
            onValueChange={(role) => changeRole.mutate({ id: member.id, role: role as Role })}
            triggerClassName="w-32"
            ariaLabel={`Role of ${name}`}
          />
          {!member.isYou && mayEdit && (
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${name}`}>
              <UserMinus aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
      }
      dialog={
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Remove ${name}?`}
          description="They can no longer sign in. The calls and emails they captured stay with the practice, still attributed to them."
          confirmLabel="Remove"
          pendingLabel="Removing…"
          pending={remove.isPending}
          destructive
          onConfirm={() => remove.mutate(member.id, { onSuccess: () => setConfirming(false) })}
        />
      }
    />
  );
}

function InvitationRow({ invitation, onSent }: { invitation: TeamInvitation; onSent: (sent: InvitationSentResponse) => void }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  return (
    <ListRow
      testId="team-invitation"
      title={
        <>
          {invitation.email} <RoleBadges role={ROLE_NAMES[invitation.role]} expired={invitation.expired} />
        </>
      }
      details={
        <p className="text-xs text-muted-foreground">
          {invitation.invitedBy ? `Invited by ${invitation.invitedBy} · ` : ""}
          {invitation.expired ? "Expired" : "Expires"} {formatInstant(invitation.expiresAt)}
        </p>
      }
      actions={
        <div className="flex items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(invitation.id, { onSuccess: onSent })}
            aria-label={`Resend the invitation to ${invitation.email}`}
          >
            <RotateCw aria-hidden="true" />
            Resend
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(invitation.id)}
            aria-label={`Revoke the invitation to ${invitation.email}`}
          >
            <X aria-hidden="true" />
            Revoke
          </Button>
        </div>
      }
    />
  );
}
