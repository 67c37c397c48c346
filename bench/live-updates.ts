// Live screens (issue 13 §2): server-sent events vs a visible-page poll of GET /api/calls/active, measured in the
// same run on the same server (its own process, so only the server's CPU is counted):
//   - idle cost: N open dashboards for D seconds with no call changing: server CPU and requests;
//   - latency: from sending POST /api/calls/start to the change reaching a dashboard (SSE: the event; poll: the
//     next poll that sees the call, at a period P that meets the "within 2 s").
// Run: npx tsx bench/live-updates.ts   (DASHBOARDS=50 IDLE_SECONDS=60 POLL_SECONDS=2 LATENCY_SAMPLES=100;
// BENCH_DATABASE_URL for a PostgreSQL server instead of PGlite)
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { cpuMs, freePort, percentile, signUpCookie, sized, startProcess, stopProcess } from "./lib.mjs";

const DASHBOARDS = Number(process.env.DASHBOARDS ?? sized(50, 2));
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? sized(60, 1));
const POLL_SECONDS = Number(process.env.POLL_SECONDS ?? sized(2, 0.2));
const SAMPLES = Number(process.env.LATENCY_SAMPLES ?? sized(100, 3));
const XHR = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };

/** CPU seconds (user + system) the process has used. */
const cpuSeconds = (pid: number): number => cpuMs(pid) / 1000;

type Stream = { request: http.ClientRequest; onEvent: (listener: (data: string) => void) => void };

function openStream(baseUrl: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const listeners = new Set<(data: string) => void>();
    const request = http.get(`${baseUrl}/api/calls/stream`, { headers: { cookie, accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      let pending = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => {
        pending += text;
        let end = pending.indexOf("\n\n");
        while (end >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.includes("event: call") && data) for (const listener of listeners) listener(data);
          end = pending.indexOf("\n\n");
        }
      });
      resolve({ request, onEvent: (listener) => listeners.add(listener) });
    });
    request.on("error", reject);
  });
}

async function startCall(baseUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/calls/start`, { method: "POST", headers: { ...XHR, cookie }, body: "{}" });
  return ((await response.json()) as { id: number }).id;
}
async function endAll(baseUrl: string, cookie: string): Promise<void> {
  await fetch(`${baseUrl}/api/calls/end-all`, { method: "POST", headers: { ...XHR, cookie }, body: "{}" });
}
async function activeIds(baseUrl: string, cookie: string): Promise<number[]> {
  const response = await fetch(`${baseUrl}/api/calls/active`, { headers: { cookie } });
  return ((await response.json()) as { id: number }[]).map((call) => call.id);
}

async function main() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-live-"));
  const { child } = await startProcess(
    ["--import", "tsx", "src/server/main.ts"],
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, SECRETS_KEY: randomBytes(32).toString("base64") } : {}),
    },
    `${baseUrl}/api/health`,
  );
  const pid = child.pid as number;
  try {
    // Sign-ups are limited to 10 an hour per address: 5 dashboards (tabs) per account, at most 10 accounts.
    const accounts: string[] = [];
    for (let i = 0; i < Math.min(10, Math.ceil(DASHBOARDS / 5)); i++)
      accounts.push(await signUpCookie(baseUrl, `live-${Date.now()}-${i}@example.test`));
    const cookies = Array.from({ length: DASHBOARDS }, (_, i) => accounts[i % accounts.length]!);
    const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite";
    console.log(
      `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}, ${database}; ${DASHBOARDS} dashboards (five per account), ${IDLE_SECONDS} s idle, poll every ${POLL_SECONDS} s`,
    );

    // Idle: SSE.
    const streams = await Promise.all(cookies.map((cookie) => openStream(baseUrl, cookie)));
    await new Promise((r) => setTimeout(r, 1000));
    let cpu = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const sseCpu = cpuSeconds(pid) - cpu;

    // Latency: SSE (the first dashboard's account starts calls one at a time).
    const sse: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      // Only "started": the "ended" events of the previous End All may still be on their way.
      const arrived = new Promise<number>((resolve) =>
        streams[0]!.onEvent((data) => {
          if (data.includes('"kind":"started"')) resolve(performance.now());
        }),
      );
      const sent = performance.now();
      await startCall(baseUrl, cookies[0]!);
      sse.push((await arrived) - sent);
      if (i % 10 === 9) await endAll(baseUrl, cookies[0]!);
    }
    await endAll(baseUrl, cookies[0]!);
    for (const stream of streams) stream.request.destroy();

    // Idle: polling every POLL_SECONDS while visible, each dashboard at its own phase.
    let polls = 0;
    let stop = false;
    const pollers = cookies.map(async (cookie, i) => {
      await new Promise((r) => setTimeout(r, (i / DASHBOARDS) * POLL_SECONDS * 1000));
      while (!stop) {
        await activeIds(baseUrl, cookie);
        polls++;
        await new Promise((r) => setTimeout(r, POLL_SECONDS * 1000));
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    cpu = cpuSeconds(pid);
    const pollsBefore = polls;
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const pollCpu = cpuSeconds(pid) - cpu;
    const pollRequests = polls - pollsBefore;
    stop = true;
    await Promise.all(pollers);

    // Latency: poll. A change waits for the next poll: uniform over the period (simulated phase, real request).
    const poll: number[] = [];
    for (let i = 0; i < Math.min(SAMPLES, 30); i++) {
      const phase = Math.random() * POLL_SECONDS * 1000;
      const id = await startCall(baseUrl, cookies[0]!);
      const sent = performance.now();
      await new Promise((r) => setTimeout(r, phase));
      const seen = await activeIds(baseUrl, cookies[0]!);
      if (!seen.includes(id)) throw new Error("poll missed the call");
      poll.push(performance.now() - sent);
    }
    await endAll(baseUrl, cookies[0]!);

    const row = (name: string, cpuS: number, requests: number, latency: number[]) =>
      console.log(
        `${name.padEnd(22)} server CPU ${(cpuS * 1000).toFixed(0).padStart(6)} ms / ${IDLE_SECONDS} s idle   requests ${String(requests).padStart(6)}   latency p50 ${percentile(latency, 0.5).toFixed(1)} ms  p99 ${percentile(latency, 0.99).toFixed(1)} ms`,
      );
    row("server-sent events", sseCpu, 0, sse);
    row(`poll every ${POLL_SECONDS} s`, pollCpu, pollRequests, poll);
    console.log(`ratio poll/SSE server CPU: ${(pollCpu / Math.max(sseCpu, 0.001)).toFixed(1)}×`);
  } finally {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
