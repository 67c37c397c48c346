import type TwilioRequestClient from "twilio/lib/base/RequestClient.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { Config } from "../../config.js";
import type { SecretBox } from "../../platform/secrets.js";
import type { CaptureEvent } from "../capture-event.js";
import {
  RECONCILE_TIMEOUT_MS,
  ReconcileFailure,
  type ReconcileBatch,
  type ReconcileContext,
  type Reconciler,
} from "../reconcile/reconciler.js";
import { loadPhoneContext, phoneConfigOf } from "./phone-context.js";
import { landlineSecretOf } from "./phone-secrets.js";
import { twilioSdk } from "./receive-twilio.js";
import { parseVoiceStatus, type TwilioParams } from "./twilio-voice.js";

/**
 * Twilio's and SignalWire's own record → the capture events their status callbacks would have made
 * (issue 25 §3): the account's `Calls` list with a start-time filter, through Twilio's official SDK
 * (`calls.list({startTimeAfter})`). SignalWire's compatibility API is the same wire at
 * `https://{space}/api/laml/2010-04-01/…` with the project id and an API token, so the same SDK is
 * pointed there. Each call is turned back into the status callback it stands for (CallSid, ParentCallSid,
 * From, To, Direction, CallStatus, CallDuration, Timestamp of the event) and parsed by the live path's
 * own parseVoiceStatus: same source, external id, event id (`{CallSid}:{status}`), times and parties,
 * so a call whose callback did arrive is a duplicate, and one whose callback was lost is made exactly
 * as it would have been.
 */
const PAGE_SIZE = 1000;
const TWILIO_HOST = "https://api.twilio.com";

/** Who signs in, and where the SDK's `https://api.twilio.com/…` requests go instead (host + path prefix). */
type Credentials = {
  username: string;
  password: string;
  accountSid: string;
  host: string;
  prefix: string;
  timeoutMs: number;
};

function credentialsOf(config: Pick<Config, "providers">, row: IntegrationRow, box: SecretBox): Credentials | string {
  const secret = landlineSecretOf(box, row);
  const phone = phoneConfigOf(row);
  const timeoutMs = config.providers?.timeoutMs ?? RECONCILE_TIMEOUT_MS;
  if (row.provider === "signalwire") {
    if (!phone.accountSid || !phone.spaceUrl || !secret.apiToken)
      return "Enter your SignalWire Project ID, Space URL and an API token to read SignalWire's call list.";
    const host = config.providers?.signalwireApiBase ?? `https://${phone.spaceUrl}`;
    return {
      username: phone.accountSid,
      password: secret.apiToken,
      accountSid: phone.accountSid,
      host,
      prefix: "/api/laml",
      timeoutMs,
    };
  }
  if (!phone.accountSid || !secret.authToken) return "Enter your Twilio Account SID and Auth Token to read Twilio's call list.";
  const host = config.providers?.twilioApiBase ?? TWILIO_HOST;
  return { username: phone.accountSid, password: secret.authToken, accountSid: phone.accountSid, host, prefix: "", timeoutMs };
}

/**
 * The SDK with its requests sent to `host` + `prefix` instead of api.twilio.com (SignalWire's space, a
 * stand-in). Next-page links already carry SignalWire's /api/laml, so the prefix is added only once.
 */
function sdkClient(credentials: Credentials) {
  const sdk = twilioSdk();
  const RequestClient = sdk.RequestClient;
  class ReroutedClient extends RequestClient {
    override request<TData>(opts: TwilioRequestClient.RequestOptions<TData>) {
      let uri = opts.uri;
      if (uri.startsWith(TWILIO_HOST)) {
        const path = uri.slice(TWILIO_HOST.length);
        uri =
          credentials.host + (credentials.prefix && !path.startsWith(`${credentials.prefix}/`) ? credentials.prefix : "") + path;
      }
      return super.request<TData>({ ...opts, uri, timeout: credentials.timeoutMs });
    }
  }
  return sdk(credentials.username, credentials.password, {
    accountSid: credentials.accountSid,
    // Always ours: the deadline applies to api.twilio.com too (the SDK's own default is 30 s).
    httpClient: new ReroutedClient({ timeout: credentials.timeoutMs }),
  });
}

type ListedCall = {
  sid: string;
  parentCallSid?: string | null;
  from?: string | null;
  to?: string | null;
  direction?: string | null;
  status?: string | null;
  duration?: string | null;
  startTime?: Date | null;
  endTime?: Date | null;
};

/** The status callback a listed call stands for: its last status at its own time. */
export function callbackOf(call: ListedCall): TwilioParams | null {
  const status = call.status ?? "";
  const at = status === "in-progress" ? call.startTime : (call.endTime ?? call.startTime);
  if (!call.sid || !status) return null;
  return {
    CallSid: call.sid,
    ...(call.parentCallSid ? { ParentCallSid: call.parentCallSid } : {}),
    From: call.from ?? "",
    To: call.to ?? "",
    Direction: call.direction ?? "",
    CallStatus: status,
    ...(status === "completed" && call.duration ? { CallDuration: call.duration } : {}),
    ...(at ? { Timestamp: at.toUTCString() } : {}),
  };
}

function failureOf(error: unknown, provider: string): ReconcileFailure {
  const name = provider === "signalwire" ? "SignalWire" : "Twilio";
  const status = (error as { status?: number }).status;
  const message = error instanceof Error ? error.message : String(error);
  return new ReconcileFailure(`${name}${status ? ` ${status}` : ""} refused the call list: ${message}`.slice(0, 500));
}

export const twilioReconciler: Reconciler = {
  missing(row: IntegrationRow, box: SecretBox) {
    const credentials = credentialsOf({}, row, box);
    return typeof credentials === "string" ? credentials : null;
  },

  async *read(context: ReconcileContext): AsyncGenerator<ReconcileBatch> {
    const { row, window } = context;
    const credentials = credentialsOf(context.config, row, context.box);
    if (typeof credentials === "string") throw new ReconcileFailure(credentials);
    const client = sdkClient(credentials);
    const phone = await loadPhoneContext(context.db, row.accountId);
    let listed: ListedCall[];
    try {
      listed = await client.calls.list({ startTimeAfter: window.start, pageSize: PAGE_SIZE });
    } catch (error) {
      throw failureOf(error, row.provider);
    }
    const events: CaptureEvent[] = [];
    for (const call of listed) {
      const params = callbackOf(call);
      if (!params) continue;
      try {
        const parsed = parseVoiceStatus(params, phone, row, context.now);
        if (parsed.event) events.push(parsed.event);
      } catch {
        // A status the live path would refuse too (none today): skipped, like its callback would be.
      }
    }
    yield { records: listed.length, events };
  },
};
