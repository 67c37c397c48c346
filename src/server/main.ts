// First, before the rest of the bundle runs: V8 compiles nothing with TurboFan while the server starts.
import "./optimizing-compiler.js";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { buildFinished } from "./build-gate.js";
import { loadConfig } from "./config.js";
import { tierUpPgliteLate } from "./db/wasm-tiering.js";
import { assertPortFree, assertStartableConfig, startupFailureMessage } from "./http/startup-checks.js";
import { resumeOptimizingCompiler } from "./optimizing-compiler.js";

/** Production entry: reads the environment, starts from the shipped PGlite template on a first run, listens. */
const here = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.resolve(here, "..");
// A wrong setting is the operator's to fix: say which and why in one line, not a stack trace.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  refuseToStart((error as Error).message);
}
// Before the database opens (seconds for PGlite and its migrations): a key that cannot work or a port already
// taken is told at once. buildApp checks the settings again for its other callers; listen still reports a port
// taken after this probe.
try {
  assertStartableConfig(config);
  await assertPortFree(config);
} catch (error) {
  const line = startupFailureMessage(error, config);
  if (line) refuseToStart(line);
  throw error;
}
// A fresh clone's `npm start` may still be making the template and the data folder (build-gate.ts).
await buildFinished();
config.webDistDir ??= path.join(distDir, "web");
// Before PGlite opens: its WebAssembly is optimized only where it stays hot, not all through the start.
tierUpPgliteLate();
const templateFile = path.join(distDir, "pglite-template.tar.gz");
// Backed by the file, read only if a new data folder needs it: a later start no longer reads the 5 MB into memory
// and keeps it there for the life of the process.
if (!config.databaseUrl && fs.existsSync(templateFile)) config.pgliteTemplate = await fs.openAsBlob(templateFile);

/** A start that failed because of a setting or the machine: one line naming what to set, exit 1. */
function refuseToStart(line: string): never {
  console.error(`Minutely cannot start: ${line}`);
  process.exit(1);
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (error) {
  const line = startupFailureMessage(error, config);
  if (line) refuseToStart(line);
  throw error;
}
// A second signal while closing changes nothing: Ctrl-C reaches both npm start's launcher and this server,
// and the launcher passes it on once more (scripts/start.mjs).
let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  await app.close();
  process.exit(0);
};
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
try {
  await app.listen({ port: config.port, host: config.host });
  resumeOptimizingCompiler();
} catch (error) {
  const line = startupFailureMessage(error, config);
  if (!line) throw error;
  await app.close().catch(() => undefined);
  refuseToStart(line);
}
