import {
  EMAIL_PROVIDER_LABELS,
  MAILBOX_PRESETS,
  type MailboxSettingsInput,
  type MailboxStatus,
  type MailboxSettingsRequest,
  type MailboxSettingsResponse,
  mailboxSettingsRequest,
} from "@core/contracts/emails";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { ProviderField } from "@web/emails/provider-field";
import { queryKeys } from "@web/lib/query-keys";
import { useForm } from "react-hook-form";
import { IntegrationActions, IntegrationHeader, type StatusLooks, StoredSecretField } from "./integration-frame";
import { IntegrationGate } from "./integration-gate";
import { MailboxTestResult } from "./mailbox-test-result";
import { useMailboxActions } from "./use-mailbox-actions";

const MAILBOX_KEY = queryKeys.mailbox();

/**
 * Settings → Integrations → Email: the signed-in member's own mailbox, over IMAP with an app password,
 * or with Google/Microsoft sign-in where this server has it set up; test the connection (the server's
 * own answer is shown) and disconnect (the stored password or tokens are erased). On the integrations
 * frame (integration-frame.tsx) like the Zoom, Teams and Meet tabs.
 */
export function EmailIntegrationTab() {
  const mailbox = useQuery<MailboxSettingsResponse>({ queryKey: MAILBOX_KEY });
  return (
    <IntegrationGate query={mailbox} what="email integration" fields={4}>
      {(data) => <MailboxForm mailbox={data} />}
    </IntegrationGate>
  );
}

const STATUS: StatusLooks<MailboxStatus> = {
  connected: { label: "Connected", variant: "success" },
  saved: { label: "Not tested yet", variant: "warning" },
  reconnect: { label: "Reconnect needed", variant: "destructive" },
  error: { label: "Error", variant: "destructive" },
  disconnected: { label: "Not connected", variant: "secondary" },
};

function toFormValues(mailbox: MailboxSettingsResponse): MailboxSettingsInput {
  return {
    provider: mailbox.provider ?? "gmail",
    host: mailbox.provider === "imap" ? (mailbox.host ?? "") : "",
    port: mailbox.provider === "imap" ? String(mailbox.port ?? 993) : "993",
    secure: mailbox.secure ?? true,
    username: mailbox.username ?? "",
    password: "",
    address: mailbox.address ?? "",
  };
}

function MailboxForm({ mailbox }: { mailbox: MailboxSettingsResponse }) {
  const form = useForm<MailboxSettingsInput, unknown, MailboxSettingsRequest>({
    resolver: zodResolver(mailboxSettingsRequest),
    values: toFormValues(mailbox),
  });
  const provider = form.watch("provider");
  const isConnected = mailbox.provider !== null;
  const oauthLabel = provider === "gmail" ? "Google" : provider === "outlook" ? "Microsoft" : null;
  const oauthAvailable =
    provider === "gmail" ? mailbox.oauthAvailable.gmail : provider === "outlook" ? mailbox.oauthAvailable.outlook : false;

  const { save, test, disconnect, testResult } = useMailboxActions();

  const preset = provider !== "imap" ? MAILBOX_PRESETS[provider] : null;
  return (
    <div className="grid gap-6">
      <IntegrationHeader
        testId="mailbox"
        status={STATUS[mailbox.status]}
        detailTestId="mailbox-detail"
        detail={
          isConnected
            ? `Connected: ${mailbox.address ?? mailbox.username} (${EMAIL_PROVIDER_LABELS[mailbox.provider!]}, ${mailbox.authType === "oauth2" ? "signed in with OAuth" : "app password"}).`
            : "No mailbox connected. Minutely reads subjects, addresses and the text of the emails you search for; it never sends or deletes mail."
        }
      />
      <Form {...form}>
        <form noValidate className="grid gap-6" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <div className="grid items-start gap-6 sm:grid-cols-2">
            <ProviderField
              control={form.control}
              name="provider"
              description={
                preset
                  ? `Server ${preset.host}, port ${preset.port}, TLS.`
                  : "Any IMAP server: enter its host, port and TLS setting."
              }
            />
            {provider === "imap" ? (
              <>
                <TextField
                  control={form.control}
                  name="host"
                  label="IMAP Server Host"
                  placeholder="imap.example.com"
                  autoComplete="off"
                />
                <TextField
                  control={form.control}
                  name="port"
                  label="Port"
                  description="993 with TLS; 143 without (upgraded with STARTTLS when offered)."
                  type="number"
                  inputMode="numeric"
                  min="1"
                  max="65535"
                  placeholder="993"
                  className="tabular-nums"
                />
                <FormField
                  control={form.control}
                  name="secure"
                  render={({ field }) => (
                    <FormItem className="flex flex-row items-center gap-3 sm:pt-8">
                      <FormControl>
                        <Checkbox checked={field.value ?? true} onCheckedChange={(checked) => field.onChange(checked === true)} />
                      </FormControl>
                      <FormLabel>Use TLS</FormLabel>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </>
            ) : null}
            <TextField
              control={form.control}
              name="username"
              label="Username"
              autoComplete="username"
              placeholder="you@example.com"
            />
            <StoredSecretField
              control={form.control}
              name="password"
              label="App Password"
              stored={mailbox.hasPassword && mailbox.authType === "password"}
              hint="An app password from your provider's security settings. Stored encrypted; never shown again."
              storedHint="Leave blank to keep the saved password."
            />
            <TextField
              control={form.control}
              name="address"
              label="Your Email Address (optional)"
              description="Mail from this address counts as outbound (writing time)."
              type="email"
              autoComplete="email"
              placeholder="Same as the username"
            />
          </div>
          <IntegrationActions
            saving={save.isPending}
            test={isConnected ? { pending: test.isPending, run: () => test.mutate() } : undefined}
            disconnect={
              isConnected
                ? {
                    pending: disconnect.isPending,
                    confirm: () => disconnect.mutate(),
                    title: "Disconnect this mailbox?",
                    description:
                      "The saved password or sign-in tokens are erased. Emails already saved to billing records stay. You can connect again at any time.",
                  }
                : null
            }
          >
            {oauthLabel && oauthAvailable ? (
              <Button asChild variant="outline">
                <a href={`/api/integrations/email/oauth/${provider}/start`}>Connect with {oauthLabel}</a>
              </Button>
            ) : null}
          </IntegrationActions>
        </form>
      </Form>
      <MailboxTestResult testResult={testResult} lastTestMessage={mailbox.lastTestMessage} />
    </div>
  );
}
