import net from "node:net";
import type { Config } from "../config.js";
import { isValidSecretsKey } from "./secrets.js";

/**
 * A setting the server cannot start with. Its message is one line for the operator: the variable
 * and what to set (main.ts prints it as "Minutely cannot start: …" and exits 1, never a stack trace).
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export const SECRETS_KEY_REQUIRED =
  "SECRETS_KEY is required with DATABASE_URL (a PostgreSQL server): set it to 32 random bytes in base64 (`openssl rand -base64 32`), the same on every instance";
export const SECRETS_KEY_INVALID =
  "SECRETS_KEY must be 32 random bytes in base64 (`openssl rand -base64 32`); the value set is not";

/**
 * What the server needs before it opens anything: with a PostgreSQL server, instances share their
 * encrypted secrets, so they need one key from the environment (the embedded install keeps a key file
 * in DATA_DIR, http/secrets.ts). Called by buildApp, so every entry point starts or stops alike.
 */
export function assertStartableConfig(config: Pick<Config, "databaseUrl" | "secretsKey">): void {
  if (config.secretsKey && !isValidSecretsKey(config.secretsKey)) throw new ConfigError(SECRETS_KEY_INVALID);
  if (config.databaseUrl && !config.secretsKey) throw new ConfigError(SECRETS_KEY_REQUIRED);
}

/**
 * Binds HOST:PORT once and lets go, before the database opens: PGlite and its migrations took seconds only for
 * listen to find PORT taken. Rejects with the listen error itself (EADDRINUSE, EADDRNOTAVAIL, EACCES), which
 * startupFailureMessage names; a port taken after this probe still fails at listen, with the same line.
 */
export function assertPortFree(config: Pick<Config, "port" | "host">): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen({ port: config.port, host: config.host }, () => probe.close(() => resolve()));
  });
}

type ErrorWithCode = Error & {
  code?: string;
  cause?: unknown;
  errors?: unknown[];
  address?: string;
  port?: number;
  path?: string;
};

/** The error, its causes (Drizzle wraps the driver's) and an AggregateError's members, outermost first. */
function errorChain(error: unknown): ErrorWithCode[] {
  const chain: ErrorWithCode[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && chain.length < 10) {
    const next = queue.shift();
    if (!(next instanceof Error)) continue;
    const withCode = next as ErrorWithCode;
    chain.push(withCode);
    if (withCode.cause !== undefined) queue.push(withCode.cause);
    if (Array.isArray(withCode.errors)) queue.push(...withCode.errors);
  }
  return chain;
}

/** host:port and database of DATABASE_URL, never its user or password. */
function describeDatabaseUrl(databaseUrl: string): { where: string; name: string } {
  try {
    const url = new URL(databaseUrl);
    return {
      where: `${url.hostname}:${url.port || "5432"}`,
      name: decodeURIComponent(url.pathname.replace(/^\//, "")) || "(default)",
    };
  } catch {
    return { where: "(an address that is not a URL)", name: "(unknown)" };
  }
}

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ETIMEDOUT", "ENETUNREACH"]);

/**
 * The one-line reason a start failed because of the machine or a setting (a port in use, a database
 * that cannot be reached, a folder that cannot be written), naming the variable to change; null for
 * anything else, which is a bug and keeps its stack trace.
 */
export function startupFailureMessage(
  error: unknown,
  config: Pick<Config, "databaseUrl" | "dataDir" | "port" | "host">,
): string | null {
  for (const cause of errorChain(error)) {
    if (cause instanceof ConfigError) return cause.message;
    const code = cause.code;
    if (config.databaseUrl) {
      const { where, name } = describeDatabaseUrl(config.databaseUrl);
      if (code && UNREACHABLE.has(code))
        return `the PostgreSQL server of DATABASE_URL cannot be reached (${where}: ${code}): check DATABASE_URL and that the server is running`;
      if (code === "28P01" || code === "28000")
        return `the PostgreSQL server at ${where} refused DATABASE_URL's user or password: set DATABASE_URL with a user and password it accepts`;
      if (code === "3D000")
        return `the database "${name}" named by DATABASE_URL does not exist on ${where}: create it (createdb ${name}) or fix DATABASE_URL`;
      if (code === "ERR_INVALID_URL" || (cause instanceof TypeError && /Invalid URL/i.test(cause.message)))
        return "DATABASE_URL is not a valid address: set it like postgres://user:password@host:5432/database";
    }
    if (code === "EADDRINUSE")
      return `port ${config.port} on ${config.host} is already in use: set PORT to a free port, or stop the other server`;
    if (code === "EADDRNOTAVAIL")
      return `HOST ${config.host} is not an address of this computer: set HOST to one of its addresses (0.0.0.0 for all)`;
    if (code === "EACCES" && cause.port !== undefined)
      return `port ${config.port} needs privileges this process does not have: set PORT to 1024 or above`;
    if (!config.databaseUrl && (code === "EACCES" || code === "EROFS" || code === "ENOTDIR" || code === "EPERM"))
      return `DATA_DIR ${config.dataDir} cannot be written (${code}${cause.path ? ` at ${cause.path}` : ""}): set DATA_DIR to a folder this user can write`;
  }
  return null;
}
