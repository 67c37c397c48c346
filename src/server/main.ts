import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";

/** Production entry: reads the environment, starts from the shipped PGlite template on a first run, listens. */
const here = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.resolve(here, "..");
// A wrong setting is the operator's to fix: say which and why in one line, not a stack trace.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(`Minutely cannot start: ${(error as Error).message}`);
  process.exit(1);
}
config.webDistDir ??= path.join(distDir, "web");
const templateFile = path.join(distDir, "pglite-template.tar.gz");
if (!config.databaseUrl && fs.existsSync(templateFile)) config.pgliteTemplate = new Blob([fs.readFileSync(templateFile)]);

const app = await buildApp(config);
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
await app.listen({ port: config.port, host: config.host });
