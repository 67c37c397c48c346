import {
  TEAMS_MISSING_INFORMATION,
  type TeamsIntegrationJson,
  type TeamsSettingsInput,
  type TeamsSettingsRequest,
  teamsSettingsRequest,
} from "@core/contracts/teams";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@web/components/text-field";
import { Form } from "@web/components/ui/form";
import { useAuth } from "@web/hooks/use-auth";
import { toast } from "@web/hooks/use-toast";
import { CopyField } from "@web/integrations/phone/copy-field";
import { EnabledSwitchField } from "@web/integrations/phone/enabled-switch-field";
import { formatEventTime, toastText } from "@web/integrations/phone/toast-text";
import { UnreachableUrlNote } from "@web/integrations/unreachable-url-note";
import { type FieldErrors, useForm } from "react-hook-form";
import { ReconcileCard } from "./reconcile-card";
import { IntegrationGate } from "./integration-gate";
import { IntegrationActions, IntegrationHeader, LastErrorAlert, type StatusLooks, StoredSecretField } from "./integration-frame";
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

const STATUS: StatusLooks<TeamsIntegrationJson["status"]> = {
  connected: { label: "Connected", variant: "success" },
  error: { label: "Error", variant: "destructive" },
  "not connected": { label: "Not connected", variant: "secondary" },
};

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
      <IntegrationHeader
        testId="teams"
        status={status}
        detailTestId="teams-last-event"
        detail={
          teams.lastEventAt
            ? `Last event received: ${formatEventTime(teams.lastEventAt, user?.timezone)}`
            : "No events received yet"
        }
      />
      <LastErrorAlert error={teams.lastError} />
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
            <StoredSecretField
              control={form.control}
              name="clientSecret"
              label="Client Secret"
              stored={teams.hasClientSecret}
              hint="Certificates & secrets → the secret's Value (not its ID). Stored encrypted."
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
          <IntegrationActions
            saving={save.isPending}
            test={{ pending: test.isPending, run: () => void runTest() }}
            disconnect={
              teams.configured
                ? {
                    pending: disconnect.isPending,
                    confirm: () => disconnect.mutate(),
                    title: "Disconnect Teams?",
                    description:
                      "Minutely removes its call-records subscription and erases the tenant ID, client ID and client secret. Calls already captured stay. You can connect again at any time.",
                  }
                : null
            }
          />
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
