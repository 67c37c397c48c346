// The JavaScript a visitor downloads on each public page (issue 3 budget: at most 100 KB gzip on the
// landing page), measured by loading the pages in Debian Chromium against the built server and
// adding up the scripts it actually fetched. Baselines in the same run: what a signed-in user's
// browser downloads for the dashboard at "/" (the signed-in app), and all the app's JavaScript, so
// the ratios show how much of the app a visitor is spared. Fails if over budget, or if any
// signed-in screen's chunk is downloaded by a signed-out visitor.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { freePort, machine, signUpCookie, startProcess, stopProcess } from "./lib.mjs";

const BUDGET_GZIP_BYTES = 100 * 1024;
// WEB_DIST_DIR serves a copy of the build (so a rebuild by someone else mid-run cannot change it).
const WEB_DIST = path.resolve(process.env.WEB_DIST_DIR ?? "dist/web");
const PAGES = ["/", "/features", "/pricing", "/company", "/coming-soon", "/waitlist", "/auth"];
// Chunks of the signed-in app (src/web/shell and the signed-in pages of src/web/routes.tsx).
const SIGNED_IN_CHUNKS =
  /^(signed-in-app|app-shell|dashboard-page|clients-page|client-detail-page|client-log-page|invoices-page|emails-page|financial-integrations-page|phone-integration-page|payments-page|platform-detection-page|waitlist-admin-page|settings-page)-/;

if (!fs.existsSync(path.join(WEB_DIST, "index.html")) || !fs.existsSync("dist/server/main.js")) {
  console.error("Build first: npm run build");
  process.exit(1);
}

/** Gzip size of a built file as the server sends it (the precompressed .gz, else compressed here). */
function gzipSize(file) {
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}
function brotliSize(file) {
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  return zlib.brotliCompressSync(fs.readFileSync(file)).length;
}
const kb = (bytes) => (bytes / 1024).toFixed(1);

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-landing-js-"));
const baseUrl = `http://127.0.0.1:${port}`;
const { child } = await startProcess(
  ["dist/server/main.js"],
  { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, WEB_DIST_DIR: WEB_DIST },
  `${baseUrl}/api/health`,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

const results = [];
let signedInApp = null;
let failed = false;
try {
  for (const pagePath of [...PAGES, "signed-in /"]) {
    const signedIn = pagePath === "signed-in /";
    const context = await browser.newContext();
    if (signedIn) {
      const pairs = (await signUpCookie(baseUrl)).split("; ").map((pair) => pair.split(/=(.*)/s));
      await context.addCookies(pairs.map(([name, value]) => ({ name, value, url: baseUrl, httpOnly: true, sameSite: "Lax" })));
    }
    const page = await context.newPage();
    const scripts = new Set();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(baseUrl + (signedIn ? "/" : pagePath), { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await context.close();
    const files = [...scripts].map((p) => path.join(WEB_DIST, p));
    const gzip = files.reduce((sum, f) => sum + gzipSize(f), 0);
    const brotli = files.reduce((sum, f) => sum + brotliSize(f), 0);
    const signedInChunks = [...scripts].map((p) => path.basename(p)).filter((name) => SIGNED_IN_CHUNKS.test(name));
    if (signedIn) {
      signedInApp = { count: files.length, gzip, brotli, chunks: signedInChunks.length };
      if (!signedInChunks.length) failed = true; // the pattern no longer matches the chunk names
      continue;
    }
    results.push({ pagePath, count: files.length, gzip, brotli, signedIn: signedInChunks });
    if (signedInChunks.length) failed = true;
    if (pagePath === "/" && gzip > BUDGET_GZIP_BYTES) failed = true;
  }
} finally {
  await browser.close();
  await stopProcess(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const allJs = fs
  .readdirSync(path.join(WEB_DIST, "assets"))
  .filter((f) => f.endsWith(".js"))
  .reduce((sum, f) => sum + gzipSize(path.join(WEB_DIST, "assets", f)), 0);

console.log(`\nPublic pages' JavaScript, ${machine()}`);
console.log(`Whole app's JavaScript (baseline): ${kb(allJs)} KB gzip`);
console.log(
  `Signed-in dashboard at "/" (baseline): ${signedInApp.count} scripts, ${kb(signedInApp.gzip)} KB gzip, ${kb(signedInApp.brotli)} KB brotli, ${signedInApp.chunks} signed-in chunks\n`,
);
console.log("| page | scripts | gzip KB | brotli KB | share of all JS | share of the signed-in dashboard's | signed-in chunks |");
console.log("|---|---|---|---|---|---|---|");
for (const r of results) {
  console.log(
    `| ${r.pagePath} | ${r.count} | ${kb(r.gzip)} | ${kb(r.brotli)} | ${((r.gzip / allJs) * 100).toFixed(0)}% | ${((r.gzip / signedInApp.gzip) * 100).toFixed(0)}% | ${r.signedIn.length ? r.signedIn.join(", ") : "none"} |`,
  );
}
const landing = results.find((r) => r.pagePath === "/");
console.log(
  `\nLanding page: ${kb(landing.gzip)} KB gzip of a ${kb(BUDGET_GZIP_BYTES)} KB budget (${((landing.gzip / BUDGET_GZIP_BYTES) * 100).toFixed(0)}%).`,
);
if (failed) {
  console.error("FAILED: over budget, or a signed-out visitor downloaded the signed-in app.");
  process.exit(1);
}
