// The phone webhook's cost (POST /api/webhooks/phone/{token}, docs/capture-webhook.md): this tree against another
// (BENCH_BASELINE_TREE, e.g. a commit unpacked with `git archive <commit> | tar -x -C /tmp/x` and node_modules
// linked in; unset: this tree against itself, an A/A check), in turns (this, base, base, this; then the other way).
// Each turn is a child process in one tree: that tree's test app (tests/helpers/test-app.ts) on a fresh database
// with a generic landline, a warm-up, then signed call.started and call.ended pairs over HTTP, one at a time, the
// app's clock moving 100 ms a delivery (a line with ten events a second: "last event received" is kept to the
// second). It reports the process's CPU per delivery (the server and its HTTP client share the process, so both
// trees pay the same client) and, on PostgreSQL, the trips to the database per delivery (node-postgres queries).
// Run: BENCH_BASELINE_TREE=/tmp/x npx tsx bench/phone-webhook-pair.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (both on PostgreSQL, a fresh database each turn),
//      BENCH_ROUNDS (3), BENCH_DELIVERIES (400 measured a turn, after 200 of warm-up).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { machine, sized } from "./lib.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? sized(400, 10));
const WARMUP = sized(200, 4);
const databaseUrl = process.env.BENCH_DATABASE_URL;

type Turn = { cpuMsPerDelivery: number; tripsPerDelivery: number | null };

/** One turn, in the child process: `tree`'s own app and helpers, so an older tree measures its own code. */
async function measure(tree: string): Promise<Turn> {
  const load = (file: string) => import(pathToFileURL(path.join(tree, file)).href);
  // A PGlite app starts from the tree's migrated template, made here when the tree has none yet.
  await (await load("tests/helpers/global-setup.ts")).default();
  const { startTestApp } = await load("tests/helpers/test-app.ts");
  const { newAccount } = await load("tests/helpers/factories.ts");
  const { connectGenericLandline, postGeneric } = await load("tests/helpers/phone-webhooks.ts");
  const pg = createRequire(path.join(tree, "package.json"))("pg");
  let trips = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    trips++;
    return query.apply(this, args);
  };

  let clock = new Date("2026-03-03T10:00:00Z");
  const t = await startTestApp({ now: () => clock, webhookRateLimit: { limit: 1_000_000, windowSeconds: 60 }, jobs: false });
  const account = await newAccount(t);
  const hook = await connectGenericLandline(account, { provider: "ringcentral" });
  let sequence = 0;
  const deliver = async (event: "call.started" | "call.ended", call: number) => {
    clock = new Date(clock.getTime() + 100);
    const body = {
      eventId: `${event}-${call}`,
      callId: `bench-call-${call}`,
      event,
      occurredAt: new Date(clock.getTime() - (event === "call.ended" ? 600_000 : 0)).toISOString(),
      from: "+442079460958",
      to: "+1 800 555 0100",
      direction: "inbound",
      ...(event === "call.ended" ? { durationSeconds: 600 } : {}),
    };
    const answer = await postGeneric(t.client(), hook.path, body, { secret: hook.secret, timestamp: Math.floor(clock.getTime() / 1000) });
    if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  };
  const calls = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const call = sequence++;
      await deliver("call.started", call);
      await deliver("call.ended", call);
    }
  };
  await calls(WARMUP / 2);
  trips = 0;
  const start = process.cpuUsage();
  await calls(DELIVERIES / 2);
  const used = process.cpuUsage(start);
  await t.close();
  return {
    cpuMsPerDelivery: (used.user + used.system) / 1000 / DELIVERIES,
    tripsPerDelivery: databaseUrl ? trips / DELIVERIES : null,
  };
}

function turn(tree: string): Promise<Turn> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent" };
  delete env.TEST_DATABASE_URL;
  if (databaseUrl) env.TEST_DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("bench/phone-webhook-pair.ts"), "--measure", tree], {
    cwd: tree,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => {
      const line = output.trim().split("\n").pop() ?? "";
      if (code !== 0) return reject(new Error(`the turn in ${tree} exited with ${code}: ${output.slice(-2000)}`));
      resolve(JSON.parse(line) as Turn);
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const trees = { this: process.cwd(), baseline: path.resolve(process.env.BENCH_BASELINE_TREE ?? ".") };
  const turns: Record<keyof typeof trees, Turn[]> = { this: [], baseline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order: (keyof typeof trees)[] = round % 2 === 0 ? ["this", "baseline", "baseline", "this"] : ["baseline", "this", "this", "baseline"];
    for (const side of order) turns[side].push(await turn(trees[side]));
  }
  const summary = (side: keyof typeof trees) => ({
    tree: trees[side],
    cpuMsPerDelivery: +median(turns[side].map((t) => t.cpuMsPerDelivery)).toFixed(3),
    turns: turns[side].map((t) => +t.cpuMsPerDelivery.toFixed(3)),
    tripsPerDelivery: turns[side][0]?.tripsPerDelivery ?? null,
  });
  const sides = { this: summary("this"), baseline: summary("baseline") };
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        database: databaseUrl ? "postgres" : "pglite",
        rounds: ROUNDS,
        deliveriesPerTurn: DELIVERIES,
        ...sides,
        ratio: +(sides.this.cpuMsPerDelivery / sides.baseline.cpuMsPerDelivery).toFixed(3),
      },
      null,
      2,
    ),
  );
}

const measured = process.argv.indexOf("--measure");
if (measured >= 0) {
  console.log(JSON.stringify(await measure(process.argv[measured + 1]!)));
  process.exit(0);
} else await main();
