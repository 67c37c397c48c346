import { parseArgs } from "node:util";
import { hashPassword } from "../auth/passwords.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { runMigrations } from "../db/migrate.js";
import { generateSeed } from "../seed/generate-seed.js";
import { insertSeed } from "../seed/insert-seed.js";

/**
 * `npm run seed -- --calls N`: a realistic demo account (200 clients, N calls over three years,
 * monthly invoices) on the embedded database in DATA_DIR or on DATABASE_URL. Stop the app first
 * when it uses the embedded database (PGlite lets one process open its folder at a time).
 * Prints the sign-in email and password, and a last line `SEED_RESULT {json}` for scripts.
 */
const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "1000" },
    clients: { type: "string", default: "200" },
    years: { type: "string", default: "3" },
    email: { type: "string" },
    password: { type: "string", default: "minutely-demo" },
    timezone: { type: "string", default: "America/New_York" },
    seed: { type: "string", default: "42" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log("npm run seed -- [--calls 1000] [--clients 200] [--years 3] [--email E] [--password P] [--timezone Zone] [--seed 42]");
  process.exit(0);
}
const whole = (name: string, text: string, min: number, max: number) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}`);
    process.exit(2);
  }
  return n;
};
const callCount = whole("calls", values.calls, 0, 5_000_000);
const clientCount = whole("clients", values.clients, 1, 100_000);
const years = whole("years", values.years, 1, 20);
const now = new Date();
const email = (values.email ?? `demo-${now.getTime().toString(36)}@minutely.test`).toLowerCase();
if (values.password.length < 6) {
  console.error("--password must be at least 6 characters");
  process.exit(2);
}

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let exitCode = 0;
try {
  await runMigrations(database);
  const started = performance.now();
  const plan = generateSeed({
    calls: callCount,
    clients: clientCount,
    years,
    now,
    timezone: values.timezone,
    rules: { rateCents: 15000, billingType: "hour", minimumBillingMinutes: 0, roundingIncrementMinutes: 1 },
    paymentTermsDays: 30,
    seed: Number(values.seed) || 42,
  });
  const generatedMs = performance.now() - started;
  const result = await insertSeed(
    database.db,
    {
      email,
      passwordHash: await hashPassword(values.password),
      firstName: "Dana",
      lastName: "Whitfield",
      profession: "lawyer",
      firmName: "Whitfield & Partners",
      timezone: values.timezone,
    },
    plan,
    "INV-",
    now,
  );
  // Fresh planner statistics after a bulk load, as a DBA would run them.
  await database.exec("analyze");
  const totalMs = performance.now() - started;
  console.log(`Seeded ${result.clientIds.length} clients, ${result.calls} calls and ${result.invoices} invoices on ${database.kind} in ${(totalMs / 1000).toFixed(1)} s (generated in ${Math.round(generatedMs)} ms).`);
  console.log(`Sign in with  email: ${email}  password: ${values.password}`);
  console.log(`SEED_RESULT ${JSON.stringify({ ...result, clientIds: undefined, email, password: values.password, database: database.kind, seconds: +(totalMs / 1000).toFixed(2) })}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
