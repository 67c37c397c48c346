import { type SetupZoomInput, type SetupZoomRequest, setupZoomRequest, type ZoomIntegrationJson } from "@core/contracts/zoom";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@web/components/text-field";
import { Form } from "@web/components/ui/form";
import { useAuth } from "@web/hooks/use-auth";
import { CopyField } from "@web/integrations/phone/copy-field";
import { formatEventTime } from "@web/integrations/phone/toast-text";
import { UnreachableUrlNote } from "@web/integrations/unreachable-url-note";
import { useForm } from "react-hook-form";
import { IntegrationGate } from "./integration-gate";
import { IntegrationActions, IntegrationHeader, type StatusLooks, StoredSecretField } from "./integration-frame";
import { ReconcileCard } from "./reconcile-card";
import { useZoomActions, useZoomIntegration } from "./use-zoom-integration";

/**
 * Settings → Integrations → Zoom: the Marketplace app's Client ID,
 * Client Secret and Secret Token; the webhook URL to paste into the app with the three events to
 * enable; whether Zoom's events have arrived; Disconnect, asked once.
 */
export function ZoomIntegrationTab() {
  const zoom = useZoomIntegration();
  return (
    <IntegrationGate query={zoom} what="Zoom integration" fields={3}>
      {(data) => <ZoomSettings zoom={data} />}
    </IntegrationGate>
  );
}

const STATUS: StatusLooks<ZoomIntegrationJson["status"]> = {
  connected: { label: "Connected", variant: "success" },
  awaiting_events: { label: "Waiting for Zoom", variant: "warning" },
  disconnected: { label: "Not connected", variant: "secondary" },
};

function ZoomSettings({ zoom }: { zoom: ZoomIntegrationJson }) {
  const { user } = useAuth();
  const { save, disconnect } = useZoomActions();
  const form = useForm<SetupZoomInput, unknown, SetupZoomRequest>({
    resolver: zodResolver(setupZoomRequest),
    values: { apiKey: zoom.clientId ?? "", apiSecret: "", webhookSecretToken: "", accountId: zoom.accountId ?? "" },
  });
  const status = STATUS[zoom.status];
  const keepHint = "Saved and encrypted; never shown again. Enter it again to save changes.";
  return (
    <div className="grid gap-6">
      <IntegrationHeader
        testId="zoom"
        status={status}
        detailTestId="zoom-last-event"
        detail={
          zoom.lastEventAt
            ? `Last event received: ${formatEventTime(zoom.lastEventAt, user?.timezone)}`
            : "No events received yet"
        }
      />
      <p className="text-sm text-muted-foreground">
        Create a webhook-only or general app in the Zoom App Marketplace (Develop → Build App). Its Client ID and Client Secret
        are under App Credentials; its Secret Token is under Features → Access. Zoom signs every event with the Secret Token, so
        Minutely accepts only events your app sent.
      </p>
      <Form {...form}>
        <form noValidate className="grid gap-6" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <div className="grid items-start gap-6 sm:grid-cols-2">
            <TextField control={form.control} name="apiKey" label="Client ID" autoComplete="off" spellCheck={false} />
            <StoredSecretField
              control={form.control}
              name="apiSecret"
              label="Client Secret"
              stored={zoom.hasClientSecret}
              storedHint={keepHint}
              hint="App Credentials → Client Secret."
            />
            <StoredSecretField
              control={form.control}
              name="webhookSecretToken"
              label="Secret Token"
              stored={zoom.hasSecretToken}
              storedHint={keepHint}
              hint="Features → Access → Secret Token."
            />
            <TextField
              control={form.control}
              name="accountId"
              label="Account ID (optional)"
              autoComplete="off"
              spellCheck={false}
              description="A Server-to-Server OAuth app's Account ID: with its Client ID and Secret, Minutely reads Zoom's record of past meetings to recover any whose event was lost. Learned from Zoom's first event when left blank."
            />
          </div>
          <IntegrationActions
            saving={save.isPending}
            saveLabel={zoom.configured ? "Save" : "Connect Zoom"}
            disconnect={
              zoom.configured
                ? {
                    pending: disconnect.isPending,
                    confirm: () => disconnect.mutate(),
                    title: "Disconnect Zoom?",
                    description:
                      "The Client ID, Client Secret and Secret Token are erased and the webhook URL stops accepting events. Calls already captured stay. You can connect again at any time (with a new URL).",
                  }
                : null
            }
          />
        </form>
      </Form>
      {zoom.webhookUrl ? (
        <div className="grid gap-4 rounded-lg border p-4">
          <CopyField
            label="Webhook URL"
            value={zoom.webhookUrl}
            description="In your Zoom app: Features → Access → Event Subscription → Add Event Notification Endpoint URL. Zoom validates it at once."
          />
          <UnreachableUrlNote url={zoom.webhookUrl} provider="Zoom" />
          <div className="grid gap-2">
            <p className="text-sm font-medium">Events to enable</p>
            <ul className="flex flex-wrap gap-2" aria-label="Events to enable">
              {zoom.events.map((event) => (
                <li key={event}>
                  <code className="rounded bg-muted px-2 py-1 font-mono text-xs">{event}</code>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {zoom.configured ? <ReconcileCard source="zoom" /> : null}
    </div>
  );
}
