// The app alone in its own process, for bench/lost-webhooks.ts to kill with SIGKILL during delivery and start
// again on the same database and port: its config overrides come as JSON in BENCH_APP_CONFIG (database URL,
// stand-in hosts, job queue options), its secrets key in SECRETS_KEY, its port in PORT. Prints one line,
// "listening", once it answers. Not run by hand.
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";

const overrides = JSON.parse(process.env.BENCH_APP_CONFIG ?? "{}");
const config = loadConfig({ LOG_LEVEL: "silent", SECRETS_KEY: process.env.SECRETS_KEY ?? "" }, overrides);
const app = await buildApp(config);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.stdout.write("listening\n");
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
