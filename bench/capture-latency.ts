// Capture latency (issue 13 figures): from a call-start request's arrival at the server to the call showing in
// Active Calls on a dashboard open in Debian Chromium (server-sent events → refresh → GET /api/calls/active →
// render), p50/p99 over CALLS calls (goal p99 < 1 s). The call is started by POST /api/calls/start from another
// session (a webhook adapter ends in the same NOTIFY through the capture pipeline; the path after the commit is
// the same). A MutationObserver in the page stamps the moment the row appears.
// Run: npx tsx bench/capture-latency.ts   (CALLS=100; BENCH_WEB_DIST=/tmp/web-x, a build of the web app:
// `npx vite build --outDir /tmp/web-x`; BENCH_DATABASE_URL for a PostgreSQL server instead of PGlite)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { freePort, signUpCookie, startProcess, stopProcess } from "./lib.mjs";

const CALLS = Number(process.env.CALLS ?? 100);
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? "dist/web");
const XHR = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

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
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
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
    // Stamps (Date.now(), the machine's clock, as the sender's) the first time each marker shows in Active Calls.
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { seen: Record<string, number> }).seen = seen;
      new MutationObserver(() => {
        const list = document.querySelector('[aria-label="Active calls"]');
        for (const match of list?.textContent?.matchAll(/bench-(\d+)/g) ?? []) seen[match[1]!] ??= Date.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const latencies: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const sent = Date.now();
      const response = await fetch(`${baseUrl}/api/calls/start`, {
        method: "POST",
        headers: { ...XHR, cookie },
        body: JSON.stringify({ platform: `bench-${i}` }),
      });
      if (response.status !== 201) throw new Error(`start answered ${response.status}`);
      await page.waitForFunction(
        (key) => (window as unknown as { seen: Record<string, number> }).seen[key] !== undefined,
        String(i),
        {
          timeout: 10_000,
          polling: 50,
        },
      );
      const seenAt = await page.evaluate((key) => (window as unknown as { seen: Record<string, number> }).seen[key]!, String(i));
      latencies.push(seenAt - sent);
      await fetch(`${baseUrl}/api/calls/end-all`, { method: "POST", headers: { ...XHR, cookie }, body: "{}" });
      await page.getByText("No active calls. Start a timer when a call begins.").waitFor();
    }
    const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite";
    console.log(`node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}, ${database}, Chromium headless`);
    console.log(
      `capture latency (call start arrives → row in Active Calls), ${latencies.length} calls: p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${Math.max(...latencies)} ms`,
    );
  } finally {
    await browser.close();
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
