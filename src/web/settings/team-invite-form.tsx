import {
  INVITABLE_ROLES,
  type InvitationSentResponse,
  type InviteMemberRequest,
  inviteMemberRequest,
} from "@core/contracts/team";
import { ROLE_DESCRIPTIONS, ROLE_NAMES } from "@core/permissions";
import { zodResolver } from "@hookform/resolvers/zod";
import { EmailField } from "@web/components/email-field";
import { SelectField } from "@web/components/select-field";
import { Button } from "@web/components/ui/button";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { useCan } from "@web/hooks/use-can";
import { ApiError, serverMessage } from "@web/lib/api";
import { CreditCard, Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { useInvite } from "./use-team";

const ROLE_CHOICES = INVITABLE_ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }));

/** Invite by email with a role; the same zod schema as the server. Without SMTP the parent shows the link once. */
export function TeamInviteForm({ onSent }: { onSent: (sent: InvitationSentResponse) => void }) {
  const invite = useInvite();
  const mayPay = useCan("billing:manage");
  // 402: the plan has no seat for one more person (core/team-seats.ts); the way on is Plan & Billing.
  const [needsUpgrade, setNeedsUpgrade] = useState(false);
  const form = useForm<InviteMemberRequest>({
    resolver: zodResolver(inviteMemberRequest),
    defaultValues: { email: "", role: "member" },
  });

  function handleInvite(values: InviteMemberRequest) {
    setNeedsUpgrade(false);
    invite.mutate(values, {
      onSuccess: (sent) => {
        form.reset({ email: "", role: values.role });
        onSent(sent);
      },
      onError: (error) => {
        setNeedsUpgrade(error instanceof ApiError && error.status === 402);
        form.setError("email", { message: serverMessage(error, "The invitation was not sent. Please try again.") });
      },
    });
  }

  return (
    <Form {...form}>
      <form noValidate className="grid items-start gap-4 sm:grid-cols-[1fr_1fr_auto]" onSubmit={form.handleSubmit(handleInvite)}>
        <EmailField control={form.control} name="email" label="Email" />
        <SelectField
          control={form.control}
          name="role"
          label="Role"
          choices={ROLE_CHOICES}
          description={ROLE_DESCRIPTIONS[form.watch("role")]}
        />
        <Button type="submit" className="w-fit sm:mt-[1.375rem]" disabled={invite.isPending}>
          {invite.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          Invite
        </Button>
      </form>
      {needsUpgrade && mayPay && (
        <Button asChild variant="outline" className="mt-3 w-fit">
          <Link href="/settings?tab=plan">
            <CreditCard aria-hidden="true" />
            Upgrade
          </Link>
        </Button>
      )}
    </Form>
  );
}
