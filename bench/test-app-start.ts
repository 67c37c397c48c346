/**
 * What one API test app costs: `startTestApp` + one health request + close, ten in a row after a warm-up,
 * CPU of this process from `process.cpuUsage()` (PGlite runs in it) and wall time, for an app without the
 * job queue and one with it (`jobs: {}`, as the accounting, Stripe, capture and job-queue tests start).
 * docs/performance.md, issue 22 §2 ("Test apps from a pool and a template", and the job queue's databases).
 *
 *   nice -n 10 npx tsx bench/test-app-start.ts [runs=10]
 *
 * Run it in two trees (this one and a baseline worktree) one after the other or alternated; compare ratios.
 */
import setup from "../tests/helpers/global-setup.js";
import { keepSparesOutsideTests } from "../tests/helpers/server-database-pool.js";
import { startTestApp } from "../tests/helpers/test-app.js";

const runs = Number(process.argv[2] ?? 10);

type Kind = { name: string; overrides: Parameters<typeof startTestApp>[0] };
const kinds: Kind[] = [
  { name: "no job queue", overrides: {} },
  { name: "job queue (jobs: {})", overrides: { jobs: {} } },
];

async function once(kind: Kind): Promise<void> {
  const t = await startTestApp(kind.overrides);
  const answer = await fetch(`${t.baseUrl}/api/health`);
  if (!answer.ok) throw new Error(`health answered ${answer.status}`);
  await answer.arrayBuffer();
  await t.close();
}

await setup();
// With TEST_DATABASE_URL, apps take the server's databases from the pool as in a test run, dropped at the end.
const dropSpares = keepSparesOutsideTests();
const results: string[] = [];
for (const kind of kinds) {
  await once(kind); // warm-up: modules, the template unpacked, the worker's first database
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < runs; i++) await once(kind);
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  results.push(
    `${kind.name}: ${(cpuMs / runs).toFixed(0)} ms CPU per app (user ${(used.user / 1000 / runs).toFixed(0)}, sys ${(used.system / 1000 / runs).toFixed(0)}), ${(wall / runs).toFixed(0)} ms wall per app, ${runs} apps`,
  );
}
const [one, five] = (await import("node:os")).loadavg();
console.log(results.join("\n"));
console.log(`load average ${one!.toFixed(2)} / ${five!.toFixed(2)} at the end`);
await dropSpares();
process.exit(0);
