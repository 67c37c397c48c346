// npm start: builds whatever is missing or older than the sources, then serves API and web app on one port.
// Migrations run inside the server at start; the first start loads the shipped PGlite template.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const outputs = ["dist/web/index.html", "dist/server/main.js", "dist/pglite-template.tar.gz"];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!entry.name.endsWith(".test.ts")) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const missing = outputs.some((file) => !fs.existsSync(path.join(root, file)));
// The build is as old as its oldest output, whether `npm run build` or this script made it.
const builtAt = () => Math.min(...outputs.map((file) => fs.statSync(path.join(root, file)).mtimeMs));
// MINUTELY_NO_REBUILD=1 (benchmarks) starts whatever is built, rebuilding only what is missing.
const sourcesChanged =
  !missing &&
  !process.env.MINUTELY_NO_REBUILD && Math.max(newestMtime(path.join(root, "src")), newestMtime(path.join(root, "drizzle"))) > builtAt();
if (missing || sourcesChanged) {
  console.log(missing ? "Building Minutely (first start)…" : "Sources changed since the last build; rebuilding…");
  // The build script itself (what `npm run build` runs), without a second npm in between.
  const result = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs")], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(path.join(root, "dist/server/main.js"));
