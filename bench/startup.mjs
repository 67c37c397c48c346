// Start time of `npm start` on a built tree (node scripts/start.mjs) to the first answered GET /api/auth/user,
// on the embedded database: the very first start (empty data folder) and later starts; idle memory after a restart.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, machine, rssMb, startProcess, stopProcess } from "./lib.mjs";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-bench-"));
const port = await freePort();
const url = `http://127.0.0.1:${port}/api/auth/user`;
const env = { PORT: String(port), DATA_DIR: dataDir, MINUTELY_NO_REBUILD: "1" };

const first = await startProcess(["scripts/start.mjs"], env, url);
await stopProcess(first.child);
const later = [];
let idleRss = 0;
for (let i = 0; i < 3; i++) {
  const run = await startProcess(["scripts/start.mjs"], env, url);
  later.push(run.readyMs);
  if (i === 2) {
    await new Promise((r) => setTimeout(r, 2000));
    idleRss = rssMb(run.child.pid);
  }
  await stopProcess(run.child);
}

// What PGlite itself takes: a bare Node process against the same process with the same data folder open
// and queried (both idle for 2 s, then measured from /proc).
const idleRssOf = (code) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (status) => (status === 0 ? resolve(Number(out.trim())) : reject(new Error(`exit ${status}`))));
  });
/** The settings the app opens PGlite with (PGLITE_SHARED_BUFFERS in src/server/db/client.ts), read from the source so they cannot drift. */
function pgliteSettings() {
  const source = fs.readFileSync("src/server/db/client.ts", "utf8");
  const value = /PGLITE_SHARED_BUFFERS = "([^"]+)"/.exec(source)?.[1];
  return value ? ["-c", `shared_buffers=${value}`] : [];
}
const report_ = `await new Promise((r) => setTimeout(r, 2000)); console.log(Math.round(process.memoryUsage().rss / 2 ** 20));`;
const bareNodeRss = await idleRssOf(report_);
const pgliteRss = await idleRssOf(
  `import { PGlite } from "@electric-sql/pglite"; const db = await PGlite.create(${JSON.stringify(path.join(dataDir, "pglite"))}, { startParams: [...PGlite.defaultStartParams, ...${JSON.stringify(pgliteSettings())}] }); await db.query("select count(*) from accounts"); ${report_}`,
);
fs.rmSync(dataDir, { recursive: true, force: true });

const report = {
  machine: machine(),
  firstStartMs: Math.round(first.readyMs),
  laterStartsMs: later.map(Math.round),
  idleRssMb: idleRss,
  bareNodeRssMb: bareNodeRss,
  nodeWithPgliteOpenRssMb: pgliteRss,
  pgliteItselfMb: pgliteRss - bareNodeRss,
};
console.log(JSON.stringify(report, null, 2));
