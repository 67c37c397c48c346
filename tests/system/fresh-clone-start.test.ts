import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client.js";
import { freePort } from "../helpers/free-port.js";
import { until } from "../helpers/until.js";

/**
 * The README's first command on a fresh clone: `npm start` with nothing built and no data folder. It builds
 * (scripts/build.mjs), the template step fills the new data folder beside Vite's build (src/server/make-template.ts,
 * issue 22 §3), and the server opens that folder and serves the web app and the API. The clone is this tree's
 * sources without dist/, data or .tmp, with node_modules linked, as bench/startup.mjs --fresh-clone makes it.
 */
const root = path.resolve(import.meta.dirname, "../..");
const clone = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-fresh-clone-"));
const NOT_IN_A_CLONE = new Set(["node_modules", "dist", "data", ".tmp", ".git", "coverage", "test-results"]);
let npm: ChildProcess | undefined;
let port: number;
let stdout = "";

async function health(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

/**
 * Copies the tree as a clone has it and runs `npm start` there until it answers. Called from the first test, not a
 * hook: the build is most of this file's time, and tests/file-seconds.json (which orders the system tests, longest
 * first) counts tests, not hooks.
 */
async function startFreshClone(): Promise<void> {
  for (const entry of fs.readdirSync(root)) {
    if (!NOT_IN_A_CLONE.has(entry)) fs.cpSync(path.join(root, entry), path.join(clone, entry), { recursive: true });
  }
  fs.symlinkSync(fs.realpathSync(path.join(root, "node_modules")), path.join(clone, "node_modules"));
  port = await freePort();
  const { MINUTELY_NO_REBUILD: _rebuild, MALLOC_MMAP_THRESHOLD_: _threshold, DATA_DIR: _dataDir, ...env } = process.env;
  npm = spawn("npm", ["start"], {
    cwd: clone,
    detached: true,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  npm.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  // Within the system tier's 180 s test budget: a build and start that never answer say so.
  await until("the fresh clone's first answer", health, (ok) => ok, 170_000);
}

/** Ends npm and the processes it started (its shell, the launcher, the server), and waits for npm. */
async function stop(): Promise<void> {
  const running = npm;
  if (!running || running.exitCode !== null || running.signalCode !== null) return;
  const exited = new Promise((resolve) => running.once("exit", resolve));
  process.kill(-running.pid!, "SIGTERM");
  await exited;
}

afterAll(async () => {
  await stop();
  fs.rmSync(clone, { recursive: true, force: true });
});

describe("npm start on a fresh clone", () => {
  it("builds, makes the data folder from the template while it builds, and serves the web app and the API", async () => {
    await startFreshClone();
    const dataDir = path.join(clone, "data");
    expect(stdout).toContain("Building Minutely (first start)…");
    expect(stdout).toContain(`Data folder ${dataDir} made from the template`);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`http://127.0.0.1:${port}/api/auth/user`)).status).toBe(401);
  });

  it("leaves a data folder that opens again as the same migrated database once the server stops", async () => {
    await stop();
    // Made by the first test's start; opened here as any later start opens it.
    expect(fs.existsSync(path.join(clone, "data", "pglite", "PG_VERSION"))).toBe(true);
    const database = await openDatabase({ dataDir: path.join(clone, "data") });
    try {
      const applied = await database.pglite!.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
      const migrations = fs.readdirSync(path.join(root, "drizzle")).filter((name) => name.endsWith(".sql"));
      expect(applied.rows[0]!.n).toBe(migrations.length);
      const jobQueue = await database.pglite!.query("select 1 from pg_namespace where nspname = 'pgboss'");
      expect(jobQueue.rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
