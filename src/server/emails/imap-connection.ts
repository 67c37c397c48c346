import type { ImapFlow, ImapFlowError } from "imapflow";
import { AppError } from "../../core/errors.js";
import { onFirstUse } from "../http/on-first-use.js";
import { pinnedLookup, type ResolvedAddress, resolvePublicHost } from "../http/outbound-address.js";

/** imapflow, loaded at the first mailbox connection (http/on-first-use.ts). */
const imapSdk = onFirstUse<typeof import("imapflow")>("imapflow");

/** Where and how to sign in; built from the stored integration by mailbox-credentials.ts. */
export type ImapTarget = {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  auth: { kind: "password"; password: string } | { kind: "oauth2"; accessToken: string };
  /** A loopback, private or link-local server is allowed (ALLOW_PRIVATE_MAIL_HOSTS); absent means refused. */
  allowPrivateHost?: boolean;
  /** Signing in without TLS or STARTTLS is allowed (the same setting); absent means refused. */
  allowPlaintextLogin?: boolean;
};

export type ImapTimeouts = { connectionMs: number; greetingMs: number; socketMs: number };

/** Long enough for a slow provider, short enough that a request never hangs a browser for minutes. */
export const DEFAULT_IMAP_TIMEOUTS: ImapTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/**
 * Connects and signs in, or throws a 400 for an address the outbound rule refuses, or a 502 whose
 * message says what the mail server did (refused, unknown host, timed out, rejected the sign-in
 * with its own words, no STARTTLS for a connection without TLS). One connection per
 * request: nothing is kept between requests, so any app instance can serve any request.
 */
export async function openImap(target: ImapTarget, timeouts: ImapTimeouts = DEFAULT_IMAP_TIMEOUTS): Promise<ImapFlow> {
  const host = target.host.replace(/^\[(.*)\]$/, "$1");
  // Checked on every connection and connected to exactly the checked addresses (DNS rebinding);
  // a refused address never gets a socket.
  let addresses: ResolvedAddress[];
  try {
    addresses = await withinMs(
      resolvePublicHost(host, { allowPrivate: target.allowPrivateHost === true }),
      timeouts.connectionMs,
    );
  } catch (error) {
    throw error instanceof AppError ? error : imapFailure(error, target);
  }
  const client = new (imapSdk().ImapFlow)({
    host,
    port: target.port,
    secure: target.secure,
    // Without TLS the password would cross the network readable: require the STARTTLS upgrade.
    doSTARTTLS: !target.secure && target.allowPlaintextLogin !== true ? true : undefined,
    // The host name stays the TLS name (SNI, certificate); the socket goes to the checked address.
    tls: { lookup: pinnedLookup(addresses) },
    auth:
      target.auth.kind === "password"
        ? { user: target.username, pass: target.auth.password }
        : { user: target.username, accessToken: target.auth.accessToken },
    logger: false,
    disableAutoIdle: true,
    clientInfo: { name: "Minutely" },
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    // A message body larger than this is not an email anyone bills reading time for.
    maxLiteralSize: 64 * 1024 * 1024,
  });
  // Without a listener an 'error' event after connect would crash the process.
  client.on("error", () => {});
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.close();
    throw imapFailure(error, target);
  }
}

/** The DNS answer within the connection's time limit (getaddrinfo cannot be cancelled, only outwaited). */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("DNS lookup timed out"), { code: "ETIMEOUT" })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Logs out politely; never throws (the work is done, a slow LOGOUT must not fail the request). */
export async function closeImap(client: ImapFlow): Promise<void> {
  try {
    await Promise.race([client.logout(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  } catch {
    // ignore
  } finally {
    client.close();
  }
}

/** Runs `work` on a signed-in connection and always closes it; IMAP failures become 502s with a clear message. */
export async function withImap<T>(
  target: ImapTarget,
  work: (client: ImapFlow) => Promise<T>,
  timeouts?: ImapTimeouts,
): Promise<T> {
  const client = await openImap(target, timeouts);
  try {
    return await work(client);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw imapFailure(error, target);
  } finally {
    await closeImap(client);
  }
}

/** A person-readable sentence for an IMAP, TLS, DNS or socket failure, with the server's own words when it gave any. */
export function describeImapError(error: unknown, target: Pick<ImapTarget, "host" | "port" | "secure">): string {
  const where = `${target.host}:${target.port}`;
  const e = (error ?? {}) as ImapFlowError & { code?: string; message?: string };
  const serverText = e.responseText
    ? `${e.serverResponseCode ? `[${e.serverResponseCode}] ` : ""}${e.responseText}`.replace(/\.$/, "")
    : typeof e.response === "string" && e.response
      ? e.response
      : undefined;
  if (e.authenticationFailed) {
    return `The mail server ${where} refused the sign-in: ${serverText ?? e.message}. Check the username and app password (or reconnect the account).`;
  }
  switch (e.code) {
    case "ECONNREFUSED":
      return `Could not connect to the mail server ${where}: the connection was refused. Check the host and port, or try again when the server is up.`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `Could not find the mail server ${target.host}: no such host name. Check the server host.`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `Could not reach the mail server ${where}: the network is unreachable.`;
    case "ECONNRESET":
    case "EPIPE":
    case "NoConnection":
    case "EConnectionClosed":
    case "ClosedAfterConnectText":
    case "ClosedAfterConnectTLS":
      return `The mail server ${where} closed the connection${target.secure ? " (is TLS right for this port?)" : ""}${e.reason ? `: ${e.reason}` : "."}`;
    case "CONNECT_TIMEOUT":
    case "ETIMEDOUT":
    case "ETIMEOUT":
    case "GREETING_TIMEOUT":
    case "UPGRADE_TIMEOUT":
      return `The mail server ${where} did not answer in time${e.code === "GREETING_TIMEOUT" && !target.secure ? " (does it expect TLS?)" : ""}. Try again later or check the host and port.`;
    default:
      break;
  }
  if (e.message === "Server does not support STARTTLS") {
    return `The mail server ${where} does not offer STARTTLS, and Minutely does not send your password unencrypted. Turn TLS on (usually port 993).`;
  }
  if (e.tlsFailed || /SSL|TLS|certificate|wrong version number/i.test(e.message ?? "")) {
    return `Secure connection to the mail server ${where} failed: ${e.message}. Check the TLS setting and the port.`;
  }
  if (serverText) return `The mail server ${where} answered: ${serverText}`;
  return `The mail server ${where} failed: ${e.message || "unknown error"}`;
}

export function imapFailure(error: unknown, target: Pick<ImapTarget, "host" | "port" | "secure">): AppError {
  return new AppError("bad_gateway", describeImapError(error, target));
}
