// npm run test:system: the suites that need real outside parts.
// 1. the API suite again on the PostgreSQL server (TEST_DATABASE_URL, default the local server's `test` database);
// 2. browser journeys (Debian Chromium) and system tests (pdftotext, SMTP, Dovecot) against the built app.
import { spawnSync } from "node:child_process";

const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" };
const extra = process.argv.slice(2);
const run = (args, runEnv = env) => spawnSync("npx", args, { stdio: "inherit", env: runEnv }).status ?? 1;

let failed = 0;
failed += run(["vitest", "run", "--project", "api", ...extra]) ? 1 : 0;
failed += run(["npm", "run", "build"], process.env) ? 1 : 0;
const { TEST_DATABASE_URL: _unused, ...pgliteEnv } = env;
failed += run(["vitest", "run", "--project", "e2e", "--project", "system", "--passWithNoTests", ...extra], pgliteEnv) ? 1 : 0;
process.exit(failed ? 1 : 0);
