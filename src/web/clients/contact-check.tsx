import type { ContactCheckJson } from "@core/contracts/client-import";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { apiJson } from "@web/lib/api";
import { cn } from "@web/lib/utils";

/** Wait this long after the last keystroke before asking the server (the check reads the account's clients). */
const CHECK_AFTER_MS = 500;

/**
 * The client form's contact check (docs/first-run.md): the phone read in the account's country (the
 * browser has no phone metadata, so the server reads it) and other clients with the same email or
 * number. A failed check shows nothing: it only warns, the save itself validates.
 */
export function useContactCheck(email: string, phone: string, excludeId?: number): ContactCheckJson | null {
  const [check, setCheck] = useState<ContactCheckJson | null>(null);
  useEffect(() => {
    const trimmedEmail = email.trim();
    const trimmedPhone = phone.trim();
    const emailLooksComplete = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmedEmail);
    if (!emailLooksComplete && trimmedPhone === "") {
      setCheck(null);
      return;
    }
    let cancelled = false;
    const timer = window.setTimeout(() => {
      const params = new URLSearchParams();
      if (emailLooksComplete) params.set("email", trimmedEmail);
      if (trimmedPhone) params.set("phone", trimmedPhone.slice(0, 50));
      if (excludeId) params.set("excludeId", String(excludeId));
      apiJson<ContactCheckJson>("GET", `/api/clients/contact-check?${params}`)
        .then((answer) => !cancelled && setCheck(answer))
        .catch(() => !cancelled && setCheck(null));
    }, CHECK_AFTER_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [email, phone, excludeId]);
  return check;
}

/** What the check found, under the email and phone fields: read live by screen readers. */
export function ContactWarnings({ check, className }: { check: ContactCheckJson | null; className?: string }) {
  const problem = check?.phone.problem ?? null;
  const warning = check?.warning ?? null;
  const e164 = check?.phone.e164 ?? null;
  return (
    <div className={cn("grid gap-1 text-sm", className)} role="status" aria-live="polite" data-testid="contact-check">
      {problem ? (
        <p className="flex items-start gap-2 text-warning">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>Phone: {problem}</span>
        </p>
      ) : e164 ? (
        <p className="flex items-start gap-2 text-muted-foreground">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>Calls from or to {e164} will match this client.</span>
        </p>
      ) : null}
      {warning ? (
        <p className="flex items-start gap-2 text-warning">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{warning}</span>
        </p>
      ) : null}
    </div>
  );
}
