// Starts one source tree's server (its src/ through tsx, so no build is needed) for bench/login-throughput.mjs.
// Usage: node --import tsx bench/login-server.mjs <tree>   env: PORT, DATA_DIR, BENCH_LIMITS=defaults|unreachable
import { pathToFileURL } from "node:url";

const tree = process.argv[2];
const { loadConfig } = await import(pathToFileURL(`${tree}/src/server/config.ts`).href);
const { buildApp } = await import(pathToFileURL(`${tree}/src/server/app.ts`).href);

// "unreachable": every counter is still read and written, but no limit is ever reached, so both trees
// do the same work per request. The keys cover the old limits' shape and the new one.
const far = { limit: 1_000_000_000, windowSeconds: 900 };
const overrides =
  process.env.BENCH_LIMITS === "unreachable"
    ? { loginLimits: { perAddress: far, perEmail: far, perEmailAndAddress: far }, signupLimit: far }
    : { signupLimit: far }; // the pool of users is signed up from one address
const app = await buildApp(loadConfig(process.env, overrides));
process.once("SIGTERM", async () => {
  await app.close();
  process.exit(0);
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
