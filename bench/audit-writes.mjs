// Issue 27 §2 figure: what the audit trail costs a write. The same edit workload (PATCH /api/calls/:id, a new duration
// every time, so each request changes the call, re-prices it and, with the trail on, writes one audit row) against two
// built servers in the same run: "on" as shipped, and "off" on a copy of the same database whose audit triggers the
// bench disabled (ALTER TABLE … DISABLE TRIGGER, on its own throwaway database only) with BENCH_AUDIT_ACTOR=off (the
// app does not tell the database who acts). Rounds alternate on / off so a burst of other load hits both.
// Goal: writes per second on ÷ off ≥ 0.8. Afterwards it counts the audit rows each side wrote (on: one per edit; off: 0).
//
//   node bench/audit-writes.mjs [--only pglite|postgres] [--duration 8] [--rounds 3] [--calls 200] [--fast]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (default): where its databases are made and dropped
import os from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { disableTriggersSql, JSON_HEADERS, seedEditableCalls, startApp, throwawayDatabase } from "./audit-setup.mjs";
import { cpuMs, fast, machine, stopProcess } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    duration: { type: "string", default: "8" },
    rounds: { type: "string", default: "3" },
    calls: { type: "string", default: "200" },
    fast: { type: "boolean", default: fast },
  },
});
const duration = values.fast ? 1 : Number(values.duration);
const rounds = values.fast ? 1 : Number(values.rounds);
const callCount = values.fast ? 20 : Number(values.calls);

/** 10 connections for `duration` s of edits; each request a new duration for the next call in turn. */
async function edits(app, cookie, callIds, counter) {
  const cpuBefore = cpuMs(app.child.pid);
  const result = await autocannon({
    url: app.base,
    connections: 10,
    duration,
    headers: { ...JSON_HEADERS, cookie },
    requests: [
      {
        method: "PATCH",
        setupRequest: (request) => {
          const i = counter.next++;
          const callId = callIds[i % callIds.length];
          // 601…1800 s, stepping by one per visit to the same call: every edit changes the row.
          const seconds = 601 + (Math.floor(i / callIds.length) % 1200);
          return { ...request, path: `/api/calls/${callId}`, body: JSON.stringify({ duration: seconds }) };
        },
      },
    ],
  });
  const answered = result.requests.total - result.non2xx;
  return {
    writesPerSecond: Math.round(answered / duration),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    serverCpuMsPerWrite: +((cpuMs(app.child.pid) - cpuBefore) / Math.max(answered, 1)).toFixed(3),
    answered,
  };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const countEdits = "select count(*)::int as n from audit_events where entity = 'call' and action = 'updated'";
const kinds = values.only ? [values.only] : ["pglite", "postgres"];
for (const kind of kinds) {
  const on = await throwawayDatabase(kind, "audit_on");
  const dropped = [on];
  const servers = {};
  try {
    const { cookie, callIds } = await seedEditableCalls(on, callCount);
    const off = await on.copy("audit_off");
    dropped.push(off);
    await off.query((q) => q(disableTriggersSql()));
    servers.on = await startApp(on.env, { READ_CACHE_MS: "0" });
    servers.off = await startApp(off.env, { READ_CACHE_MS: "0", BENCH_AUDIT_ACTOR: "off" });
    const results = { on: [], off: [] };
    const counters = { on: { next: 0 }, off: { next: 0 } };
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? ["on", "off"] : ["off", "on"]) {
        results[side].push(await edits(servers[side], cookie, callIds, counters[side]));
      }
    }
    await stopProcess(servers.on.child);
    await stopProcess(servers.off.child);
    const answered = (side) => results[side].reduce((sum, r) => sum + r.answered, 0);
    const auditRows = async (database) => (await database.query((q) => q(countEdits)))[0].n;
    const ratios = results.on.map((r, i) => +(r.writesPerSecond / Math.max(results.off[i].writesPerSecond, 1)).toFixed(2));
    console.log(
      `audit-writes ${JSON.stringify({
        database: kind,
        machine: machine(),
        loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
        calls: callIds.length,
        rounds: results,
        medianWritesPerSecond: {
          on: median(results.on.map((r) => r.writesPerSecond)),
          off: median(results.off.map((r) => r.writesPerSecond)),
        },
        ratiosPerRound: ratios,
        medianRatioOnToOff: median(ratios),
        // The trail wrote one row per acknowledged edit on "on", none on "off".
        editsAcknowledged: { on: answered("on"), off: answered("off") },
        callUpdatedAuditRows: { on: await auditRows(on), off: await auditRows(off) },
      })}`,
    );
  } finally {
    for (const server of Object.values(servers)) await stopProcess(server.child);
    for (const database of dropped) await database.drop();
  }
}
