import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../helpers/until.js";

/**
 * `npm start` on Linux (scripts/start.mjs): the server runs in a second process started with
 * MALLOC_MMAP_THRESHOLD_ (glibc reads it only when a process starts; docs/performance.md, issue 22 §3),
 * and the launcher in front of it passes a stop signal on and ends with the server. Runs the built tree
 * (`npm run build`, done before the system suite).
 */
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-start-"));
let launcher: ChildProcess;
let port: number;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: free } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return free;
}

function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

function environmentOf(pid: number): Record<string, string> {
  const pairs = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
}

async function answers(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  port = await freePort();
  const { MALLOC_MMAP_THRESHOLD_: _unset, ...env } = process.env;
  launcher = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn", MINUTELY_NO_REBUILD: "1" },
    stdio: "ignore",
  });
  // Within the system tier's 240 s hook budget, so that a start that never answers says so (a safety net).
  await until("the server's first answer", answers, (ok) => ok, 230_000);
});

afterAll(() => {
  if (launcher.exitCode === null) launcher.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(process.platform === "linux")("npm start on Linux", () => {
  it("serves from a second process that glibc started with the fixed mmap threshold", () => {
    const [server] = childrenOf(launcher.pid!);
    expect(server).toBeDefined();
    expect(environmentOf(server!).MALLOC_MMAP_THRESHOLD_).toBe("32768");
    expect(environmentOf(launcher.pid!).MALLOC_MMAP_THRESHOLD_).toBeUndefined();
  });

  it("stops the server when the launcher is told to stop, and ends with it", async () => {
    const [server] = childrenOf(launcher.pid!);
    const exited = new Promise<number | null>((resolve) => launcher.once("exit", (code) => resolve(code)));
    launcher.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(fs.existsSync(`/proc/${server}`)).toBe(false);
    expect(await answers()).toBe(false);
  });
});
