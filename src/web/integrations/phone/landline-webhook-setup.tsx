import { isTwilioCompatible, LANDLINE_PROVIDER_LABELS, type LandlineSettingsJson } from "@core/contracts/phone";
import { KeyRound } from "lucide-react";
import { UnreachableUrlNote } from "../unreachable-url-note";
import { CopyField } from "./copy-field";
import { formatEventTime } from "./toast-text";

/**
 * What to paste into the provider once the landline is saved: for Twilio and SignalWire the voice
 * status callback and messaging webhook URLs (their callbacks are signed with the auth token); for
 * every other provider the generic signed webhook's URL, its signing secret the one time it is
 * created, and an example request.
 */
export function LandlineWebhookSetup({
  landline,
  signingSecret,
  timeZone,
}: {
  landline: LandlineSettingsJson;
  signingSecret: string | null;
  timeZone: string | undefined;
}) {
  if (!landline.provider) return null;
  const providerName = LANDLINE_PROVIDER_LABELS[landline.provider];
  return (
    <section aria-labelledby="landline-webhooks-heading" className="grid gap-4 rounded-lg border p-4">
      <div className="grid gap-1">
        <h3 id="landline-webhooks-heading" className="font-semibold">
          Connect {providerName} to Minutely
        </h3>
        <p className="text-sm text-muted-foreground">
          {landline.lastEventAt ? `Last event ${formatEventTime(landline.lastEventAt, timeZone)}.` : "No event has arrived yet."}
          {landline.lastError ? ` Last problem: ${landline.lastError}` : ""}
        </p>
      </div>
      {isTwilioCompatible(landline.provider) ? (
        <TwilioUrls landline={landline} providerName={providerName} />
      ) : (
        <GenericWebhook landline={landline} signingSecret={signingSecret} providerName={providerName} />
      )}
    </section>
  );
}

function TwilioUrls({ landline, providerName }: { landline: LandlineSettingsJson; providerName: string }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        In {providerName}'s console, open your phone number's settings and paste these URLs (HTTP POST). Minutely checks every
        request's signature with your auth token.
      </p>
      <UnreachableUrlNote url={landline.voiceWebhookUrl} provider={providerName} />
      {landline.voiceWebhookUrl ? (
        <CopyField
          label="Voice status callback URL"
          value={landline.voiceWebhookUrl}
          description="Under Voice: the status callback URL, with the answered and completed events."
        />
      ) : null}
      {landline.smsWebhookUrl ? (
        <CopyField
          label="Messaging webhook URL"
          value={landline.smsWebhookUrl}
          description={`Under Messaging: "A message comes in". Texts of CALL_START and CALL_END from your mobile arrive here.`}
        />
      ) : null}
    </div>
  );
}

function GenericWebhook({
  landline,
  signingSecret,
  providerName,
}: {
  landline: LandlineSettingsJson;
  signingSecret: string | null;
  providerName: string;
}) {
  const url = landline.genericWebhookUrl;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Have your {providerName} system (or a small script beside it) POST a signed JSON event to this URL when a call starts and
        when it ends. The format is described in the Minutely capture webhook guide (docs/capture-webhook.md).
      </p>
      {url ? <CopyField label="Webhook URL" value={url} /> : null}
      <UnreachableUrlNote url={url} provider={providerName} />
      {signingSecret ? (
        <div role="alert" className="grid gap-3 rounded-lg border border-warning/60 bg-warning/10 p-3">
          <p className="flex items-start gap-2 text-sm font-medium">
            <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Copy your signing secret now: it will not be shown again.
          </p>
          <CopyField label="Signing secret" value={signingSecret} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {landline.hasSigningSecret
            ? "Signing secret: stored. It was shown once when it was created."
            : "A signing secret is created when you save."}
        </p>
      )}
      {url ? <ExampleRequest url={url} /> : null}
    </div>
  );
}

/** A request the user can run to see a call start: signed with HMAC-SHA256 over "{timestamp}.{body}". */
function ExampleRequest({ url }: { url: string }) {
  const example = [
    `SECRET='your signing secret'`,
    `BODY='{"eventId":"evt-1001","callId":"call-42","event":"call.started","occurredAt":"2026-03-02T15:04:05Z","from":"+15551234567","to":"+15557654321","direction":"inbound"}'`,
    `TS=$(date +%s)`,
    `SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')`,
    `curl -X POST '${url}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H "X-Minutely-Timestamp: $TS" \\`,
    `  -H "X-Minutely-Signature: v1=$SIG" \\`,
    `  -d "$BODY"`,
  ].join("\n");
  return (
    <details className="group grid gap-2 text-sm">
      <summary className="cursor-pointer font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
        Example request
      </summary>
      <p className="mt-2 text-muted-foreground">
        Headers: <code className="font-mono">X-Minutely-Timestamp</code> (Unix seconds, within 5 minutes of now) and{" "}
        <code className="font-mono">X-Minutely-Signature</code> (<code className="font-mono">v1=</code> and the hex HMAC-SHA256 of
        the timestamp, a dot and the raw body, keyed with your signing secret). Send <code className="font-mono">call.ended</code>{" "}
        with <code className="font-mono">durationSeconds</code> when the call ends; a repeated{" "}
        <code className="font-mono">eventId</code> is ignored.
      </p>
      <pre className="mt-2 max-w-full whitespace-pre-wrap break-all rounded-md bg-muted p-3 font-mono text-xs">{example}</pre>
    </details>
  );
}
