// Capture latency (issue 13 figures): from a signed Zoom webhook (meeting.started) being sent to the server to the
// call showing in Active Calls on a dashboard open in Debian Chromium (verify → capture pipeline → NOTIFY at commit
// → server-sent event → refresh → GET /api/calls/active → render), p50/p99 over CALLS meetings (goal p99 < 1 s).
// Zoom is connected through POST /api/integrations/setup-zoom first; each meeting is ended by its signed
// meeting.ended before the next starts. A MutationObserver in the page stamps the moment the row appears.
// Run: npx tsx bench/capture-latency.ts   (CALLS=100; BENCH_WEB_DIST=/tmp/web-x, a build of the web app:
// `npx vite build --outDir /tmp/web-x`; BENCH_DATABASE_URL for a PostgreSQL server instead of PGlite)
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { zoomDelivery, zoomEvent } from "../tests/helpers/zoom-webhook.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { freePort, percentile, signUpCookie, sized, startProcess, stopProcess } from "./lib.mjs";

const CALLS = Number(process.env.CALLS ?? sized(100, 2));
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? "dist/web");
const XHR = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, "index.html"))) throw new Error(`no web build in ${WEB_DIST}: set BENCH_WEB_DIST`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-capture-"));
  const { child } = await startProcess(
    ["--import", "tsx", "src/server/main.ts"],
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_DIST_DIR: WEB_DIST,
      LOG_LEVEL: "warn",
      // Every delivery comes through one webhook URL: the per-URL limit (120 a minute) must not refuse any here.
      WEBHOOK_RATE_LIMIT: "1000000",
      // A server database needs SECRETS_KEY to store the Zoom secrets (the embedded one keeps a key file).
      ...(process.env.BENCH_DATABASE_URL
        ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, SECRETS_KEY: randomBytes(32).toString("base64") }
        : {}),
    },
    `${baseUrl}/api/health`,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const cookie = await signUpCookie(baseUrl, `capture-${Date.now()}@example.test`);
    const context = await browser.newContext({ baseURL: baseUrl });
    const pairs = cookie
      .split("; ")
      .map((pair: string) => pair.split(/=(.*)/s) as [string, string])
      .filter(([, value]: [string, string]) => value);
    await context.addCookies(pairs.map(([name, value]: [string, string]) => ({ name, value, url: baseUrl })));
    const page = await context.newPage();
    await page.goto("/");
    await page.getByText("No active calls. Start a timer when a call begins.").waitFor();
    await page.waitForLoadState("networkidle");
    const secretToken = "bench-secret-token";
    const setup = await fetch(`${baseUrl}/api/integrations/setup-zoom`, {
      method: "POST",
      headers: { ...XHR, cookie },
      body: JSON.stringify({ apiKey: "benchClientId", apiSecret: "benchClientSecret", webhookSecretToken: secretToken }),
    });
    if (!setup.ok) throw new Error(`setup-zoom answered ${setup.status}: ${await setup.text()}`);
    const { webhookUrl } = (await setup.json()) as { webhookUrl: string };
    const deliver = async (event: string, i: number) => {
      const at = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
      const body = zoomEvent(
        event,
        { uuid: `bench-meeting-${i}==`, topic: `bench-${i}` },
        {
          eventTs: Date.now(),
          startTime: at,
          ...(event === "meeting.ended" ? { endTime: at } : {}),
        },
      );
      const { rawBody, headers } = zoomDelivery(body, { secretToken, timestamp: Math.floor(Date.now() / 1000) });
      const response = await fetch(webhookUrl, { method: "POST", headers, body: rawBody });
      if (response.status !== 200) throw new Error(`${event} answered ${response.status}: ${await response.text()}`);
    };
    // Stamps (Date.now(), the machine's clock, as the sender's) the first time Active Calls lists a call after
    // meeting `armed` was sent.
    await page.evaluate(() => {
      const state = { armed: -1, seen: {} as Record<string, number> };
      (window as unknown as { bench: typeof state }).bench = state;
      new MutationObserver(() => {
        const row = document.querySelector('[aria-label="Active calls"] li');
        if (row && state.armed >= 0) state.seen[String(state.armed)] ??= Date.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const latencies: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      await page.evaluate((armed) => {
        (window as unknown as { bench: { armed: number } }).bench.armed = armed;
      }, i);
      const sent = Date.now();
      await deliver("meeting.started", i);
      await page.waitForFunction(
        (key) => (window as unknown as { bench: { seen: Record<string, number> } }).bench.seen[key] !== undefined,
        String(i),
        {
          timeout: 10_000,
          polling: 50,
        },
      );
      const seenAt = await page.evaluate(
        (key) => (window as unknown as { bench: { seen: Record<string, number> } }).bench.seen[key]!,
        String(i),
      );
      latencies.push(seenAt - sent);
      await page.evaluate(() => {
        (window as unknown as { bench: { armed: number } }).bench.armed = -1;
      });
      await deliver("meeting.ended", i);
      await page.getByText("No active calls. Start a timer when a call begins.").waitFor();
    }
    const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite";
    console.log(`node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}, ${database}, Chromium headless`);
    console.log(
      `capture latency (signed Zoom meeting.started sent → row in Active Calls), ${latencies.length} calls: p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${Math.max(...latencies)} ms`,
    );
  } finally {
    await browser.close();
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
