import type TwilioRequestClient from "twilio/lib/base/RequestClient.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { Config } from "../../config.js";
import type { SecretBox } from "../../http/secrets.js";
import type { CaptureEvent } from "../capture-event.js";
import {
  deadlineSignal,
  RECONCILE_TIMEOUT_MS,
  ReconcileFailure,
  type ReconcileBatch,
  type ReconcileContext,
  type Reconciler,
} from "../reconcile/reconciler.js";
import { loadPhoneContext, normalisedNumber, phoneConfigOf } from "./phone-context.js";
import { landlineSecretOf } from "./phone-secrets.js";
import { twilioSdk } from "./receive-twilio.js";
import { parseVoiceStatus, type TwilioParams } from "./twilio-voice.js";

/**
 * Twilio's and SignalWire's own record → the capture events their status callbacks would have made
 * (docs/capture-pipeline.md): the account's `Calls` list with a start-time filter, through Twilio's official SDK
 * (`calls.list({startTimeAfter})`). SignalWire's compatibility API is the same wire at
 * `https://{space}/api/laml/2010-04-01/…` with the project id and an API token, so the same SDK is
 * pointed there. Each call is turned back into the status callback it stands for (CallSid, ParentCallSid,
 * From, To, Direction, CallStatus, CallDuration, Timestamp of the event) and parsed by the live path's
 * own parseVoiceStatus: same source, external id, event id (`{CallSid}:{status}`), times and parties,
 * so a call whose callback did arrive is a duplicate, and one whose callback was lost is made exactly
 * as it would have been. Only the line's own number is read (lineCalls).
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
  /** Each request's deadline signal (reconcile/reconciler.ts), `timeoutMs` from when it is sent. */
  deadline: () => AbortSignal;
};

function credentialsOf(config: Pick<Config, "providers">, row: IntegrationRow, box: SecretBox): Credentials | string {
  const secret = landlineSecretOf(box, row);
  const phone = phoneConfigOf(row);
  const timeoutMs = config.providers?.timeoutMs ?? RECONCILE_TIMEOUT_MS;
  const deadline = () => deadlineSignal(config, timeoutMs);
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
      deadline,
    };
  }
  if (!phone.accountSid || !secret.authToken) return "Enter your Twilio Account SID and Auth Token to read Twilio's call list.";
  const host = config.providers?.twilioApiBase ?? TWILIO_HOST;
  return { username: phone.accountSid, password: secret.authToken, accountSid: phone.accountSid, host, prefix: "", timeoutMs, deadline };
}

/**
 * The SDK refuses an account SID that does not start with "AC" (twilio/lib/base/BaseTwilio.js), and a
 * SignalWire project id is a UUID: the SDK is given this stand-in SID, and the rerouting client puts
 * the project id back in the path. The credentials it signs in with are the real ones.
 */
const PLACEHOLDER_SID = "AC00000000000000000000000000000000";

/**
 * The SDK with its requests sent to `host` + `prefix` instead of api.twilio.com (SignalWire's space, a
 * stand-in). Next-page links already carry SignalWire's /api/laml, so the prefix is added only once.
 */
function sdkClient(credentials: Credentials) {
  const sidForSdk = credentials.accountSid.startsWith("AC") ? credentials.accountSid : PLACEHOLDER_SID;
  const sdk = twilioSdk();
  const RequestClient = sdk.RequestClient;
  class ReroutedClient extends RequestClient {
    constructor(options: { timeout: number }) {
      super(options);
      // The SDK passes no signal of its own: each request gets the reconciler's deadline signal, beside
      // axios' own timeout (the same length), so both Zoom's and this provider's deadlines are one rule.
      this.axios.interceptors.request.use((request) => {
        request.signal = credentials.deadline();
        return request;
      });
    }

    override request<TData>(opts: TwilioRequestClient.RequestOptions<TData>) {
      let uri = opts.uri.replace(`/Accounts/${PLACEHOLDER_SID}/`, `/Accounts/${encodeURIComponent(credentials.accountSid)}/`);
      if (uri.startsWith(TWILIO_HOST)) {
        const path = uri.slice(TWILIO_HOST.length);
        uri =
          credentials.host + (credentials.prefix && !path.startsWith(`${credentials.prefix}/`) ? credentials.prefix : "") + path;
      }
      return super.request<TData>({ ...opts, uri, timeout: credentials.timeoutMs });
    }
  }
  return sdk(credentials.username, credentials.password, {
    accountSid: sidForSdk,
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

/** A failed list request as one sentence: the provider's words and what to check, or why no answer came. */
function failureOf(error: unknown, provider: string): ReconcileFailure {
  const name = provider === "signalwire" ? "SignalWire" : "Twilio";
  const { status, code } = error as { status?: number; code?: string | number };
  const message = error instanceof Error ? error.message : String(error);
  if (!status) {
    // No HTTP answer: the SDK's client gave up at the deadline (axios' timeout, or ERR_CANCELED: the deadline
    // signal, the only one its requests carry), or the host could not be reached.
    const late = code === "ECONNABORTED" || code === "ETIMEDOUT" || code === "ERR_CANCELED" || /timeout/i.test(message);
    return new ReconcileFailure(late ? `${name} did not answer in time (call list)` : `${name} could not be reached (call list)`);
  }
  const check =
    status === 401 || status === 403
      ? ` Check the ${provider === "signalwire" ? "Project ID and API token" : "Account SID and Auth Token"} in Settings → Landline/Office.`
      : "";
  const words = message.replace(/[.\s]+$/, "");
  return new ReconcileFailure(`${name} ${status} refused the call list: ${words}${check ? `.${check}` : ""}`.slice(0, 500));
}

/**
 * The line's calls in the window: those to its number and those from it (two filtered lists, so other
 * numbers of the same provider account are never read), without the dialed legs of forwarded calls.
 * The live path hears of a call through the number's own status callback, which reports the parent
 * call only, timed and with the parties of the parent; a dialed leg would add the forwarding target as
 * a party and, read first, its shorter length.
 */
async function lineCalls(
  client: ReturnType<typeof sdkClient>,
  options: { number: string; since: Date; provider: string },
): Promise<ListedCall[]> {
  const byDirection: ListedCall[][] = [];
  try {
    for (const filter of [{ to: options.number }, { from: options.number }])
      byDirection.push(await client.calls.list({ ...filter, startTimeAfter: options.since, pageSize: PAGE_SIZE }));
  } catch (error) {
    throw failureOf(error, options.provider);
  }
  const bySid = new Map<string, ListedCall>();
  for (const call of byDirection.flat()) if (!call.parentCallSid) bySid.set(call.sid, call);
  return [...bySid.values()];
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
    const phone = await loadPhoneContext(context.db, row);
    const number = normalisedNumber(phone, phoneConfigOf(row).phoneNumber);
    if (!number) throw new ReconcileFailure("Enter the line's phone number in Settings → Landline/Office to read its calls.");
    const listed = await lineCalls(client, { number, since: window.start, provider: row.provider });
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
