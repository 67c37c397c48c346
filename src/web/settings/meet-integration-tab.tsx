import {
  MEET_CONNECT_PATH,
  MEET_MISSING_INFORMATION,
  MEET_RECONNECT_MESSAGE,
  type MeetIntegrationJson,
  type MeetSettingsInput,
  type MeetSettingsRequest,
  meetSettingsRequest,
} from "@core/contracts/meet";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Form } from "@web/components/ui/form";
import { useAuth } from "@web/hooks/use-auth";
import { toast } from "@web/hooks/use-toast";
import { CopyField } from "@web/integrations/phone/copy-field";
import { EnabledSwitchField } from "@web/integrations/phone/enabled-switch-field";
import { formatEventTime, toastText } from "@web/integrations/phone/toast-text";
import { UnreachableUrlNote } from "@web/integrations/unreachable-url-note";
import { LogIn } from "lucide-react";
import { useForm } from "react-hook-form";
import { IntegrationGate } from "./integration-gate";
import { IntegrationActions, IntegrationHeader, LastErrorAlert, type StatusLooks, StoredSecretField } from "./integration-frame";
import { ReconcileCard } from "./reconcile-card";
import { useMeetActions, useMeetConsentOutcome, useMeetIntegration } from "./use-meet-integration";

/**
 * Settings → Integrations → Meet: the Google Cloud OAuth
 * client's ID and secret, Enabled, Test Connection (Google's own answer), Save, Connect Google
 * account (Google's consent), the status the consent earned (or "reconnect" when Google refused
 * the refresh token), the redirect URI to register, the push channel's expiry, the last event and
 * the last error; Disconnect, asked once; "No missed call" with Reconcile now.
 */
export function MeetIntegrationTab() {
  const meet = useMeetIntegration();
  useMeetConsentOutcome(meet.data?.status);
  return (
    <IntegrationGate query={meet} what="Meet integration" fields={3}>
      {(data) => <MeetSettings meet={data} />}
    </IntegrationGate>
  );
}

const STATUS: StatusLooks<MeetIntegrationJson["status"]> = {
  connected: { label: "Connected", variant: "success" },
  reconnect: { label: "Reconnect needed", variant: "destructive" },
  "not connected": { label: "Not connected", variant: "secondary" },
};

/** The missing-information message as a toast: "Missing Information" and the rest as its description. */
function toastMissingInformation() {
  toast({ ...toastText(MEET_MISSING_INFORMATION), variant: "destructive" });
}

function MeetSettings({ meet }: { meet: MeetIntegrationJson }) {
  const { user } = useAuth();
  const { save, test, disconnect } = useMeetActions();
  const form = useForm<MeetSettingsInput, unknown, MeetSettingsRequest>({
    resolver: zodResolver(meetSettingsRequest),
    values: { clientId: meet.clientId ?? "", clientSecret: "", enabled: meet.configured ? meet.enabled : true },
  });
  const status = STATUS[meet.status];

  /** Both are required; a stored secret counts as given. */
  const checkBoth = async (): Promise<boolean> => {
    const idValid = await form.trigger("clientId");
    const secretGiven = Boolean(form.getValues("clientSecret")?.trim()) || meet.hasClientSecret;
    if (!secretGiven) form.setError("clientSecret", { message: MEET_MISSING_INFORMATION });
    if (!idValid || !secretGiven) {
      if (!secretGiven || form.getFieldState("clientId").error?.message === MEET_MISSING_INFORMATION) toastMissingInformation();
      return false;
    }
    return true;
  };

  const runTest = async () => {
    if (!(await checkBoth())) return;
    const { clientId, clientSecret } = form.getValues();
    test.mutate({ clientId, clientSecret: clientSecret || null });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!(await checkBoth())) return;
    await form.handleSubmit((values) => save.mutate(values))();
  };

  return (
    <div className="grid gap-6">
      <IntegrationHeader
        testId="meet"
        status={status}
        detailTestId="meet-account"
        detail={
          meet.status === "connected" && meet.googleAccount
            ? `Google account: ${meet.googleAccount}`
            : meet.configured
              ? "Connect your Google account so Minutely can read your calendar and Meet records."
              : "Enter your Google Cloud OAuth client's ID and secret, then connect your Google account."
        }
      />
      {meet.status === "reconnect" ? (
        <div role="alert" className="grid gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
          <p>{MEET_RECONNECT_MESSAGE}</p>
          <Button asChild variant="destructive" className="w-fit">
            <a href={MEET_CONNECT_PATH}>
              <LogIn aria-hidden="true" />
              Reconnect Google account
            </a>
          </Button>
        </div>
      ) : (
        <LastErrorAlert error={meet.lastError} testId="meet-last-error" />
      )}
      <div className="grid gap-2 text-sm text-muted-foreground">
        <p>
          In Google Cloud console, enable the Google Calendar API and the Google Meet REST API, then create an OAuth client ID
          (APIs &amp; Services → Credentials → Create credentials → OAuth client ID, type Web application) and add the redirect
          URI below to its Authorised redirect URIs. Paste its Client ID and Client Secret here, save, then connect your Google
          account.
        </p>
        <p>
          When a meeting with a Meet link in your calendar ends, Minutely reads its Meet record and it becomes a call for the
          client among the event's guests.
        </p>
      </div>
      <CopyField
        label="Redirect URI"
        value={meet.redirectUri}
        description="Register this exact address on the OAuth client in Google Cloud (Authorised redirect URIs)."
      />
      <UnreachableUrlNote url={meet.redirectUri} provider="Google Calendar" />
      <Form {...form}>
        <form noValidate className="grid gap-6" onSubmit={(event) => void submit(event)}>
          <div className="grid items-start gap-6 sm:grid-cols-2">
            <TextField control={form.control} name="clientId" label="Client ID" autoComplete="off" spellCheck={false} />
            <StoredSecretField
              control={form.control}
              name="clientSecret"
              label="Client Secret"
              stored={meet.hasClientSecret}
              hint="The OAuth client's secret (GOCSPX-…). Stored encrypted."
            />
            <EnabledSwitchField
              control={form.control}
              name="enabled"
              description="When on, meetings from your calendar become calls; when off, nothing is captured."
            />
          </div>
          <IntegrationActions
            saving={save.isPending}
            test={{ pending: test.isPending, run: () => void runTest() }}
            disconnect={
              meet.configured
                ? {
                    pending: disconnect.isPending,
                    confirm: () => disconnect.mutate(),
                    title: "Disconnect Google Meet?",
                    description:
                      "Minutely stops its calendar notifications, revokes its access to your Google account and erases the Client ID and Client Secret. Calls already captured stay. You can connect again at any time.",
                  }
                : null
            }
          >
            {meet.configured && meet.hasClientSecret && meet.status !== "reconnect" ? (
              <Button asChild variant={meet.status === "connected" ? "outline" : "default"}>
                <a href={MEET_CONNECT_PATH}>
                  <LogIn aria-hidden="true" />
                  {meet.status === "connected" ? "Connect another Google account" : "Connect Google account"}
                </a>
              </Button>
            ) : null}
          </IntegrationActions>
        </form>
      </Form>
      {meet.status !== "not connected" ? (
        <div className="grid gap-1 rounded-lg border p-4 text-sm text-muted-foreground">
          <p data-testid="meet-channel">
            {meet.channelExpiresAt
              ? `Calendar notifications renew automatically; the current channel ends ${formatEventTime(meet.channelExpiresAt, user?.timezone)}.`
              : "No calendar notification channel yet."}
          </p>
          <p data-testid="meet-last-event">
            {meet.lastEventAt
              ? `Last event received: ${formatEventTime(meet.lastEventAt, user?.timezone)}`
              : "No events received yet"}
          </p>
        </div>
      ) : null}
      {meet.configured ? <ReconcileCard source="meet" /> : null}
    </div>
  );
}
