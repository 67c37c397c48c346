// Start time of `npm start` on a built tree (node scripts/start.mjs) to the first answered GET /api/auth/user,
// on the embedded database: the very first start (empty data folder) and later starts; idle memory after a restart.
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
fs.rmSync(dataDir, { recursive: true, force: true });

const report = {
  machine: machine(),
  firstStartMs: Math.round(first.readyMs),
  laterStartsMs: later.map(Math.round),
  idleRssMb: idleRss,
};
console.log(JSON.stringify(report, null, 2));
