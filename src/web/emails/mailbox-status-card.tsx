import { EMAIL_PROVIDER_LABELS, EMAIL_SETTINGS_PATH, type MailboxSettingsResponse } from "@core/contracts/emails";
import { Mail, Settings } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { serverMessage } from "@web/lib/api";

/** The email integration status card of /emails. */
export function MailboxStatusCard({
  mailbox,
  isLoading,
  error,
}: {
  mailbox: MailboxSettingsResponse | undefined;
  isLoading: boolean;
  error: unknown;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4 space-y-0">
        <div className="min-w-0">
          <CardTitle as="h2" className="flex items-center gap-2">
            <Mail className="size-5 text-primary" aria-hidden="true" />
            Email Integration
          </CardTitle>
          <CardDescription>
            Your mailbox is searched over IMAP; nothing is copied until you save an email to billing records.
          </CardDescription>
        </div>
        {mailbox ? <StatusBadge mailbox={mailbox} /> : null}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="grid gap-2" role="status" aria-label="Loading email integration">
            <Skeleton className="h-5 w-64" />
            <Skeleton className="h-4 w-40" />
          </div>
        ) : !mailbox ? (
          <p role="alert" className="text-sm text-destructive">
            {serverMessage(error, "The email integration could not be loaded.")}
          </p>
        ) : mailbox.provider ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-medium break-all">{mailbox.address ?? mailbox.username}</p>
              <p className="text-muted-foreground">
                {EMAIL_PROVIDER_LABELS[mailbox.provider]} · {mailbox.host}:{mailbox.port} ·{" "}
                {mailbox.authType === "oauth2" ? "signed in with OAuth" : "app password"}
              </p>
              {mailbox.lastTestMessage ? (
                <p className="mt-1 text-muted-foreground">Last test: {mailbox.lastTestMessage}</p>
              ) : null}
            </div>
            <Button asChild variant="outline" size="sm">
              <Link href={EMAIL_SETTINGS_PATH}>
                <Settings aria-hidden="true" />
                Manage
              </Link>
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">
              Connect your mailbox to find a client's emails by subject and bill the time.
            </p>
            <Button asChild size="sm">
              <Link href={EMAIL_SETTINGS_PATH}>Connect Mailbox</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function StatusBadge({ mailbox }: { mailbox: MailboxSettingsResponse }) {
  if (!mailbox.provider) return <Badge variant="outline">Not connected</Badge>;
  if (!mailbox.enabled) return <Badge variant="warning">Disabled</Badge>;
  return <Badge variant="success">Connected</Badge>;
}
