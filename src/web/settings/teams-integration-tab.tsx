import {
  TEAMS_MISSING_INFORMATION,
  type TeamsIntegrationJson,
  type TeamsSettingsInput,
  type TeamsSettingsRequest,
  teamsSettingsRequest,
} from "@core/contracts/teams";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@web/components/text-field";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Form } from "@web/components/ui/form";
import { PasswordInput } from "@web/components/ui/password-input";
import { Spinner } from "@web/components/ui/spinner";
import { useAuth } from "@web/hooks/use-auth";
import { toast } from "@web/hooks/use-toast";
import { CopyField } from "@web/integrations/phone/copy-field";
import { EnabledSwitchField } from "@web/integrations/phone/enabled-switch-field";
import { formatEventTime, toastText } from "@web/integrations/phone/toast-text";
import { UnreachableUrlNote } from "@web/integrations/unreachable-url-note";
import { PlugZap } from "lucide-react";
import { type FieldErrors, useForm } from "react-hook-form";
import { DisconnectButton } from "./disconnect-button";
import { ReconcileCard } from "./reconcile-card";
import { IntegrationGate } from "./integration-gate";
import { useTeamsActions, useTeamsIntegration } from "./use-teams-integration";

/**
 * Settings → Integrations → Teams: the Entra ID app's
 * tenant ID, client ID and client secret, Enabled, Test Connection (a real token from Microsoft),
 * the status Graph's subscription earned, the webhook URL Graph posts call records to, the
 * subscription's expiry, the last event and the last error; Disconnect, asked once.
 */
export function TeamsIntegrationTab() {
  const teams = useTeamsIntegration();
  return (
    <IntegrationGate query={teams} what="Teams integration" fields={3}>
      {(data) => <TeamsSettings teams={data} />}
    </IntegrationGate>
  );
}

const STATUS = {
  connected: { label: "Connected", variant: "success" },
  error: { label: "Error", variant: "destructive" },
  "not connected": { label: "Not connected", variant: "secondary" },
} as const;

/** The missing-information message as a toast: "Missing Information" and the rest as its description. */
function toastMissingInformation() {
  toast({ ...toastText(TEAMS_MISSING_INFORMATION), variant: "destructive" });
}

function onInvalid(errors: FieldErrors<TeamsSettingsInput>) {
  if (errors.tenantId?.message === TEAMS_MISSING_INFORMATION || errors.clientId?.message === TEAMS_MISSING_INFORMATION)
    toastMissingInformation();
}

function TeamsSettings({ teams }: { teams: TeamsIntegrationJson }) {
  const { user } = useAuth();
  const { save, test, disconnect } = useTeamsActions();
  const form = useForm<TeamsSettingsInput, unknown, TeamsSettingsRequest>({
    resolver: zodResolver(teamsSettingsRequest),
    values: {
      tenantId: teams.tenantId ?? "",
      clientId: teams.clientId ?? "",
      clientSecret: "",
      enabled: teams.configured ? teams.enabled : true,
      microsoftUser: teams.microsoftUser && teams.microsoftUser !== user?.email?.toLowerCase() ? teams.microsoftUser : "",
    },
  });
  const status = STATUS[teams.status];

  const runTest = async () => {
    if (!(await form.trigger(["tenantId", "clientId"]))) {
      onInvalid(form.formState.errors);
      return;
    }
    const { tenantId, clientId, clientSecret } = form.getValues();
    test.mutate({ tenantId, clientId, clientSecret: clientSecret || null });
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant={status.variant} data-testid="teams-status">
          {status.label}
        </Badge>
        <p className="text-sm text-muted-foreground" data-testid="teams-last-event">
          {teams.lastEventAt
            ? `Last event received: ${formatEventTime(teams.lastEventAt, user?.timezone)}`
            : "No events received yet"}
        </p>
      </div>
      {teams.lastError ? (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm break-words">
          <span className="font-medium">Last error: </span>
          {teams.lastError}
        </p>
      ) : null}
      <div className="grid gap-2 text-sm text-muted-foreground">
        <p>
          Register an app in Microsoft Entra ID (App registrations → New registration). Its Directory (tenant) ID and Application
          (client) ID are on its Overview page; create a client secret under Certificates &amp; secrets. Under API permissions add
          these <strong className="text-foreground">application</strong> permissions of Microsoft Graph and grant admin consent:
        </p>
        <ul className="flex flex-wrap gap-2" aria-label="Permissions to grant">
          {teams.permissions.map((permission) => (
            <li key={permission}>
              <code className="rounded bg-muted px-2 py-1 font-mono text-xs text-foreground">{permission}</code>
            </li>
          ))}
        </ul>
        <p>
          Minutely then subscribes to your organisation's call records: when a Teams meeting ends, Microsoft sends its record and
          it becomes a call for the client among its participants.
        </p>
      </div>
      <Form {...form}>
        <form
          noValidate
          className="grid gap-6"
          onSubmit={form.handleSubmit(
            (values) => save.mutate(values),
            (errors) => onInvalid(errors),
          )}
        >
          <div className="grid items-start gap-6 sm:grid-cols-2">
            <TextField control={form.control} name="tenantId" label="Tenant ID" autoComplete="off" spellCheck={false} />
            <TextField control={form.control} name="clientId" label="Client ID" autoComplete="off" spellCheck={false} />
            <TextField
              control={form.control}
              name="clientSecret"
              label="Client Secret"
              input={PasswordInput}
              autoComplete="new-password"
              placeholder={teams.hasClientSecret ? "••••••••" : ""}
              description={
                teams.hasClientSecret
                  ? "Stored encrypted; never shown again. Leave blank to keep it."
                  : "Certificates & secrets → the secret's Value (not its ID). Stored encrypted."
              }
            />
            <TextField
              control={form.control}
              name="microsoftUser"
              label="Your Microsoft sign-in (optional)"
              type="email"
              autoComplete="off"
              spellCheck={false}
              placeholder={user?.email ?? ""}
              description={
                teams.ownerNote ??
                (teams.ownerRecognised
                  ? "Found in Microsoft Entra ID: in your meetings you are you, never a client."
                  : "When it is not your Minutely email: Minutely looks you up in Microsoft Entra ID so your meetings never list you as a participant.")
              }
            />
            <EnabledSwitchField
              control={form.control}
              name="enabled"
              description="When on, Minutely subscribes to call records; when off, nothing is captured."
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              Save
            </Button>
            <Button type="button" variant="outline" disabled={test.isPending} onClick={() => void runTest()}>
              {test.isPending ? <Spinner /> : <PlugZap aria-hidden="true" />}
              Test Connection
            </Button>
            {teams.configured ? (
              <DisconnectButton
                pending={disconnect.isPending}
                onConfirm={() => disconnect.mutate()}
                title="Disconnect Teams?"
                description="Minutely removes its call-records subscription and erases the tenant ID, client ID and client secret. Calls already captured stay. You can connect again at any time."
              />
            ) : null}
          </div>
        </form>
      </Form>
      {teams.webhookUrl ? (
        <div className="grid gap-4 rounded-lg border p-4">
          <CopyField
            label="Webhook URL"
            value={teams.webhookUrl}
            description="Minutely gives this address to Microsoft Graph itself when it subscribes; Graph checks it at once."
          />
          <UnreachableUrlNote url={teams.webhookUrl} provider="Microsoft Graph" />
          <p className="text-sm text-muted-foreground" data-testid="teams-subscription">
            {teams.subscriptionExpiresAt
              ? `Subscription renews automatically; current one ends ${formatEventTime(teams.subscriptionExpiresAt, user?.timezone)}.`
              : "No active subscription."}
          </p>
        </div>
      ) : null}
      {teams.configured ? <ReconcileCard source="teams" /> : null}
    </div>
  );
}
