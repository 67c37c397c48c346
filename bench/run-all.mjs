// npm run bench: builds if needed, then runs every benchmark script under bench/ one after another.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

if (!fs.existsSync("dist/server/main.js")) spawnSync("npm", ["run", "build"], { stdio: "inherit" });
const only = process.argv.slice(2);
const scripts = fs
  .readdirSync("bench")
  .filter(
    (f) =>
      /\.(mjs|ts)$/.test(f) &&
      ![
        "run-all.mjs",
        "lib.mjs",
        "bare-server.mjs",
        "login-server.mjs",
        "lost-webhooks-server.ts",
        "audit-setup.mjs",
        "analytics-explain.ts",
        "team-members.ts",
        "webhook-load.ts",
      ].includes(f),
  )
  .filter((f) => !only.length || only.some((o) => f.includes(o)));
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== bench/${script}`);
  const runner = script.endsWith(".ts") ? ["npx", ["tsx", `bench/${script}`]] : [process.execPath, [`bench/${script}`]];
  const result = spawnSync(runner[0], runner[1], { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
