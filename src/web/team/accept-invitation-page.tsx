import type { SessionUser } from "@core/contracts/auth";
import { acceptInvitationForm, acceptInvitationRequest, type InvitationPreview } from "@core/contracts/team";
import { ROLE_DESCRIPTIONS, ROLE_NAMES } from "@core/permissions";
import { zodResolver } from "@hookform/resolvers/zod";
import { StandaloneFrame } from "@web/components/standalone-frame";
import { TextField } from "@web/components/text-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { PasswordInput } from "@web/components/ui/password-input";
import { LoadingState } from "@web/components/ui/spinner";
import { AuthForm } from "@web/auth/auth-form";
import { setSessionUser, useAuth } from "@web/hooks/use-auth";
import { apiJson, serverMessage } from "@web/lib/api";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";

/** The token from the link's fragment (`/join#…`): it never reaches a server log. */
function tokenFromLocation(): string {
  return typeof window === "undefined" ? "" : decodeURIComponent(window.location.hash.slice(1));
}

type Offer = { state: "loading" } | { state: "refused"; message: string } | { state: "ready"; preview: InvitationPreview };

/** /join: the invitee sees who invited them to which practice, then signs up (or, as a former member, signs in) and joins. */
export default function AcceptInvitationPage() {
  const { user } = useAuth();
  const [token] = useState(tokenFromLocation);
  const [offer, setOffer] = useState<Offer>({ state: "loading" });

  useEffect(() => {
    if (user) return;
    apiJson<InvitationPreview>("POST", "/api/invitations/preview", { token }).then(
      (preview) => setOffer({ state: "ready", preview }),
      (error) =>
        setOffer({ state: "refused", message: serverMessage(error, "This invitation could not be read. Please try again.") }),
    );
  }, [token, user]);

  return (
    <StandaloneFrame>
      <div className="mx-auto w-full max-w-md px-4 py-10">
        <Card>
          <CardHeader>
            <CardTitle as="h1">Join your practice on Minutely</CardTitle>
            {offer.state === "ready" && (
              <CardDescription>
                {offer.preview.invitedBy ?? "A colleague"} invited {offer.preview.email} to{" "}
                {offer.preview.practiceName ?? "their practice"} as {ROLE_NAMES[offer.preview.role]}:{" "}
                {ROLE_DESCRIPTIONS[offer.preview.role]}
              </CardDescription>
            )}
          </CardHeader>
          <CardContent>
            {user ? (
              <p role="alert" className="text-sm">
                You are signed in as {user.email}. Sign out first to accept an invitation: one person belongs to one practice.
              </p>
            ) : offer.state === "loading" ? (
              <LoadingState />
            ) : offer.state === "refused" ? (
              <p role="alert" className="text-sm text-destructive">
                {offer.message}
              </p>
            ) : offer.preview.signIn ? (
              <RejoinForm token={token} />
            ) : (
              <JoinForm token={token} />
            )}
          </CardContent>
        </Card>
      </div>
    </StandaloneFrame>
  );
}

function useAccept() {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);
  async function accept(body: Record<string, unknown>, onError: (message: string) => void) {
    setPending(true);
    try {
      const user = await apiJson<SessionUser>("POST", "/api/invitations/accept", body);
      // The fragment held the token: drop it from the address bar and history.
      window.history.replaceState(null, "", "/");
      setSessionUser(user);
      navigate("/");
    } catch (error) {
      onError(serverMessage(error, "You could not join. Please try again."));
    } finally {
      setPending(false);
    }
  }
  return { accept, pending };
}

function JoinForm({ token }: { token: string }) {
  const { accept, pending } = useAccept();
  const form = useForm({
    resolver: zodResolver(acceptInvitationForm),
    defaultValues: { firstName: "", lastName: "", password: "", confirmPassword: "" },
  });
  return (
    <AuthForm
      form={form}
      onSubmit={form.handleSubmit(({ confirmPassword: _, ...values }) =>
        accept({ token, ...values }, (message) => form.setError("root", { message })),
      )}
      submitLabel="Join"
      pendingLabel="Joining..."
      isPending={pending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="firstName" label="First Name" autoComplete="given-name" />
        <TextField control={form.control} name="lastName" label="Last Name" autoComplete="family-name" />
      </div>
      <TextField control={form.control} name="password" label="Password" input={PasswordInput} autoComplete="new-password" />
      <TextField
        control={form.control}
        name="confirmPassword"
        label="Confirm Password"
        input={PasswordInput}
        autoComplete="new-password"
      />
      {form.formState.errors.root && (
        <p role="alert" className="text-sm text-destructive">
          {form.formState.errors.root.message}
        </p>
      )}
    </AuthForm>
  );
}

function RejoinForm({ token }: { token: string }) {
  const { accept, pending } = useAccept();
  const form = useForm({
    resolver: zodResolver(acceptInvitationRequest.pick({ password: true })),
    defaultValues: { password: "" },
  });
  return (
    <AuthForm
      form={form}
      onSubmit={form.handleSubmit((values) => accept({ token, ...values }, (message) => form.setError("password", { message })))}
      submitLabel="Sign in and join"
      pendingLabel="Joining..."
      isPending={pending}
    >
      <p className="text-sm text-muted-foreground">You were a member of this practice before: sign in with your password.</p>
      <TextField control={form.control} name="password" label="Password" input={PasswordInput} autoComplete="current-password" />
    </AuthForm>
  );
}
