import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.js";
import { until } from "../helpers/until.js";

/**
 * `npm start` on Linux (scripts/start.mjs): the server runs in a second process started with
 * MALLOC_MMAP_THRESHOLD_ (glibc reads it only when a process starts; docs/performance.md, issue 22 §3),
 * and the launcher in front of it passes a stop signal on and ends with the server. Runs the built tree
 * (`npm run build`, done before the system suite). Node runs with --trace-opt (the launcher hands its flags on
 * to the server), whose lines on stdout tell each function V8's optimizing compiler has optimized.
 */
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-start-"));
let launcher: ChildProcess;
let port: number;
let stdout = "";

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
  launcher = spawn(process.execPath, ["--trace-opt", "scripts/start.mjs"], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      MINUTELY_NO_REBUILD: "1",
    },
    stdio: ["ignore", "pipe", "ignore"],
  });
  launcher.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
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

  it("gives V8's optimizing compiler back once it serves: functions hot under traffic are optimized", async () => {
    // Held while the server starts (src/server/optimizing-compiler.ts); a server that never gave it back would
    // serve every request unoptimized for the rest of its life. The lines come in blocks (stdout to a pipe is
    // buffered), so requests go on, 500 at a time, until V8 reports an optimized function.
    let requests = 0;
    await until(
      "a function optimized under traffic",
      async () => {
        for (let sent = 0; sent < 500; sent += 10) await Promise.all(Array.from({ length: 10 }, answers));
        requests += 500;
        return { requests, optimized: stdout.match(/completed optimizing/g)?.length ?? 0 };
      },
      (seen) => seen.optimized > 0 || seen.requests >= 20_000,
      // Inside the system tier's 180 s test budget, so that a server that never optimizes says so in these words.
      170_000,
    );
    expect(stdout).toMatch(/completed optimizing/);
  });

  it("holds the optimizing compiler before the server bundle's own code runs", () => {
    // esbuild writes the bundle's modules in the order they run, each under a comment naming its source.
    const bundle = fs.readFileSync(path.join(root, "dist/server/main.js"), "utf8");
    const firstModule = /^\/\/ (src\/\S+)$/m.exec(bundle)?.[1];
    expect(firstModule).toBe("src/server/optimizing-compiler.ts");
    expect(bundle.indexOf('setFlagsFromString("--no-turbofan")')).toBeLessThan(bundle.indexOf("// src/server/main.ts"));
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
