// Issue 27 §2 figure: no change without its audit row, and no audit row without its change, after the server is killed
// with SIGKILL while it is being edited. The built server runs on a throwaway database (a PGlite folder: the database
// dies with the process; or, --only postgres, a database of its own on the server: its connections die). Workers edit
// calls concurrently (PATCH /api/calls/:id, a new duration each time; each worker owns its calls and waits for each
// answer, so a call has at most one edit in flight). After `edits × k / (kills + 1)` acknowledged edits (the k-th
// kill; a count the bench picks, not a timer) the server gets SIGKILL with edits in flight, is started again on the
// same data, and the workers go on until `edits` edits are acknowledged. Then, per call, the audit rows must form one
// chain: the first row's before = the call's first duration, each row's before = the previous row's after, the last
// row's after at most the call's duration now (durations only grow), and every committed duration (each acknowledged
// one and the call's own) has its row. A committed change without its row, or a row without its change, counts as a
// mismatch (must be 0); an acknowledged duration above the call's duration now is an acknowledged edit lost.
//
//   node bench/audit-crash.mjs [--only pglite|postgres] [--edits 10000] [--kills 1] [--workers 8] [--calls 200]
//   [--break-trigger] [--fast]
//   --break-trigger: disables the calls' audit trigger first, to show the count finds changes without their row
//   (the run must then report mismatches; exit code 0 either way, the caller reads the result line).
//   --fast or BENCH_FAST=1: 300 edits, 20 calls
import os from "node:os";
import { parseArgs } from "node:util";
import {
  disableTriggersSql,
  FIRST_DURATION,
  JSON_HEADERS,
  seedEditableCalls,
  seedThrough,
  startApp,
  throwawayDatabase,
} from "./audit-setup.mjs";
import { fast, machine, stopProcess } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    only: { type: "string", default: "pglite" },
    edits: { type: "string", default: "10000" },
    kills: { type: "string", default: "1" },
    workers: { type: "string", default: "8" },
    calls: { type: "string", default: "200" },
    "break-trigger": { type: "boolean", default: false },
    fast: { type: "boolean", default: fast },
  },
});
const totalEdits = values.fast ? 300 : Number(values.edits);
const kills = Number(values.kills);
const workerCount = Number(values.workers);
const callCount = values.fast ? 20 : Number(values.calls);
if (callCount < workerCount) throw new Error("--calls must be at least --workers");

const database = await throwawayDatabase(values.only, "audit_crash");
let server;
try {
  let seeded;
  if (values["break-trigger"]) {
    // The trigger goes off by raw SQL, which needs the database with no server on it: seed, stop, disable, start.
    seeded = await seedEditableCalls(database, callCount);
    await database.query((q) => q(disableTriggersSql([["calls", "calls_audit"]])));
    server = await startApp(database.env);
  } else {
    // Seeded through the server the edits then go to: one start of the database fewer (a start is most of a
    // small run's CPU, and the system test runs it on a loaded machine).
    server = await startApp(database.env);
    seeded = await seedThrough(server.base, callCount);
  }
  const { cookie, callIds } = seeded;

  /** Per call: the next duration to send (every send a new one) and the last one acknowledged. */
  const next = new Map(callIds.map((id) => [id, FIRST_DURATION + 1]));
  const acknowledgedValues = new Map(callIds.map((id) => [id, new Set()]));
  let acked = 0;
  let failed = 0;
  const inFlightAtKills = [];
  let inFlight = 0;
  const killAt = Array.from({ length: kills }, (_, k) => Math.floor((totalEdits * (k + 1)) / (kills + 1)));
  let killing = null; // a promise while the server is down and being started again

  async function restart() {
    const killed = server.child;
    const exited = new Promise((resolve) => killed.once("exit", resolve));
    inFlightAtKills.push(inFlight);
    killed.kill("SIGKILL");
    await exited;
    server = await startApp(database.env);
  }

  async function edit(callId) {
    const seconds = next.get(callId);
    next.set(callId, seconds + 1);
    inFlight++;
    try {
      const response = await fetch(`${server.base}/api/calls/${callId}`, {
        method: "PATCH",
        headers: { ...JSON_HEADERS, cookie },
        body: JSON.stringify({ duration: seconds }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`PATCH: ${response.status}`);
      acknowledgedValues.get(callId).add(seconds);
      acked++;
      if (killAt.length > 0 && acked >= killAt[0] && !killing) {
        killAt.shift();
        killing = restart().finally(() => {
          killing = null;
        });
      }
    } catch {
      failed++; // killed mid-request: the edit may or may not have committed; the chain says which
    } finally {
      inFlight--;
    }
  }

  const worker = async (w) => {
    const mine = callIds.filter((_, i) => i % workerCount === w);
    for (let i = 0; acked < totalEdits; i++) {
      if (killing) await killing;
      await edit(mine[i % mine.length]);
    }
  };
  await Promise.all(Array.from({ length: workerCount }, (_, w) => worker(w)));
  if (killing) await killing;
  await stopProcess(server.child);

  const calls = await database.query((q) =>
    q(`select id, duration_seconds as d from calls where id in (${callIds.join(",")}) order by id`),
  );
  const rows = await database.query((q) =>
    q(`select entity_id::int as call_id, (before->>'duration_seconds')::int as b, (after->>'duration_seconds')::int as a
       from audit_events where entity = 'call' and action = 'updated' and entity_id::int in (${callIds.join(",")}) order by id`),
  );
  const chains = new Map(callIds.map((id) => [id, []]));
  for (const row of rows) chains.get(row.call_id).push(row);
  let changesWithoutRow = 0;
  let rowsWithoutChange = 0;
  let chainBreaks = 0;
  let acknowledgedLost = 0;
  for (const call of calls) {
    const chain = chains.get(call.id);
    const recorded = new Set(chain.map((row) => row.a));
    // Durations only grow per call and each call has one edit in flight at a time, so a value at or below the
    // call's duration now was committed once; above it, it never was (or was lost).
    let previous = FIRST_DURATION;
    for (const row of chain) {
      if (row.b !== previous) chainBreaks++; // a change between two rows without its own row, or a row without its change
      if (row.a > call.d) rowsWithoutChange++;
      previous = row.a;
    }
    for (const seconds of acknowledgedValues.get(call.id)) {
      if (seconds > call.d) acknowledgedLost++;
      else if (!recorded.has(seconds)) changesWithoutRow++;
    }
    if (call.d !== FIRST_DURATION && !recorded.has(call.d) && !acknowledgedValues.get(call.id).has(call.d)) changesWithoutRow++;
  }
  console.log(
    `audit-crash ${JSON.stringify({
      database: values.only,
      machine: machine(),
      loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
      brokenTrigger: values["break-trigger"],
      calls: callIds.length,
      workers: workerCount,
      editsAcknowledged: acked,
      editsFailedByKill: failed,
      kills: inFlightAtKills.length,
      inFlightAtKills,
      callUpdatedAuditRows: rows.length,
      changesWithoutRow,
      rowsWithoutChange,
      chainBreaks,
      mismatches: changesWithoutRow + rowsWithoutChange + chainBreaks,
      acknowledgedLost,
    })}`,
  );
} finally {
  if (server) await stopProcess(server.child);
  await database.drop();
}
