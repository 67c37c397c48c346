import {
  EMAIL_PROVIDER_LABELS,
  EMAIL_PROVIDERS,
  MAILBOX_PRESETS,
  type MailboxSettingsInput,
  type MailboxSettingsRequest,
  type MailboxSettingsResponse,
  type MailboxTestResponse,
  mailboxSettingsRequest,
} from "@core/contracts/emails";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { TextField } from "@web/components/text-field";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@web/components/ui/alert-dialog";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { PasswordInput } from "@web/components/ui/password-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { ApiError, apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";
import { CheckCircle2, PlugZap, Unplug, XCircle } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";

const MAILBOX_KEY = queryKeys.mailbox();

/**
 * Settings → Integrations → Email: connect a mailbox over IMAP with an app password, or with
 * Google/Microsoft sign-in where this server has it set up; test the connection (the server's
 * own answer is shown) and disconnect (the stored password or tokens are erased).
 */
export function EmailIntegrationTab() {
  const { data, isLoading, error, refetch } = useQuery<MailboxSettingsResponse>({ queryKey: MAILBOX_KEY });
  if (isLoading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2" role="status" aria-label="Loading email integration">
        {["a", "b", "c", "d"].map((key) => (
          <div key={key} className="grid gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (!data) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-sm text-destructive">{serverMessage(error, "The email integration could not be loaded.")}</p>
        <Button variant="outline" onClick={() => refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <MailboxForm mailbox={data} />;
}

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
  const [testResult, setTestResult] = useState<{ success: boolean; message: string } | null>(null);
  const provider = form.watch("provider");
  const isConnected = mailbox.provider !== null;
  const oauthLabel = provider === "gmail" ? "Google" : provider === "outlook" ? "Microsoft" : null;
  const oauthAvailable =
    provider === "gmail" ? mailbox.oauthAvailable.gmail : provider === "outlook" ? mailbox.oauthAvailable.outlook : false;

  const save = useMutation({
    mutationFn: (values: MailboxSettingsRequest) => apiJson<MailboxSettingsResponse>("PUT", "/api/integrations/email", values),
    onSuccess: (saved) => {
      queryClient.setQueryData(MAILBOX_KEY, saved);
      void refreshAfter("mailbox.saved");
      setTestResult(null);
      toast({
        title: "Email Integration Saved",
        description: "Mailbox settings saved. Use Test Connection to check the sign-in.",
      });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({
          title: "Setup Failed",
          description: serverMessage(error, "Failed to save the email integration."),
          variant: "destructive",
        });
    },
  });
  const test = useMutation({
    mutationFn: () => apiJson<MailboxTestResponse>("POST", "/api/integrations/email/test"),
    onSuccess: (result) => {
      setTestResult(result);
      void refreshAfter("mailbox.tested");
      toast({ title: "Connection Successful", description: result.message });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const message =
        error instanceof ApiError
          ? serverMessage(error, "The mail server could not be reached.")
          : "Test Error: Failed to test the email connection.";
      setTestResult({ success: false, message });
      void refreshAfter("mailbox.tested");
      toast({ title: "Connection Test Failed", description: message, variant: "destructive" });
    },
  });
  const disconnect = useMutation({
    mutationFn: () => apiJson<{ message: string }>("DELETE", "/api/integrations/email"),
    onSuccess: async (result) => {
      setTestResult(null);
      await refreshAfter("mailbox.disconnected");
      toast({ title: "Mailbox Disconnected", description: result.message });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: "Disconnect Failed", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });

  const preset = provider !== "imap" ? MAILBOX_PRESETS[provider] : null;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        {isConnected
          ? `Connected: ${mailbox.address ?? mailbox.username} (${EMAIL_PROVIDER_LABELS[mailbox.provider!]}, ${mailbox.authType === "oauth2" ? "signed in with OAuth" : "app password"}).`
          : "No mailbox connected. Minutely reads subjects, addresses and the text of the emails you search for; it never sends or deletes mail."}
      </p>
      <Form {...form}>
        <form noValidate className="grid gap-6" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <div className="grid items-start gap-6 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="provider"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Provider</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger onBlur={field.onBlur}>
                        <SelectValue placeholder="Choose a provider" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {EMAIL_PROVIDERS.map((value) => (
                        <SelectItem key={value} value={value}>
                          {EMAIL_PROVIDER_LABELS[value]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormDescription>
                    {preset
                      ? `Server ${preset.host}, port ${preset.port}, TLS.`
                      : "Any IMAP server: enter its host, port and TLS setting."}
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
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
            <FormField
              control={form.control}
              name="password"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>App Password</FormLabel>
                  <FormControl>
                    <PasswordInput
                      autoComplete="new-password"
                      placeholder={mailbox.hasPassword ? "••••••••" : ""}
                      {...field}
                      value={field.value ?? ""}
                    />
                  </FormControl>
                  <FormDescription>
                    {mailbox.hasPassword && mailbox.authType === "password"
                      ? "Leave blank to keep the saved password."
                      : "An app password from your provider's security settings. Stored encrypted; never shown again."}
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
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
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              Save
            </Button>
            {oauthLabel && oauthAvailable ? (
              <Button asChild variant="outline">
                <a href={`/api/integrations/email/oauth/${provider}/start`}>Connect with {oauthLabel}</a>
              </Button>
            ) : null}
            <Button type="button" variant="outline" disabled={!isConnected || test.isPending} onClick={() => test.mutate()}>
              {test.isPending ? <Spinner /> : <PlugZap aria-hidden="true" />}
              Test Connection
            </Button>
            {isConnected ? <DisconnectButton pending={disconnect.isPending} onConfirm={() => disconnect.mutate()} /> : null}
          </div>
        </form>
      </Form>
      {testResult ? (
        <div
          role="status"
          className={
            testResult.success
              ? "flex gap-2 rounded-lg border border-success/40 bg-success/10 p-3 text-sm"
              : "flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
          }
        >
          {testResult.success ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          ) : (
            <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          )}
          <p className="break-words">{testResult.message}</p>
        </div>
      ) : mailbox.lastTestMessage ? (
        <p className="text-sm text-muted-foreground">Last test: {mailbox.lastTestMessage}</p>
      ) : null}
    </div>
  );
}

function DisconnectButton({ pending, onConfirm }: { pending: boolean; onConfirm: () => void }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="destructive" disabled={pending}>
          {pending ? <Spinner /> : <Unplug aria-hidden="true" />}
          Disconnect
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Disconnect this mailbox?</AlertDialogTitle>
          <AlertDialogDescription>
            The saved password or sign-in tokens are erased. Emails already saved to billing records stay. You can connect again
            at any time.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction destructive onClick={onConfirm}>
            Disconnect
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
