// npm run build: the web app (web), the server's bundle (server) and the PGlite template (template: its own small
// bundle, then run), side by side. They share nothing, so on two cores they overlap: the template's initdb, the
// longest of them, starts once its bundle is built and runs while Vite and esbuild build the rest
// (docs/performance.md, issue 22).
//
//   node scripts/build.mjs [web|server|template]   one step alone (npm run build:web, build:server, build:template)
//
// Each step is a node process started here, not an `npm run`: npm itself costs 0.2-0.4 s of CPU per run, and a
// fresh clone's `npm start` paid it three times before its first answer (docs/performance.md, issue 22 §3).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const vite = path.join(path.dirname(require.resolve("vite/package.json")), "bin", "vite.js");

/** The steps, each a list of node commands run one after the other. */
const STEPS = {
  web: [[vite, "build"], ["scripts/compress-web.mjs"]],
  server: [["scripts/build-server.mjs", "server"]],
  template: [["scripts/build-server.mjs", "template"], ["dist/server/make-template.js"]],
};

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: "inherit" });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

async function inOrder(...steps) {
  for (const step of steps) {
    for (const args of STEPS[step]) {
      const code = await run(args);
      if (code !== 0) return code;
    }
    // Started by `npm start` (scripts/start.mjs, over an IPC channel), which loads the server once its bundle and
    // the web app are built, while the template step goes on.
    process.send?.({ built: step });
  }
  return 0;
}

const only = process.argv[2];
if (only !== undefined && !(only in STEPS)) {
  console.error(`scripts/build.mjs: no step "${only}" (${Object.keys(STEPS).join(", ")})`);
  process.exit(2);
}
const codes = only ? [await inOrder(only)] : await Promise.all(Object.keys(STEPS).map((step) => inOrder(step)));
process.exit(codes.find((code) => code !== 0) ?? 0);
