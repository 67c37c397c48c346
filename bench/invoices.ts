// Invoice figures (issue 5): an invoice from 1,000 calls with its PDF over HTTP (< 1 s), a
// 10-line PDF (< 50 ms), and the same 10-line invoice printed to PDF by headless Chromium from
// equivalent HTML, in the same run, as the baseline (ours should be ≥ 10× faster).
// Run: npx tsx bench/invoices.ts   (PGlite in memory; BENCH_DATABASE_URL for a PostgreSQL server)
import { randomBytes } from "node:crypto";
import os from "node:os";
import { chromium } from "playwright-core";
import { priceDuration } from "../src/core/pricing/price.js";
import { formatDurationHms, formatHoursMinutes } from "../src/core/duration.js";
import { formatMoney } from "../src/core/money.js";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { calls, clients } from "../src/server/db/schema/index.js";
import type { InvoiceDocument } from "../src/server/invoices/pdf/invoice-document.js";
import { renderInvoicePdf } from "../src/server/invoices/pdf/render-invoice-pdf.js";
import { migratedTemplate } from "./migrated-template.js";
import { serverDatabase } from "./server-database.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { sized } from "./lib.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CALLS: number = sized(1000, 20);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0, n: sorted.length };
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The 10-line invoice both renderers draw. */
function tenLineDocument(): InvoiceDocument {
  const lines = Array.from({ length: 10 }, (_, i) => {
    const durationSeconds = 900 + i * 240;
    const priced = priceDuration(durationSeconds, { rateCents: 15000, billingType: "hour", minimumBillingMinutes: 0, roundingIncrementMinutes: 6 });
    return {
      date: `2026-01-${String(i + 2).padStart(2, "0")}`,
      kind: "call" as const,
      description: i % 3 === 0 ? "Consultation call via Zoom — Contract review, clauses 4–9" : "Follow-up call via Phone",
      durationSeconds,
      billedSeconds: priced.billedSeconds,
      rateCents: 15000,
      billingType: "hour" as const,
      amountCents: priced.amountCents,
    };
  });
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  return {
    template: "professional",
    status: "draft",
    invoiceNumber: "INV-0042",
    issueDate: "2026-02-01",
    dueDate: "2026-03-03",
    dateFrom: "2026-01-01",
    dateTo: "2026-01-31",
    paymentTermsDays: 30,
    currency: "usd",
    firm: { name: "Lovelace & Partners LLP", contactName: "Ada Lovelace", email: "ada@lovelace.law", phone: "+1 555-201-7788" },
    client: { name: "Acme Holdings Inc.", company: "Acme Group", email: "billing@acme.example", phone: "+1 555-010-2000", address: "1200 Market Street, San Francisco, CA 94103" },
    lines,
    subtotalCents: total,
    totalCents: total,
    totalCalls: 10,
    totalEmails: 0,
  };
}

const esc = (text: string) => text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch);

/** The same invoice as the HTML an HTML-to-PDF product would print (professional look, same content). */
function invoiceHtml(doc: InvoiceDocument): string {
  const money = (cents: number) => formatMoney(cents, doc.currency);
  const rows = doc.lines
    .map(
      (line, i) => `<tr class="${i % 2 ? "z" : ""}"><td>${line.date}</td><td>${esc(line.description)}</td><td class="r">${formatDurationHms(line.durationSeconds)}</td>
      <td class="r">${formatHoursMinutes(line.billedSeconds)}</td><td class="r">${money(line.rateCents)}/hour</td><td class="r b">${money(line.amountCents)}</td></tr>`,
    )
    .join("");
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  @page { size: Letter; margin: 0 } body { margin: 0; font: 9pt Helvetica, Arial, sans-serif; color: #111827 }
  .band { background: #1f3a5f; color: #fff; padding: 36px 50px; display: flex; justify-content: space-between }
  .band h1 { font: bold 22pt Times, serif; margin: 0 } .band .inv { font: bold 24pt Helvetica; letter-spacing: 3px }
  .sub { color: #c9d5e6; margin-top: 10px } .wrap { padding: 30px 50px } .cols { display: flex; justify-content: space-between }
  table { width: 100%; border-collapse: collapse; margin-top: 26px } th { background: #eef2f7; color: #1f3a5f; text-align: left; font-size: 7.5pt; text-transform: uppercase; padding: 6px }
  td { padding: 6px; border-bottom: 1px solid #e5e7eb } .z td { background: #f8fafc } .r { text-align: right } .b { font-weight: bold }
  .total { margin-left: auto; width: 230px; margin-top: 18px } .bar { background: #1f3a5f; color: #fff; display: flex; justify-content: space-between; padding: 10px 12px; font-weight: bold }
  </style></head><body>
  <div class="band"><div><h1>${esc(doc.firm.name)}</h1><div class="sub">${esc(doc.firm.contactName ?? "")} · ${esc(doc.firm.email ?? "")} · ${esc(doc.firm.phone ?? "")}</div></div>
  <div><div class="inv">INVOICE</div><div class="sub">${doc.invoiceNumber}</div></div></div>
  <div class="wrap"><div class="cols"><div><b>BILL TO</b><br>${esc(doc.client.name)}<br>${esc(doc.client.company ?? "")}<br>${esc(doc.client.address ?? "")}<br>${esc(doc.client.email ?? "")}</div>
  <div>Invoice date ${doc.issueDate}<br>Due date ${doc.dueDate}<br>Service period ${doc.dateFrom} – ${doc.dateTo}<br>Payment terms Net ${doc.paymentTermsDays} days</div></div>
  <table><thead><tr><th>Date</th><th>Description</th><th class="r">Duration</th><th class="r">Billed</th><th class="r">Rate</th><th class="r">Amount</th></tr></thead><tbody>${rows}</tbody></table>
  <div class="total"><div style="display:flex;justify-content:space-between;padding:6px 12px"><span>Subtotal</span><span>${money(doc.subtotalCents)}</span></div>
  <div class="bar"><span>Total due (USD)</span><span>${money(doc.totalCents)}</span></div></div>
  <p>Net ${doc.paymentTermsDays}. Please pay ${money(doc.totalCents)} by ${doc.dueDate}, quoting invoice ${doc.invoiceNumber}. Thank you for your business.</p></div></body></html>`;
}

async function benchPdfkit(doc: InvoiceDocument) {
  for (let i = 0; i < sized(20, 1); i += 1) await renderInvoicePdf(doc);
  const samples: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < sized(200, 2); i += 1) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const pdf = await renderInvoicePdf(doc);
    const used = process.cpuUsage(cpuStarted);
    samples.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
    bytes = pdf.length;
  }
  return { ...stats(samples), cpuMedian: stats(cpu).median, bytes };
}

/**
 * Three ways HTML-to-PDF products run Chromium, fastest first: one page reused for every PDF
 * (the most favourable case), a new page per PDF in a warm browser (what a browser pool does),
 * and a browser launched per PDF (serverless style). The headline ratio uses the middle one.
 */
async function benchChromium(doc: InvoiceDocument) {
  const html = invoiceHtml(doc);
  const args = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];
  const print = async (page: import("playwright-core").Page) => {
    await page.setContent(html);
    return page.pdf({ format: "Letter", printBackground: true });
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args });
  let bytes = 0;
  const reused: number[] = [];
  const perPage: number[] = [];
  try {
    const page = await browser.newPage();
    for (let i = 0; i < sized(5, 1); i += 1) await print(page);
    for (let i = 0; i < sized(40, 2); i += 1) {
      const started = performance.now();
      bytes = (await print(page)).length;
      reused.push(performance.now() - started);
    }
    await page.close();
    for (let i = 0; i < sized(40, 2); i += 1) {
      const started = performance.now();
      const fresh = await browser.newPage();
      await print(fresh);
      await fresh.close();
      perPage.push(performance.now() - started);
    }
  } finally {
    await browser.close();
  }
  const cold: number[] = [];
  for (let i = 0; i < sized(5, 1); i += 1) {
    const started = performance.now();
    const once = await chromium.launch({ executablePath: CHROMIUM, headless: true, args });
    await print(await once.newPage());
    await once.close();
    cold.push(performance.now() - started);
  }
  return { reused: stats(reused), perPage: stats(perPage), cold: stats(cold), bytes };
}

/** 1,000 calls for a fresh client of the account, written straight into the database. */
async function seedCalls(app: Awaited<ReturnType<typeof buildApp>>, accountId: number, count: number): Promise<number> {
  const [client] = await app.db.insert(clients).values({ accountId, name: `Client ${randomBytes(3).toString("hex")}`, email: "ap@client.example" }).returning();
  const rows = Array.from({ length: count }, (_, i) => {
    const durationSeconds = 300 + ((i * 97) % 3300);
    const priced = priceDuration(durationSeconds, { rateCents: 15000, billingType: "hour", minimumBillingMinutes: 0, roundingIncrementMinutes: 6 });
    const startedAt = new Date(Date.UTC(2026, 0, 1 + (i % 31), 8 + (i % 10), (i * 7) % 60));
    return {
      accountId,
      clientId: client!.id,
      platform: "zoom",
      callType: "consultation",
      notes: `Matter ${i + 1}`,
      startedAt,
      endedAt: new Date(startedAt.getTime() + durationSeconds * 1000),
      durationSeconds,
      billedSeconds: priced.billedSeconds,
      rateCents: 15000,
      billingType: "hour",
      roundingIncrementMinutes: 6,
      amountCents: priced.amountCents,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await app.db.insert(calls).values(rows.slice(i, i + 500));
  return client!.id;
}


async function benchThousandCalls() {
  const server = process.env.BENCH_DATABASE_URL ? await serverDatabase(process.env.BENCH_DATABASE_URL) : null;
  const config = loadConfig(
    { LOG_LEVEL: "silent", SECRETS_KEY: randomBytes(32).toString("base64") },
    { databaseUrl: server?.url, inMemoryDatabase: !server, pgliteTemplate: server ? undefined : await migratedTemplate() },
  );
  const app = await buildApp(config);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const json = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
  try {
    const started = await fetch(`${base}/api/auth/create-subscription`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ firstName: "Bench", lastName: "Mark", email: `bench-${Date.now()}@example.test`, password: "benchmark", plan: "individual", billingCycle: "monthly" }),
    });
    const signup = started.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const done = await fetch(`${base}/api/auth/complete-registration`, { method: "POST", headers: { ...json, cookie: signup } });
    const cookie = done.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { accountId } = (await done.json()) as { accountId: number };

    const generate: number[] = [];
    const pdf: number[] = [];
    const total: number[] = [];
    let pages = 0;
    for (let run = 0; run < sized(6, 2); run += 1) {
      const clientId = await seedCalls(app, accountId, CALLS);
      const t0 = performance.now();
      const created = await fetch(`${base}/api/invoices`, {
        method: "POST",
        headers: { ...json, cookie },
        body: JSON.stringify({ dateFrom: "2026-01-01", dateTo: "2026-01-31", clientId, template: "professional" }),
      });
      const body = (await created.json()) as { invoices: { id: number; totalCalls: number }[] };
      if (created.status !== 201 || body.invoices[0]?.totalCalls !== CALLS) throw new Error(`generation failed: ${created.status} ${JSON.stringify(body)}`);
      const t1 = performance.now();
      const file = await fetch(`${base}/api/invoices/${body.invoices[0].id}/pdf`, { headers: { cookie } });
      const bytes = Buffer.from(await file.arrayBuffer());
      const t2 = performance.now();
      pages = (bytes.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
      if (run === 0) continue; // warm-up
      generate.push(t1 - t0);
      pdf.push(t2 - t1);
      total.push(t2 - t0);
    }
    return { generate: stats(generate), pdf: stats(pdf), total: stats(total), pages, database: config.databaseUrl ? "PostgreSQL server" : "PGlite (in memory)" };
  } finally {
    await app.close();
    await server?.drop();
  }
}

const doc = tenLineDocument();
const thousand = await benchThousandCalls();
const ours = await benchPdfkit(doc);
const chrome = await benchChromium(doc);
const ratio = chrome.perPage.median / ours.median;
const ratioReused = chrome.reused.median / ours.median;
const [load1] = os.loadavg();

console.log(`machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"}, node ${process.version}, ${new Date().toISOString().slice(0, 10)}, load average ${load1?.toFixed(1)}`);
console.log(`\n1,000-call invoice over HTTP (${thousand.database}, professional template, ${thousand.pages} pages), 5 runs after 1 warm-up:`);
console.log(`  POST /api/invoices (1,000 lines)      median ${ms(thousand.generate.median)}  max ${ms(thousand.generate.max)}`);
console.log(`  GET  /api/invoices/{id}/pdf           median ${ms(thousand.pdf.median)}  max ${ms(thousand.pdf.max)}`);
console.log(`  generate + PDF                        median ${ms(thousand.total.median)}  max ${ms(thousand.total.max)}   target < 1000 ms: ${thousand.total.median < 1000 ? "met" : "MISSED"}`);
console.log("\n10-line invoice to PDF:");
console.log(`  pdfkit (ours), 200 runs               median ${ms(ours.median)}  p95 ${ms(ours.p95)}  CPU median ${ms(ours.cpuMedian)}  (${ours.bytes} bytes)   target < 50 ms: ${ours.p95 < 50 ? "met" : "MISSED"}`);
console.log(`  Chromium, page reused, 40 runs        median ${ms(chrome.reused.median)}  p95 ${ms(chrome.reused.p95)}  (${chrome.bytes} bytes)`);
console.log(`  Chromium, new page per PDF, 40 runs   median ${ms(chrome.perPage.median)}  p95 ${ms(chrome.perPage.p95)}`);
console.log(`  Chromium, launch per PDF, 5 runs      median ${ms(chrome.cold.median)}`);
console.log(`  ratio, new page per PDF / pdfkit      ${ratio.toFixed(1)}×   target ≥ 10×: ${ratio >= 10 ? "met" : "MISSED"}`);
console.log(`  ratio, page reused / pdfkit           ${ratioReused.toFixed(1)}×`);
console.log(`  ratio, launch per PDF / pdfkit        ${(chrome.cold.median / ours.median).toFixed(0)}×`);
console.log(`INVOICE_BENCH ${JSON.stringify({ thousand, pdfkit: ours, chromium: chrome, ratio: Number(ratio.toFixed(1)) })}`);
