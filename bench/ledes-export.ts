// LEDES export of a 1,000-line invoice (issue 28), timed as a ratio to the PDF of the same invoice
// in the same run: each round loads, builds, writes and validates the file (buildLedesFile, what the
// download does) for both formats, and loads and renders the PDF (what GET …/pdf does), in turn.
// Run: npx tsx bench/ledes-export.ts   (PGlite in memory; BENCH_DATABASE_URL for a PostgreSQL server)
import { randomBytes } from "node:crypto";
import os from "node:os";
import { eq } from "drizzle-orm";
import { priceDuration } from "../src/core/pricing/price.js";
import { LITIGATION_CODES } from "../src/core/ledes/utbms.js";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { accounts, calls, clients, users } from "../src/server/db/schema/index.js";
import { createInvoicesForPeriod } from "../src/server/invoices/create-invoices-for-period.js";
import { loadInvoiceDocument } from "../src/server/invoices/pdf/load-invoice-document.js";
import { renderInvoicePdf } from "../src/server/invoices/pdf/render-invoice-pdf.js";
import { buildLedesFile } from "../src/server/legal-billing/check-ledes.js";
import { updateClientLegal } from "../src/server/legal-billing/client-legal.js";
import { updateLegalBillingSettings } from "../src/server/legal-billing/legal-settings.js";
import { createMatter } from "../src/server/legal-billing/matters.js";
import { migratedTemplate } from "./migrated-template.js";
import { insertBenchOwner } from "./bench-owner.js";
import { serverDatabase } from "./server-database.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { sized } from "./lib.mjs";

const LINES = sized(1000, 20);
const ROUNDS = Number(process.env.LEDES_ROUNDS ?? sized(15, 1));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = process.env.BENCH_DATABASE_URL ? await serverDatabase(process.env.BENCH_DATABASE_URL) : null;
const config = loadConfig(
  { LOG_LEVEL: "silent", SECRETS_KEY: randomBytes(32).toString("base64") },
  { databaseUrl: server?.url, inMemoryDatabase: !server, pgliteTemplate: server ? undefined : await migratedTemplate() },
);
const app = await buildApp(config);
try {
  const db = app.db;
  const { accountId, userId } = await insertBenchOwner(db);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!user || !account) throw new Error("bench owner missing");
  const now = new Date("2026-02-10T12:00:00Z");
  await updateLegalBillingSettings(db, {
    accountId,
    user,
    now,
    input: { enabled: true, lawFirmId: "12-3456789", timekeeperId: "BM", timekeeperName: null, timekeeperClassification: "PT" },
  });
  const [client] = await db.insert(clients).values({ accountId, name: "Acme Corp", email: "gc@acme.example" }).returning();
  if (!client) throw new Error("client insert failed");
  const matter = await createMatter(db, {
    accountId,
    clientId: client.id,
    now,
    input: { lawFirmMatterId: "M-100", clientMatterId: "ACME-7", description: "Acme v. Widget" },
  });
  await updateClientLegal(db, {
    accountId,
    clientId: client.id,
    now,
    input: { ledesClientId: "ACME", defaultMatterId: matter.id, defaultTaskCode: "L120", defaultActivityCode: null },
  });
  const tasks = LITIGATION_CODES.filter((code) => !code.isPhase);
  const rows = Array.from({ length: LINES }, (_, i) => {
    const durationSeconds = 300 + ((i * 97) % 3300);
    const rules = {
      rateCents: 15000 + (i % 5) * 2500,
      billingType: "hour" as const,
      minimumBillingMinutes: 0,
      roundingIncrementMinutes: 1 as const,
    };
    const priced = priceDuration(durationSeconds, rules);
    const startedAt = new Date(Date.UTC(2026, 0, 1 + (i % 31), 8 + (i % 10), (i * 7) % 60));
    return {
      accountId,
      clientId: client.id,
      userId,
      platform: "zoom",
      callType: "consultation",
      notes: `Call ${i + 1} about ${tasks[i % tasks.length]?.name}`,
      startedAt,
      endedAt: new Date(startedAt.getTime() + durationSeconds * 1000),
      durationSeconds,
      ...rules,
      ...priced,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(calls).values(rows.slice(i, i + 500));
  const { invoices } = await createInvoicesForPeriod(db, {
    account,
    now,
    input: { dateFrom: "2026-01-01", dateTo: "2026-01-31", clientId: client.id, template: "professional" },
  });
  const invoiceId = invoices[0]?.id;
  if (invoiceId === undefined || invoices[0]?.totalCalls !== LINES) throw new Error("generation failed");

  const times = { ledes1998b: [] as number[], ledesxml21: [] as number[], pdf: [] as number[] };
  let sizes = { ledes1998b: 0, ledesxml21: 0, pdf: 0 };
  for (let round = 0; round <= ROUNDS; round += 1) {
    for (const format of ["ledes1998b", "ledesxml21"] as const) {
      const started = performance.now();
      const { file, issues } = await buildLedesFile(db, { accountId, invoiceId, format });
      const took = performance.now() - started;
      if (issues.length > 0) throw new Error(`${format}: ${issues[0]?.message}`);
      sizes = { ...sizes, [format]: file.text.length };
      if (round > 0) times[format].push(took);
    }
    const started = performance.now();
    const pdf = await renderInvoicePdf(await loadInvoiceDocument(db, { accountId, invoiceId, user }));
    const took = performance.now() - started;
    sizes = { ...sizes, pdf: pdf.length };
    if (round > 0) times.pdf.push(took);
  }
  const pdfMedian = median(times.pdf);
  const result = {
    lines: LINES,
    rounds: ROUNDS,
    database: server ? "PostgreSQL server" : "PGlite (in memory)",
    medianMs: {
      ledes1998b: +median(times.ledes1998b).toFixed(1),
      ledesxml21: +median(times.ledesxml21).toFixed(1),
      pdf: +pdfMedian.toFixed(1),
    },
    ratioToPdf: {
      ledes1998b: +(median(times.ledes1998b) / pdfMedian).toFixed(2),
      ledesxml21: +(median(times.ledesxml21) / pdfMedian).toFixed(2),
    },
    bytes: sizes,
    load1: +os.loadavg()[0]!.toFixed(1),
    cpus: os.cpus().length,
    node: process.version,
    date: new Date().toISOString().slice(0, 10),
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await app.close();
  await server?.drop();
}
