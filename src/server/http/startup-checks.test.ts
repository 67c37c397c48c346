import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  assertPortFree,
  assertStartableConfig,
  ConfigError,
  SECRETS_KEY_INVALID,
  SECRETS_KEY_REQUIRED,
  startupFailureMessage,
} from "./startup-checks.js";

const KEY = Buffer.alloc(32, 1).toString("base64");
const embedded = { databaseUrl: undefined, dataDir: "/srv/minutely/data", port: 5000, host: "0.0.0.0" };

/** What a real failure throws, caught. */
async function caught(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

function listen(server: net.Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
  });
}

/** A port nothing listens on: taken and let go. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The PORT line startupFailureMessage gives for what `failOn` throws while another server holds the port. */
async function takenPortMessage(failOn: (port: number) => Promise<unknown>): Promise<{ port: number; message: string | null }> {
  const holder = net.createServer();
  const port = await listen(holder);
  try {
    const error = await caught(() => failOn(port));
    return { port, message: startupFailureMessage(error, { ...embedded, port, host: "127.0.0.1" }) };
  } finally {
    holder.close();
  }
}

const portInUse = (port: number) =>
  `port ${port} on 127.0.0.1 is already in use: set PORT to a free port, or stop the other server`;

describe("assertStartableConfig", () => {
  it("requires SECRETS_KEY with a PostgreSQL server, and only there", () => {
    expect(() => assertStartableConfig({ databaseUrl: "postgres://db/minutely", secretsKey: undefined })).toThrow(
      new ConfigError(SECRETS_KEY_REQUIRED),
    );
    expect(() => assertStartableConfig({ databaseUrl: "postgres://db/minutely", secretsKey: "" })).toThrow(SECRETS_KEY_REQUIRED);
    expect(() => assertStartableConfig({ databaseUrl: "postgres://db/minutely", secretsKey: KEY })).not.toThrow();
    expect(() => assertStartableConfig({ databaseUrl: undefined, secretsKey: undefined })).not.toThrow();
  });

  it("refuses a key that is not 32 bytes of base64, on either database", () => {
    for (const databaseUrl of [undefined, "postgres://db/minutely"]) {
      expect(() => assertStartableConfig({ databaseUrl, secretsKey: Buffer.alloc(16).toString("base64") })).toThrow(
        SECRETS_KEY_INVALID,
      );
    }
  });
});

describe("assertPortFree", () => {
  it("rejects with the listen error startupFailureMessage names for a port another process holds", async () => {
    const { port, message } = await takenPortMessage((port) => assertPortFree({ port, host: "127.0.0.1" }));
    expect(message).toBe(portInUse(port));
  });

  it("lets go of a free port, so the server's own listen gets it", async () => {
    const port = await closedPort();
    await assertPortFree({ port, host: "127.0.0.1" });
    const server = net.createServer();
    await expect(listen(server, port)).resolves.toBe(port);
    server.close();
  });
});

describe("startupFailureMessage", () => {
  it("names PORT for a port another process holds", async () => {
    const { port, message } = await takenPortMessage((port) => listen(net.createServer(), port));
    expect(message).toBe(portInUse(port));
  });

  it("names DATABASE_URL (host and port, never the password) when nothing listens there, also wrapped as Drizzle wraps it", async () => {
    const port = await closedPort();
    const url = `postgres://owner:s3cret@127.0.0.1:${port}/minutely`;
    const error = await caught(async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
    });
    const config = { ...embedded, databaseUrl: url };
    const expected = `the PostgreSQL server of DATABASE_URL cannot be reached (127.0.0.1:${port}: ECONNREFUSED): check DATABASE_URL and that the server is running`;
    expect(startupFailureMessage(error, config)).toBe(expected);
    expect(startupFailureMessage(new Error("Failed query: select 1", { cause: error }), config)).toBe(expected);
  });

  it("names DATA_DIR when the embedded database's folder cannot be written", () => {
    const error = Object.assign(new Error("EACCES: permission denied, mkdir '/srv/minutely/data/pglite'"), {
      code: "EACCES",
      path: "/srv/minutely/data/pglite",
    });
    expect(startupFailureMessage(error, embedded)).toBe(
      "DATA_DIR /srv/minutely/data cannot be written (EACCES at /srv/minutely/data/pglite): set DATA_DIR to a folder this user can write",
    );
  });

  it("passes a configuration error's own line through, and leaves anything else to its stack trace", () => {
    expect(startupFailureMessage(new ConfigError(SECRETS_KEY_REQUIRED), embedded)).toBe(SECRETS_KEY_REQUIRED);
    expect(startupFailureMessage(new TypeError("Cannot read properties of undefined"), embedded)).toBeNull();
  });
});
