import {
  EMAIL_VERIFICATION_PARAM,
  EMAIL_VERIFICATION_PATH,
  type SendVerificationEmailResponse,
  verifyLinkRefusalText,
} from "@core/contracts/email-verification";
import { useMutation } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { refreshSessionUser } from "@web/hooks/use-auth";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { refreshAfter } from "@web/lib/query-refresh";
import { useEffect, useRef } from "react";
import { useSearchParams } from "wouter";

/**
 * Whether the saved sign-in address is proved, and a button that mails the proving link
 * (POST /api/auth/verify-email). The server's answer, or its reason for refusing, is the toast.
 */
export function EmailVerificationStatus({ verified }: { verified: boolean }) {
  const send = useMutation({
    mutationFn: () => apiJson<SendVerificationEmailResponse>("POST", EMAIL_VERIFICATION_PATH),
    onSuccess: async (answer) => {
      await refreshAfter("email.verificationSent");
      toast({ title: "Verification Email", description: answer.message });
    },
    onError: (error) =>
      toast({
        title: "Could not send the link",
        description: serverMessage(error, "The verification email was not sent. Please try again."),
        variant: "destructive",
      }),
  });
  if (verified) {
    return (
      <Badge variant="success" data-testid="email-verification-status">
        Verified
      </Badge>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge variant="outline" data-testid="email-verification-status">
        Not verified
      </Badge>
      <Button type="button" variant="outline" size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? <Spinner /> : null}
        Verify email
      </Button>
    </span>
  );
}

/**
 * After the mailed link the server sends the browser to ?tab=profile&emailVerification=verified (or
 * =error&reason=<code>). Only the code is read: the sentence comes from core's fixed table, never from the address.
 */
export function useEmailVerificationOutcome(): void {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const outcome = params.get(EMAIL_VERIFICATION_PARAM);
  const reason = params.get("reason");
  useEffect(() => {
    if (!outcome || shown.current) return;
    shown.current = true;
    if (outcome === "verified") {
      toast({ title: "Email Verified", description: "Your email address is verified." });
      void refreshSessionUser();
      void refreshAfter("email.verified");
    } else {
      toast({ title: "Email Not Verified", description: verifyLinkRefusalText(reason), variant: "destructive" });
    }
    setParams({ tab: "profile" }, { replace: true });
  }, [outcome, reason, setParams]);
}
