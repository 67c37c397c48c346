import {
  type CalendarFeedFormInput,
  type CalendarFeedFormValues,
  type CalendarFeedJson,
  calendarFeedForm,
} from "@core/contracts/calendar-feed";
import { zodResolver } from "@hookform/resolvers/zod";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { TextField } from "@web/components/text-field";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { useAuth } from "@web/hooks/use-auth";
import { formatEventTime } from "@web/integrations/phone/toast-text";
import { IntegrationGate } from "@web/settings/integration-gate";
import { RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useCalendarFeed, useCalendarFeedActions } from "./use-calendar-feed";

/**
 * Settings → Integrations → Calendar (docs/calendar-capture.md): the calendar's private ICS address (checked by the
 * server before it is stored, then shown only as its host), Enabled, "Confirm meetings automatically",
 * Save, Poll now, the feed's status, what the last poll cut and why (its bounds), what it
 * could not read and why, and Remove, asked once.
 */
export function CalendarFeedTab() {
  const feed = useCalendarFeed();
  return (
    <IntegrationGate query={feed} what="calendar feed" fields={2}>
      {(data) => <CalendarFeedSettings feed={data} />}
    </IntegrationGate>
  );
}

const STATUS = {
  connected: { label: "Connected", variant: "success" },
  error: { label: "Failing", variant: "destructive" },
  disconnected: { label: "Not connected", variant: "secondary" },
} as const;

const PROVIDERS = [
  ["Google Calendar", "Settings → your calendar → Integrate calendar → “Secret address in iCal format”."],
  ["Outlook", "Settings → Calendar → Shared calendars → Publish a calendar → copy the ICS link."],
  ["iCloud", "Calendar → share the calendar as a Public Calendar → copy the webcal:// link."],
  ["Fastmail", "Settings → Calendars → Export/Share → copy the private ICS (iCalendar) URL."],
] as const;

function CalendarFeedSettings({ feed }: { feed: CalendarFeedJson }) {
  const { user } = useAuth();
  const { save, poll, remove } = useCalendarFeedActions();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<CalendarFeedFormInput, unknown, CalendarFeedFormValues>({
    resolver: zodResolver(calendarFeedForm),
    values: { url: "", enabled: feed.configured ? feed.enabled : true, autoConfirm: feed.autoConfirm },
  });
  const status = STATUS[feed.status];
  const when = (instant: string | null, never: string) => (instant ? formatEventTime(instant, user?.timezone) : never);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant={status.variant} data-testid="calendar-status">
          {status.label}
        </Badge>
        {feed.host ? (
          <span className="font-mono text-sm" data-testid="calendar-host">
            {feed.host}
          </span>
        ) : null}
      </div>
      {feed.configured ? (
        <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4" data-testid="calendar-feed-state">
          <dt className="text-muted-foreground">Last checked</dt>
          <dd>{when(feed.lastPolledAt, "Not yet")}</dd>
          <dt className="text-muted-foreground">Last change</dt>
          <dd>{when(feed.lastChangedAt, "None yet")}</dd>
          <dt className="text-muted-foreground">Meetings in the last 30 days</dt>
          <dd className="tabular-nums">{feed.eventsSeen}</dd>
          {feed.lastError ? (
            <>
              <dt className="text-muted-foreground">Last error</dt>
              <dd className="text-destructive" role="status">
                {feed.lastError}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {feed.configured && feed.warnings.length ? (
        <div
          className="grid gap-1 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm"
          role="status"
          data-testid="calendar-feed-warnings"
        >
          <p className="font-medium">Not everything in this calendar was read</p>
          <ul className="grid list-disc gap-1 pl-5">
            {feed.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {feed.configured && feed.skipped.length ? (
        <div
          className="grid gap-1 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm"
          role="status"
          data-testid="calendar-feed-skipped"
        >
          <p className="font-medium">Some entries could not be read</p>
          <p className="text-muted-foreground">The rest of the calendar was read. What was left out, and why:</p>
          <ul className="grid list-disc gap-1 pl-5">
            {feed.skipped.map((sentence) => (
              <li key={sentence} className="break-words">
                {sentence}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Paste your calendar's private address. Meetings that have ended with a client among the attendees appear on the dashboard
        under “Meetings to confirm”; the calendar is checked every 5 minutes. Where to find the address:
      </p>
      <ul className="grid gap-1 text-sm text-muted-foreground">
        {PROVIDERS.map(([name, where]) => (
          <li key={name}>
            <span className="font-medium text-foreground">{name}:</span> {where}
          </li>
        ))}
      </ul>
      <Form {...form}>
        <form
          noValidate
          className="grid gap-6"
          onSubmit={form.handleSubmit(({ url, ...switches }) =>
            // The address is a secret: once saved it leaves the screen too.
            save.mutate(url ? { url, ...switches } : switches, { onSuccess: () => form.setValue("url", "") }),
          )}
        >
          <TextField
            control={form.control}
            name="url"
            label="Private calendar address (ICS)"
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
            placeholder={feed.configured ? "Saved and encrypted; paste a new address to replace it" : "https://… or webcal://…"}
            description={
              feed.configured
                ? "Leave empty to keep the saved address."
                : "It is a secret: Minutely stores it encrypted and shows only its host."
            }
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SwitchField form={form} name="enabled" label="Enabled" description="Check this calendar every 5 minutes." />
            <SwitchField
              form={form}
              name="autoConfirm"
              label="Confirm meetings automatically"
              description="Meetings with a client become calls as soon as they end, without asking."
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              Save
            </Button>
            {feed.configured ? (
              <>
                <Button type="button" variant="outline" disabled={poll.isPending || !feed.enabled} onClick={() => poll.mutate()}>
                  {poll.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
                  Poll now
                </Button>
                <Button type="button" variant="destructive" disabled={remove.isPending} onClick={() => setConfirming(true)}>
                  {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
                  Remove
                </Button>
              </>
            ) : null}
          </div>
        </form>
      </Form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the calendar feed?"
        description="The saved address is erased and meetings waiting for confirmation are dismissed. Calls you already confirmed stay."
        confirmLabel="Remove"
        pending={false}
        destructive
        onConfirm={() => {
          setConfirming(false);
          remove.mutate();
        }}
      />
    </div>
  );
}

function SwitchField({
  form,
  name,
  label,
  description,
}: {
  form: ReturnType<typeof useForm<CalendarFeedFormInput, unknown, CalendarFeedFormValues>>;
  name: "enabled" | "autoConfirm";
  label: string;
  description: string;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-start gap-3">
          <FormControl>
            <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
          </FormControl>
          <div className="grid gap-1">
            <FormLabel>{label}</FormLabel>
            <FormDescription>{description}</FormDescription>
          </div>
        </FormItem>
      )}
    />
  );
}
