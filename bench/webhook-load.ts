// The webhook benches' shared parts (bench/webhook-throughput.ts, bench/webhook-pair.ts): the app server started from a
// tree in its own process, an account with Zoom connected, the signed deliveries, and autocannon at full load.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import os from "node:os";
import readline from "node:readline";
import { zoomSignature } from "../src/server/capture/zoom/zoom-signature.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { signUpCookie } from "./lib.mjs";

/** The part of autocannon's API used here (the package ships no types). */
type AutocannonRequest = { method?: string; body?: string; headers?: Record<string, string> };
type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
};
export const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  connections: number;
  duration: number;
  requests?: { method: string; setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;

/** The machine's load averages (1, 5 and 15 minutes), as the benches print them beside their figures. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
}

export const SECRET_TOKEN = "bench-zoom-secret-token";

export type WebhookServer = {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  database: string;
  /** Whether the server watches its event loop (SIGUSR2 windows); an older tree's server does not. */
  watchesLoop: boolean;
  /** The server's stdout, a line at a time (the loop watch's answers). */
  lines: readline.Interface;
};

/**
 * The app on a fresh database in a process of its own (`bench/webhook-throughput.ts --serve` of `tree`, so an older
 * commit's tree serves its own code), answering once it prints its address. `nodeFlags`: node or V8 flags for it.
 */
export async function startWebhookServer(options: { tree?: string; nodeFlags?: string[] } = {}): Promise<WebhookServer> {
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), "--import", "tsx", "bench/webhook-throughput.ts", "--serve"],
    {
      cwd: options.tree ?? process.cwd(),
      env: { ...process.env, LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  const firstLine = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  const { baseUrl, database, watchesLoop } = JSON.parse(firstLine) as {
    baseUrl: string;
    database: string;
    watchesLoop?: boolean;
  };
  return { child, pid: child.pid!, baseUrl, database, watchesLoop: watchesLoop === true, lines };
}

export type Load = {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  serverCpuMsPerRequest?: number;
};

export function summary(result: AutocannonResult): Load {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const MEETINGS_PER_BLOCK = 200;

/** A server's stream of Zoom deliveries (each run or server its own, so its meetings start, gain a participant and end in order). */
export type Deliveries = () => ReturnType<typeof delivery>;
export function deliveries(runId: string): Deliveries {
  let sequence = 0;
  return () => delivery(runId, sequence++);
}

/** The nth Zoom delivery of a run: a meeting's started, participant joined or ended, signed now. */
function delivery(runId: string, n: number) {
  // Blocks of MEETINGS_PER_BLOCK meetings: all start, then each gets its participant, then all end, so
  // one meeting's events are about a second apart at 200/s, as a real meeting's are (not racing each other).
  const block = Math.floor(n / (3 * MEETINGS_PER_BLOCK));
  const inBlock = n % (3 * MEETINGS_PER_BLOCK);
  const step = Math.floor(inBlock / MEETINGS_PER_BLOCK);
  const meeting = block * MEETINGS_PER_BLOCK + (inBlock % MEETINGS_PER_BLOCK);
  const event = ["meeting.started", "meeting.participant_joined", "meeting.ended"][step]!;
  const start = new Date(Date.UTC(2026, 2, 3, 9, 0, 0) + meeting * 60_000);
  const object: Record<string, unknown> = {
    id: 85746065432,
    uuid: `${runId}-${meeting}==`,
    host_id: "benchHost",
    topic: "Bench meeting",
    type: 2,
    start_time: start.toISOString(),
    duration: 30,
    timezone: "UTC",
  };
  if (step === 1)
    object.participant = {
      user_id: String(1000 + meeting),
      user_name: "Client Person",
      email: "client@bench-client.test",
      join_time: new Date(start.getTime() + 30_000).toISOString(),
    };
  if (step === 2) object.end_time = new Date(start.getTime() + 25 * 60_000).toISOString();
  const body = JSON.stringify({ event, event_ts: Date.now() * 1000 + n, payload: { account_id: "benchAccount", object } });
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-zm-request-timestamp": timestamp,
      "x-zm-signature": zoomSignature(SECRET_TOKEN, timestamp, body),
    },
  };
}

/** autocannon at full load (10 connections) against the webhook, each request the stream's next delivery. */
export function webhookLoad(url: string, next: Deliveries, options: { duration: number }) {
  return autocannon({
    url,
    connections: 10,
    duration: options.duration,
    requests: [{ method: "POST", setupRequest: (request) => ({ ...request, ...next() }) }],
  });
}

async function json(response: Response) {
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Signs an account up, connects Zoom and adds the client the participant events match. */
export async function connectZoom(baseUrl: string): Promise<string> {
  const headers = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
  const cookie = await signUpCookie(baseUrl);
  const authed = { ...headers, cookie };
  await json(
    await fetch(`${baseUrl}/api/clients`, {
      method: "POST",
      headers: authed,
      body: JSON.stringify({ name: "Bench Client", email: "client@bench-client.test" }),
    }),
  );
  const setup = await json(
    await fetch(`${baseUrl}/api/integrations/setup-zoom`, {
      method: "POST",
      headers: authed,
      body: JSON.stringify({ apiKey: "benchClientId", apiSecret: "bench-client-secret", webhookSecretToken: SECRET_TOKEN }),
    }),
  );
  return setup.webhookUrl as string;
}
