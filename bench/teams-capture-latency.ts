// Teams capture latency (issue 14 figure): from Microsoft Graph's change notification being sent to the priced call
// showing in Recent Calls on a dashboard open in Debian Chromium (clientState check → claim → job queue →
// token + GET callRecord + participants_v2 from the stand-in → capture pipeline → NOTIFY at commit → server-sent
// event → refresh → render), p50/p99 over CALLS call records (goal p99 < 2 s).
// The app runs as `npm start` would, pointed at the Microsoft stand-in (tests/stand-ins/microsoft) through
// MICROSOFT_AUTHORITY_HOST / MICROSOFT_GRAPH_BASE, trusting its self-signed certificate with NODE_EXTRA_CA_CERTS.
// Teams is connected through POST /api/integrations/teams (a real token and subscription, with Graph's validation
// handshake); each call record names its own client's address. A MutationObserver stamps when the row appears.
// Run: npx tsx bench/teams-capture-latency.ts   (CALLS=50; BENCH_WEB_DIST=/tmp/web-x, a build of the web app;
// BENCH_DATABASE_URL for a PostgreSQL server instead of PGlite)
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { createMicrosoftStandIn } from "../tests/stand-ins/microsoft/server.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { freePort, percentile, signUpCookie, sized, startProcess, stopProcess } from "./lib.mjs";

const CALLS = Number(process.env.CALLS ?? sized(50, 2));
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? "dist/web");
const XHR = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
const label = (i: number) => `Teams Client ${String(i).padStart(4, "0")}`;

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, "index.html"))) throw new Error(`no web build in ${WEB_DIST}: set BENCH_WEB_DIST`);
  const ms = await createMicrosoftStandIn().start();
  const entra = ms.addApp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-teams-"));
  const caFile = path.join(dataDir, "stand-in-ca.pem");
  fs.writeFileSync(caFile, ms.cert);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child } = await startProcess(
    ["--import", "tsx", "src/server/main.ts"],
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dataDir, "data"),
      WEB_DIST_DIR: WEB_DIST,
      LOG_LEVEL: "warn",
      // Every delivery comes through one webhook URL: the per-URL limit (120 a minute) must not refuse any here.
      WEBHOOK_RATE_LIMIT: "1000000",
      MICROSOFT_AUTHORITY_HOST: ms.url,
      MICROSOFT_GRAPH_BASE: ms.url,
      NODE_EXTRA_CA_CERTS: caFile,
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
    const cookie = await signUpCookie(baseUrl, `teams-${Date.now()}@example.test`);
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${baseUrl}${url}`, {
        method: "POST",
        headers: { ...XHR, cookie },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      return response.json();
    };
    for (let i = 0; i < CALLS; i++) await post("/api/clients", { name: label(i), email: `client${i}@teams-bench.test` });
    await post("/api/integrations/teams", { ...entra, enabled: true });

    const context = await browser.newContext({ baseURL: baseUrl });
    const pairs = cookie
      .split("; ")
      .map((pair: string) => pair.split(/=(.*)/s) as [string, string])
      .filter(([, value]: [string, string]) => value);
    await context.addCookies(pairs.map(([name, value]: [string, string]) => ({ name, value, url: baseUrl })));
    const page = await context.newPage();
    await page.goto("/");
    // The Recent Calls card (its list appears with the first call).
    await page.locator('[aria-labelledby="recent-calls-title"]').waitFor();
    await page.waitForLoadState("networkidle");
    // Stamps (Date.now(), the machine's clock, as the sender's) the first time Recent Calls names the armed client.
    await page.evaluate(() => {
      const state = { armed: "", seen: {} as Record<string, number> };
      (window as unknown as { bench: typeof state }).bench = state;
      new MutationObserver(() => {
        const recent = document.querySelector('[aria-labelledby="recent-calls-title"]');
        if (state.armed && recent?.textContent?.includes(state.armed)) state.seen[state.armed] ??= Date.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const latencies: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const end = Date.now();
      const id = randomUUID();
      ms.addCallRecord({
        id,
        startDateTime: new Date(end - 30 * 60_000).toISOString(),
        endDateTime: new Date(end).toISOString(),
        participants_v2: [{ id: "p", identity: { user: { id: `u${i}`, userPrincipalName: `client${i}@teams-bench.test` } } }],
      });
      await page.evaluate((armed) => {
        (window as unknown as { bench: { armed: string } }).bench.armed = armed;
      }, label(i));
      const sent = Date.now();
      const [answer] = await ms.notify(id);
      if (answer?.status !== 202) throw new Error(`notification answered ${answer?.status}: ${answer?.body}`);
      await page.waitForFunction(
        (key) => (window as unknown as { bench: { seen: Record<string, number> } }).bench.seen[key] !== undefined,
        label(i),
        { timeout: 15_000, polling: 50 },
      );
      const seenAt = await page.evaluate(
        (key) => (window as unknown as { bench: { seen: Record<string, number> } }).bench.seen[key]!,
        label(i),
      );
      latencies.push(seenAt - sent);
    }
    const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite";
    console.log(`node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}, ${database}, Chromium headless`);
    console.log(
      `Teams capture latency (Graph notification sent → priced call in Recent Calls), ${latencies.length} calls: p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${Math.max(...latencies)} ms`,
    );
  } finally {
    await browser.close();
    await stopProcess(child);
    await ms.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
