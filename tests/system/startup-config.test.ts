import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SECRETS_KEY_INVALID, SECRETS_KEY_REQUIRED } from "../../src/server/http/startup-checks.js";

/**
 * Issue 31 §2: a server that cannot start because of its configuration says so in one line naming the
 * variable and what to set, and exits 1, never with a stack trace. Runs the built entry (`npm start`'s
 * dist/server/main.js) as an operator would.
 */
const MAIN = path.resolve("dist/server/main.js");
const KEY = Buffer.alloc(32, 7).toString("base64");
const dataDirs: string[] = [];

afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the server with exactly these variables (plus PATH); resolves when it exits. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", MINUTELY_NO_REBUILD: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stderr, stdout }));
  });
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function expectOneLine(result: { code: number | null; stderr: string }, line: string) {
  expect(result.code).toBe(1);
  expect(result.stderr.trimEnd().split("\n")).toEqual([`Minutely cannot start: ${line}`]);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe("a server that cannot start because of its configuration", () => {
  it("names SECRETS_KEY when DATABASE_URL is set without it (no connection is tried)", async () => {
    const port = await closedPort();
    expectOneLine(await start({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/minutely` }), SECRETS_KEY_REQUIRED);
  });

  it("names SECRETS_KEY when it is not 32 bytes of base64", async () => {
    const port = await closedPort();
    const result = await start({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/minutely`, SECRETS_KEY: "too-short" });
    expectOneLine(result, SECRETS_KEY_INVALID);
  });

  it("names DATABASE_URL, with host and port but never the password, when the server cannot be reached", async () => {
    const port = await closedPort();
    const result = await start({ DATABASE_URL: `postgres://postgres:hunter2@127.0.0.1:${port}/minutely`, SECRETS_KEY: KEY });
    expectOneLine(
      result,
      `the PostgreSQL server of DATABASE_URL cannot be reached (127.0.0.1:${port}: ECONNREFUSED): check DATABASE_URL and that the server is running`,
    );
    expect(result.stderr).not.toContain("hunter2");
  });

  it("names TRUST_PROXY when it is true", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-start-"));
    dataDirs.push(dataDir);
    const result = await start({ TRUST_PROXY: "true", DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/^Minutely cannot start: Invalid environment variable TRUST_PROXY: /);
  });

  it("names PORT when the port is taken", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-start-"));
    dataDirs.push(dataDir);
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const result = await start({ DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(port) });
      expectOneLine(result, `port ${port} on 127.0.0.1 is already in use: set PORT to a free port, or stop the other server`);
      // Found before the database opened (main.ts's port probe): nothing was written to the data folder.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      taken.close();
    }
  });
});
