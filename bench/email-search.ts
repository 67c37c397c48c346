// Email tracking figures (issue 6), each against a baseline measured in the same run:
// - POST /api/emails/search in a 10,000-message mailbox on a local Dovecot, 50 results with word
//   counts (target < 1 s), against three baselines in the same run: the same search through the API
//   on a 100-message mailbox (a second Dovecot), the same work done with imapflow alone (connect,
//   SEARCH SUBJECT in INBOX and Sent, FETCH envelope and whole source of the 50 newest matches of
//   each, LOGOUT), and the bare cost of an IMAP session (connect, LOGIN, NOOP, LOGOUT);
// - POST /api/emails/calculate-billing for 50 emails (target < 20 ms), against a bare POST route on the
//   same server receiving the same body (and, for scale, GET /api/auth/user).
// Run: npx tsx bench/email-search.ts   (needs Debian's dovecot-imapd)
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { ImapFlow } from "imapflow";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { buildMessage, type Dovecot, startDovecot, words } from "../tests/helpers/dovecot.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { sized } from "./lib.mjs";

// Fast mode (BENCH_FAST=1): 200 messages, one run each, only to prove the bench runs.
const MESSAGES: number = sized(10_000, 200);
const MATCH_EVERY: number = sized(83, 2); // every 83rd message is "Project Falcon: …" (121 of them); 50 are returned
const MATCHING = Math.ceil(MESSAGES / MATCH_EVERY);
const SMALL_MESSAGES = 100;
const SMALL_MATCH_EVERY = 2; // 50 of the 100 match, so the small search also returns 50
const SEARCH_RUNS: number = sized(15, 1);
const CALC_RUNS: number = sized(200, 2);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

/** APPENDs `count` messages (every `matchEvery`-th one "Project Falcon: …"), 1 in 7 to Sent as outbound. */
async function fill(target: Dovecot, count: number, matchEvery: number) {
  const client = await target.connect();
  const start = Date.UTC(2025, 0, 1);
  for (let batch = 0; batch < count; batch += 200) {
    const appends: Promise<unknown>[] = [];
    for (let i = batch; i < Math.min(count, batch + 200); i++) {
      const isMatch = i % matchEvery === 0;
      const date = new Date(start + i * 3_600_000);
      const outbound = i % 7 === 0;
      const raw = buildMessage({
        from: outbound ? `Me <${target.address}>` : `Client ${i % 40} <client${i % 40}@acme.test>`,
        to: outbound ? `client${i % 40}@acme.test` : target.address,
        subject: isMatch ? `Project Falcon: status ${i}` : `Weekly update ${i}`,
        date,
        text: words(60 + (i % 400)),
        html: i % 3 === 0 ? `<p>${words(60 + (i % 400))}</p>` : undefined,
        encoding: i % 2 === 0 ? "quoted-printable" : "7bit",
      });
      appends.push(client.append(outbound ? "Sent" : "INBOX", raw, ["\\Seen"], date));
    }
    await Promise.all(appends);
  }
  await client.logout();
}

const dovecot = await startDovecot();
const small = await startDovecot({ username: "small@example.test" });
const template = ".tmp/test-pglite-template.tar.gz";
const app = await buildApp(
  loadConfig(
    { LOG_LEVEL: "silent" },
    {
      inMemoryDatabase: true,
      pgliteTemplate: fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : undefined,
      secretsKey: Buffer.alloc(32, 7).toString("base64"),
      // Dovecot listens on loopback without TLS.
      allowPrivateMailHosts: true,
    },
  ),
);
// A bare route on the same server: the cost of an HTTP round trip with no session and no work.
app.post("/bench/bare", async () => ({ ok: true }));
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

try {
  // 1. Fill the mailboxes over IMAP (APPEND, pipelined in batches).
  const [fillMs] = await timed(() => fill(dovecot, MESSAGES, MATCH_EVERY));
  await fill(small, SMALL_MESSAGES, SMALL_MATCH_EVERY);

  // 2. Two accounts, each connecting its mailbox through the API.
  const connectAccount = async (target: Dovecot) => {
    const h = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" } as Record<string, string>;
    const step1 = await fetch(`${base}/api/auth/create-subscription`, {
      method: "POST",
      headers: h,
      body: JSON.stringify({
        firstName: "Bench",
        lastName: "Mark",
        email: `bench-${target.username.split("@")[0]}-${Date.now()}@example.test`,
        password: "benchmark",
        plan: "individual",
        billingCycle: "monthly",
      }),
    });
    const signup = step1.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const step2 = await fetch(`${base}/api/auth/complete-registration`, { method: "POST", headers: { ...h, cookie: signup } });
    h.cookie = step2.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const put = await fetch(`${base}/api/integrations/email`, {
      method: "PUT",
      headers: h,
      body: JSON.stringify({
        provider: "imap",
        host: target.host,
        port: target.port,
        secure: false,
        username: target.username,
        password: target.password,
      }),
    });
    if (put.status !== 200) throw new Error(`connect failed: ${put.status} ${await put.text()}`);
    return h;
  };
  const headers = await connectAccount(dovecot);
  const smallHeaders = await connectAccount(small);

  const searchWith = async (h: Record<string, string>) => {
    const response = await fetch(`${base}/api/emails/search`, {
      method: "POST",
      headers: h,
      body: JSON.stringify({ subjectQuery: "Project Falcon", provider: "imap", maxResults: 50 }),
    });
    const body = (await response.json()) as { count: number; results: { wordCount: number }[] };
    if (response.status !== 200 || body.count !== 50 || body.results.some((r) => r.wordCount < 60))
      throw new Error(`bad search answer ${response.status}`);
    return body;
  };
  const search = () => searchWith(headers);
  const searchSmall = () => searchWith(smallHeaders);
  const openBare = async () => {
    const client = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user: dovecot.username, pass: dovecot.password },
      logger: false,
      disableAutoIdle: true,
    });
    client.on("error", () => {});
    await client.connect();
    return client;
  };
  const imapSession = async () => {
    const client = await openBare();
    await client.noop();
    await client.logout();
  };
  // imapflow alone doing the search's work the plain way: SEARCH SUBJECT in both folders, FETCH the
  // envelope and whole source of the 50 newest matches of each (no word counting, no estimates).
  const bareImapSearch = async () => {
    const client = await openBare();
    let fetched = 0;
    for (const folder of ["INBOX", "Sent"]) {
      const lock = await client.getMailboxLock(folder, { readOnly: true });
      try {
        const found = await client.search({ subject: "Project Falcon" }, { uid: true });
        const newest = (found || []).sort((x, y) => x - y).slice(-50);
        if (newest.length)
          fetched += (await client.fetchAll(newest, { uid: true, envelope: true, source: true }, { uid: true })).length;
      } finally {
        lock.release();
      }
    }
    await client.logout();
    if (fetched < 50) throw new Error("bare search found too little");
  };

  // 3. Search: the first (cold: Dovecot builds its index cache) and warm runs, alternating with the baselines.
  const [coldMs, first] = await timed(search);
  const [smallColdMs] = await timed(searchSmall);
  const searchMs: number[] = [];
  const smallMs: number[] = [];
  const bareSearchMs: number[] = [];
  const sessionMs: number[] = [];
  for (let i = 0; i < SEARCH_RUNS; i++) {
    sessionMs.push((await timed(imapSession))[0]);
    bareSearchMs.push((await timed(bareImapSearch))[0]);
    smallMs.push((await timed(searchSmall))[0]);
    searchMs.push((await timed(search))[0]);
  }
  const broad = await timed(async () => {
    const response = await fetch(`${base}/api/emails/search`, {
      method: "POST",
      headers,
      body: JSON.stringify({ subjectQuery: "update", maxResults: 50 }),
    });
    return (await response.json()) as { count: number };
  });

  // 4. calculate-billing for the 50 emails found, against GET /api/health.
  const calcBody = JSON.stringify({ emails: first.results, billingRate: 150, clientId: null });
  const calculate = async () => {
    const response = await fetch(`${base}/api/emails/calculate-billing`, { method: "POST", headers, body: calcBody });
    const body = (await response.json()) as { calculations: unknown[] };
    if (response.status !== 200 || body.calculations.length !== 50) throw new Error("bad calculate answer");
  };
  const health = async () => {
    const response = await fetch(`${base}/api/auth/user`, { headers: { cookie: headers.cookie! } });
    if (response.status !== 200) throw new Error("bad auth/user answer");
    await response.text();
  };
  const bare = async () => {
    await (await fetch(`${base}/bench/bare`, { method: "POST", headers, body: calcBody })).text();
  };
  for (let i = 0; i < 20; i++) {
    await calculate();
    await health();
    await bare();
  }
  const calcMs: number[] = [];
  const healthMs: number[] = [];
  const bareMs: number[] = [];
  for (let i = 0; i < CALC_RUNS; i++) {
    bareMs.push((await timed(bare))[0]);
    healthMs.push((await timed(health))[0]);
    calcMs.push((await timed(calculate))[0]);
  }

  const result = {
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      node: process.version,
      date: new Date().toISOString().slice(0, 10),
    },
    mailbox: { messages: MESSAGES, matching: MATCHING, fillSeconds: round(fillMs / 1000) },
    search: {
      coldMs: round(coldMs),
      medianMs: round(median(searchMs)),
      p95Ms: round(p95(searchMs)),
      baselineSmallMailbox: {
        messages: SMALL_MESSAGES,
        coldMs: round(smallColdMs),
        medianMs: round(median(smallMs)),
        ratio10kTo100: round(median(searchMs) / median(smallMs)),
      },
      baselineBareImapflowSearchMedianMs: round(median(bareSearchMs)),
      ratioToBareImapflowSearch: round(median(searchMs) / median(bareSearchMs)),
      baselineImapSessionMedianMs: round(median(sessionMs)),
      ratioToImapSession: round(median(searchMs) / median(sessionMs)),
      broadQuery: { matched: MESSAGES - MATCHING, returned: broad[1].count, ms: round(broad[0]) },
    },
    calculateBilling50: {
      medianMs: round(median(calcMs)),
      p95Ms: round(p95(calcMs)),
      baselineBareRouteSameBodyMedianMs: round(median(bareMs)),
      ratioToBare: round(median(calcMs) / median(bareMs)),
      authUserMedianMs: round(median(healthMs)),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  if (median(searchMs) >= 1000) throw new Error("search is not under 1 s");
  if (median(calcMs) >= 20) throw new Error("calculate-billing is not under 20 ms");
} finally {
  await app.close();
  await dovecot.stop();
  await small.stop();
}
