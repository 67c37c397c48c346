import type { FastifyRequest } from "fastify";

/** Where log lines go when not stdout (tests read them). */
export type LogDestination = { write: (line: string) => void };

/**
 * Paths pino blanks before a line is written: cookies and credentials in headers, and any object
 * field named like a secret, wherever a log call puts it.
 */
const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  ...["password", "passwordHash", "token", "tokenHash", "params", "cookie", "secret"].flatMap((name) => [name, `*.${name}`]),
];

/**
 * The app's logger: pino at `level`, secrets redacted, errors and requests serialized by the
 * functions below, lines to stdout unless a destination is given. Nothing a log line holds may let
 * its reader sign in as someone (a failed sign-up logged a password hash).
 */
export function loggerOptions(level: string, destination?: LogDestination) {
  if (level === "silent") return false as const;
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: { err: serializeError, req: serializeRequest },
  };
}

/** Fields of database errors (node-postgres, PGlite) that describe the failure without quoting data. */
const SAFE_ERROR_FIELDS = [
  "code",
  "statusCode",
  "severity",
  "constraint",
  "table",
  "column",
  "schema",
  "dataType",
  "routine",
  "hint",
] as const;

/**
 * An error as a log line holds it: type, message, stack, the database's code and constraint, the SQL
 * text with its $1 placeholders, and the same for its cause. Built from a list of safe fields, not by
 * copying everything: Drizzle's DrizzleQueryError carries the query's parameters in `params` and in
 * its message ("params: …"), PGlite's errors in `params`, and PostgreSQL's `detail` quotes the failing
 * row (a password hash, a token hash). Those never reach the log.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutParams(String(error)), stack: "" };
  const message = withoutParams(error.message);
  const stack = error.stack ?? "";
  const line: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: message === error.message ? stack : stack.replace(error.message, () => message),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === "string" || typeof value === "number") line[field] = value;
  }
  if (typeof fields.query === "string") line.query = fields.query;
  if (error.cause !== undefined && depth < 3) line.cause = serializeError(error.cause, depth + 1);
  return line;
}

type SerializedError = { type: string; message: string; stack: string; [field: string]: unknown };

/** Cuts Drizzle's "params: …" tail off an error message. */
function withoutParams(message: string): string {
  const at = message.indexOf("\nparams: ");
  return at === -1 ? message : `${message.slice(0, at)}\nparams: [redacted]`;
}

/** `/api/webhooks/<provider>/<token>…`: the token routes a delivery to its account and stays out of logs. */
const WEBHOOK_TOKEN_PATH = /^(\/api\/webhooks\/[^/]+\/)[^/?]+/;

/**
 * A request as a log line holds it: no headers (cookies), the query string's names without their
 * values, which may be a token (an emailed link) or personal data, and webhook path tokens masked.
 */
export function serializeRequest(request: FastifyRequest) {
  const [fullPath = "", query] = request.url.split("?", 2);
  const path = fullPath.replace(WEBHOOK_TOKEN_PATH, "$1[token]");
  return {
    method: request.method,
    url: query === undefined ? path : `${path}?${[...new URLSearchParams(query).keys()].join("&")}`,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
