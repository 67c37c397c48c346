import { ArrowLeft, CircleCheck, Clock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";
import { QueryProvider } from "@web/components/query-provider";
import { PublicLayout } from "./public-layout";
import { WaitlistForm } from "./waitlist-form";

/** The success view: "You're on the List!" with Back to Home; focus moves to its heading. */
function JoinedView({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="grid justify-items-center gap-5 text-center" data-testid="waitlist-success">
      <div className="flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
        <CircleCheck className="size-9" aria-hidden="true" />
      </div>
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
        You're on the List!
      </h1>
      <p className="max-w-md text-muted-foreground">
        Thanks for joining. We will write to <span className="font-medium text-foreground">{email}</span> as soon as Minutely is
        ready for your practice.
      </p>
      <Button asChild size="lg">
        <Link href="/">
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
    </div>
  );
}

/** Join the waitlist (public). The form's mutation brings the query cache's provider (not in the entry chunk). */
export default function WaitlistPage() {
  const [joinedEmail, setJoinedEmail] = useState<string | null>(null);
  return (
    <QueryProvider>
      <PublicLayout>
        <div className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
          <div className="rounded-2xl border bg-card/95 p-6 text-card-foreground shadow-sm sm:p-8">
            {joinedEmail ? (
              <JoinedView email={joinedEmail} />
            ) : (
              <div className="grid gap-6">
                <div className="grid gap-2 text-center">
                  <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent text-primary">
                    <Clock className="size-6" aria-hidden="true" />
                  </span>
                  <h1 className="text-3xl font-bold tracking-tight">Join the Waitlist</h1>
                  <p className="text-muted-foreground">
                    Be among the first practices to track every billable minute with Minutely.
                  </p>
                </div>
                <WaitlistForm onJoined={setJoinedEmail} />
              </div>
            )}
          </div>
        </div>
      </PublicLayout>
    </QueryProvider>
  );
}
