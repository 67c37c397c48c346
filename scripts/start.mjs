// npm start: builds whatever is missing or older than the sources, then serves API and web app on one port.
// Migrations run inside the server at start; a new data folder is filled from the shipped PGlite template (by the
// build, when this script builds, or else by the server before it opens the folder).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * On Linux (glibc) the server runs with MALLOC_MMAP_THRESHOLD_=32768. V8 compiles PGlite's WebAssembly and
 * hot JavaScript on background threads; their scratch memory (blocks of 32 KB and more) went to glibc's
 * per-thread arenas, which keep it after it is freed: 60-120 MB of an idle server's resident set. A fixed
 * threshold hands such blocks back to the system when they are freed (docs/performance.md, issue 22 §3).
 * glibc reads the variable when the process starts, so this script starts itself once more with it set
 * (a small launcher stays, passing signals on); set the variable yourself to skip that.
 */
const MMAP_THRESHOLD = "32768";
if (process.platform === "linux" && process.env.MALLOC_MMAP_THRESHOLD_ === undefined) {
  const server = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, MALLOC_MMAP_THRESHOLD_: MMAP_THRESHOLD },
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1)));
} else {
  await serve();
}

async function serve() {
  // V8's optimizing compiler waits until the server listens (src/server/optimizing-compiler.ts says why, and gives
  // it back). Held here, before the server's bundle is imported, it also waits through the packages Node loads and
  // runs ahead of the bundle's own code, which the bundle's first statement cannot reach.
  v8.setFlagsFromString("--no-turbofan");
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
    !process.env.MINUTELY_NO_REBUILD &&
    Math.max(newestMtime(path.join(root, "src")), newestMtime(path.join(root, "drizzle"))) > builtAt();
  if (missing || sourcesChanged) {
    console.log(missing ? "Building Minutely (first start)…" : "Sources changed since the last build; rebuilding…");
    // The build script itself (what `npm run build` runs), without a second npm in between.
    // The build (Vite, esbuild) runs with glibc's usual allocator settings.
    const { MALLOC_MMAP_THRESHOLD_: _serverOnly, ...buildEnv } = process.env;
    // The template step also fills a new data folder (src/server/make-template.ts), beside Vite's build, so the
    // server that starts next opens an existing one instead of writing its files first.
    buildEnv.MINUTELY_BUILD_DATA_FOLDER = "1";
    const build = spawn(process.execPath, [path.join(root, "scripts/build.mjs")], {
      stdio: ["inherit", "inherit", "inherit", "ipc"],
      env: buildEnv,
    });
    const finished = new Promise((resolve) => {
      build.on("exit", (code) => (code === 0 ? resolve() : process.exit(code ?? 1)));
    });
    // The server's bundle and the web app built, the template step (the longest) may still run on one core: the
    // server loads its modules on the other, and waits for the whole build before it reads the template or opens
    // the data folder (src/server/build-gate.ts reads this promise by the same symbol).
    await new Promise((resolve) => {
      const waitingFor = new Set(["server", "web"]);
      build.on("message", ({ built }) => waitingFor.delete(built) && waitingFor.size === 0 && resolve());
      finished.then(resolve);
    });
    globalThis[Symbol.for("minutely.buildInProgress")] = finished;
  }
  await import(path.join(root, "dist/server/main.js"));
}
