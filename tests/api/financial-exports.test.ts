import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { centsToDecimal } from "../../src/core/money.js";
import { TIMBERLINE_AR_COLUMNS } from "../../src/server/accounting/exports/timberline-import.js";
import { INVOICE_LINE_CSV_COLUMNS } from "../../src/server/accounting/csv-export.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Export CSV and the revenue export (issue 16 §5): one row per invoice line of issued invoices,
 * money as decimals in the account's currency, ISO dates, a header row, formula-safe. Each file is
 * parsed back and compared with the database row by row.
 */
let clock = Date.parse("2026-01-31T15:00:00Z");
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
const FORMULA_CLIENT = '=HYPERLINK("x")';
const QUOTED_CLIENT = 'Müller, "Quotes" & Co';

type DbLine = {
  invoice_number: string;
  status: string;
  issued_on: string;
  due_on: string;
  paid_on: string | null;
  client: string;
  client_email: string | null;
  kind: string;
  work_date: string;
  description: string;
  billed_seconds: number;
  billing_type: string;
  rate_cents: number;
  amount_cents: number;
  total_cents: number;
  currency: string;
};

/** The account's issued invoice lines, read straight from the tables (its own query, not the export's). */
async function dbLines(accountId: number, statuses: string[], from = "1900-01-01"): Promise<DbLine[]> {
  const result = await t.app.db.execute(sql`
    select i.invoice_number, i.status, i.issued_on::text, i.due_on::text,
           to_char(i.paid_at at time zone 'America/New_York', 'YYYY-MM-DD') as paid_on,
           c.name as client, c.email as client_email, it.kind, it.work_date::text, it.description,
           it.billed_seconds, it.billing_type, it.rate_cents, it.amount_cents, i.total_cents, i.currency
    from invoice_items it join invoices i on i.id = it.invoice_id join clients c on c.id = i.client_id
    where i.account_id = ${accountId} and i.status = any(${`{${statuses.join(",")}}`}::text[]) and i.issued_on >= ${from}::date
    order by i.issued_on, i.sequence, it.position, it.id`);
  return (result as unknown as { rows: DbLine[] }).rows;
}

const guarded = (text: string | null) => (text && /^[=+\-@\t\r]/.test(text) ? `'${text}` : (text ?? ""));

/** What the CSV must say for each database line, column by column. */
function expectedRecords(lines: DbLine[]): string[][] {
  const lineNumbers = new Map<string, number>();
  return lines.map((line) => {
    const n = (lineNumbers.get(line.invoice_number) ?? 0) + 1;
    lineNumbers.set(line.invoice_number, n);
    const timed = line.billing_type !== "call";
    const hourly = line.billing_type === "minute" ? line.rate_cents * 60 : line.rate_cents;
    return [
      line.invoice_number,
      line.status,
      line.issued_on,
      line.due_on,
      line.paid_on ?? "",
      guarded(line.client),
      guarded(line.client_email),
      String(n),
      line.kind,
      line.work_date,
      guarded(line.description),
      timed ? String(line.billed_seconds / 60) : "",
      timed ? centsToDecimal(hourly) : "",
      centsToDecimal(line.amount_cents),
      centsToDecimal(line.total_cents),
      line.currency.toUpperCase(),
    ];
  });
}

/** CRLF lines; the byte-order mark (which fetch's text() already drops from a download) is skipped. */
function parseCsv(text: string): string[][] {
  expect(text).toContain("\r\n");
  return parse(text.replace(/^\uFEFF/, ""), { relax_column_count: false }) as string[][];
}

async function logCall(who: TestAccount, clientId: number, startTime: string, duration: number, notes?: string) {
  const response = await who.c.post("/api/calls", { clientId, startTime, duration, callType: "consultation", notes });
  expect(response.status, response.text).toBe(201);
}

async function invoicesFor(who: TestAccount, body: Record<string, unknown>): Promise<{ id: number; clientId: number }[]> {
  const response = await who.c.post("/api/invoices", body);
  expect(response.status, response.text).toBe(201);
  const list = Array.isArray(response.body) ? response.body : (response.body.invoices ?? [response.body]);
  return list.map((invoice: { id: number; clientId: number }) => ({ id: invoice.id, clientId: invoice.clientId }));
}

const markSent = (id: number) => t.app.db.execute(sql`update invoices set status = 'sent', sent_at = now() where id = ${id}`);

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(clock) });
  a = await newAccount(t, { timezone: "America/New_York" });
  b = await newAccount(t);
  expect((await a.c.put("/api/settings", { currency: "eur" })).status).toBe(200);
  // The test walks the clock over two months: a paying account, so tracking never stops at the trial's end.
  await t.app.db.execute(sql`update accounts set subscription_status = 'active', trial_ends_at = null where id = ${a.accountId}`);

  const formula = await buildClient(a.c, { name: FORMULA_CLIENT, email: "formula@example.test" });
  const quoted = await buildClient(a.c, { name: QUOTED_CLIENT, billingRate: "90.00", billingType: "minute" });
  await logCall(a, formula.id, "2026-01-10T14:00:00Z", 1800, "@SUM(A1) review, line 1");
  await logCall(a, formula.id, "2026-01-12T14:00:00Z", 600, 'Call about "the lease"\nsecond line');
  await logCall(a, quoted.id, "2026-01-15T14:00:00Z", 3600);
  // January: one invoice per client, issued 2026-01-31 (New York).
  const january = await invoicesFor(a, { dateFrom: "2026-01-01", dateTo: "2026-01-31" });
  const paid = january.find((invoice) => invoice.clientId === formula.id)!;
  const voided = january.find((invoice) => invoice.clientId === quoted.id)!;
  await markSent(paid.id);
  clock = Date.parse("2026-02-03T15:00:00Z");
  expect((await a.c.post(`/api/invoices/${paid.id}/mark-paid`, {})).status).toBe(200);
  await markSent(voided.id);
  expect((await a.c.post(`/api/invoices/${voided.id}/void`, {})).status).toBe(200);

  // February: a sent invoice and a draft (drafts are not exported).
  clock = Date.parse("2026-02-27T15:00:00Z");
  await logCall(a, quoted.id, "2026-02-10T14:00:00Z", 2700, "Contract draft");
  const february = await invoicesFor(a, { dateFrom: "2026-01-01", dateTo: "2026-02-27", clientId: quoted.id });
  await markSent(february[0]!.id);
  await logCall(a, formula.id, "2026-02-20T14:00:00Z", 900);
  await invoicesFor(a, { dateFrom: "2026-02-01", dateTo: "2026-02-27", clientId: formula.id });
  // 02:00 UTC on 1 March is still 28 February in New York: the file names use the account's day.
  clock = Date.parse("2026-03-01T02:00:00Z");
});
afterAll(async () => t?.close());

describe("POST /api/financial-integrations/export", () => {
  it("answers every issued invoice's lines, one row each, equal to the database, void ones marked void", async () => {
    const response = await a.c.post("/api/financial-integrations/export", { format: "csv" });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.filename).toBe("financial-export-2026-02-28.csv");
    // A byte-order mark first, so spreadsheets read "Müller" right.
    expect(response.body.data.startsWith("\uFEFF")).toBe(true);
    const [header, ...records] = parseCsv(response.body.data);
    expect(header).toEqual([...INVOICE_LINE_CSV_COLUMNS]);
    const lines = await dbLines(a.accountId, ["sent", "paid", "void"]);
    expect(new Set(lines.map((line) => line.status))).toEqual(new Set(["sent", "paid", "void"]));
    expect(records).toEqual(expectedRecords(lines));
    expect(response.body.rows).toBe(lines.length);
    expect(lines.length).toBeGreaterThanOrEqual(4);
  });

  it("keeps a formula-looking client name as text (apostrophe guard), and quotes commas, quotes and line breaks", async () => {
    const { data } = (await a.c.post("/api/financial-integrations/export", { format: "csv" })).body;
    const records = parseCsv(data).slice(1);
    const clients = records.map((record) => record[5]);
    expect(clients).toContain(`'${FORMULA_CLIENT}`);
    expect(clients).toContain(QUOTED_CLIENT);
    expect(clients).not.toContain(FORMULA_CLIENT);
    expect(records.some((record) => record[10]!.includes('"the lease" second line'))).toBe(true);
    expect(records.every((record) => record[15] === "EUR")).toBe(true);
    expect(records.every((record) => /^\d+\.\d{2}$/.test(record[13]!))).toBe(true);
  });

  it("filters by issue date", async () => {
    const response = await a.c.post("/api/financial-integrations/export", { format: "csv", dateRange: { from: "2026-02-01" } });
    const records = parseCsv(response.body.data).slice(1);
    expect(records).toEqual(expectedRecords(await dbLines(a.accountId, ["sent", "paid", "void"], "2026-02-01")));
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((record) => record[2]! >= "2026-02-01")).toBe(true);
  });

  it("another account's export holds only the header", async () => {
    const response = await b.c.post("/api/financial-integrations/export", { format: "csv" });
    expect(parseCsv(response.body.data)).toEqual([[...INVOICE_LINE_CSV_COLUMNS]]);
    expect(response.body.rows).toBe(0);
  });

  it("refuses other formats and bad ranges with a message, and needs a session", async () => {
    for (const body of [{ format: "xlsx" }, {}, { format: "csv", dateRange: { from: "2026-03-01", to: "2026-02-01" } }]) {
      const response = await expectNothingChanged(t.app.db, () => a.c.post("/api/financial-integrations/export", body));
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/format must be csv|From must be on or before To/);
    }
    expect((await t.client().post("/api/financial-integrations/export", { format: "csv" })).status).toBe(401);
  });
});

describe("GET /api/financial-integrations/export/revenue", () => {
  it("downloads revenue-export-{the account's today}.csv: sent and paid lines, void ones left out", async () => {
    const response = await a.c.get("/api/financial-integrations/export/revenue");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="revenue-export-2026-02-28.csv"');
    const [header, ...records] = parseCsv(response.text);
    expect(header).toEqual([...INVOICE_LINE_CSV_COLUMNS]);
    expect(records).toEqual(expectedRecords(await dbLines(a.accountId, ["sent", "paid"])));
    expect(records.some((record) => record[1] === "void")).toBe(false);
    const total = records.reduce((sum, record) => sum + Math.round(Number(record[13]) * 100), 0);
    const fromDb = await t.app.db.execute(
      sql`select coalesce(sum(it.amount_cents), 0)::int as cents from invoice_items it join invoices i on i.id = it.invoice_id where i.account_id = ${a.accountId} and i.status in ('sent', 'paid')`,
    );
    expect(total).toBe((fromDb as unknown as { rows: { cents: number }[] }).rows[0]!.cents);
  });

  it("takes from and to, and refuses a reversed range", async () => {
    const january = await a.c.get("/api/financial-integrations/export/revenue?from=2026-01-01&to=2026-01-31");
    const records = parseCsv(january.text).slice(1);
    expect(records.every((record) => record[2] === "2026-01-31" && record[1] === "paid")).toBe(true);
    expect(records.length).toBe(2);
    const reversed = await a.c.get("/api/financial-integrations/export/revenue?from=2026-02-01&to=2026-01-01");
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe("From must be on or before To");
    expect((await t.client().get("/api/financial-integrations/export/revenue")).status).toBe(401);
  });
});

describe("GET /api/financial-integrations/{id}/import-file (Timberline)", () => {
  it("downloads the AR import file: one row per line of sent and paid invoices, equal to the database", async () => {
    const saved = await a.c.post("/api/financial-integrations", {
      integrationId: "timberline",
      config: { serverName: "SQL01", databaseName: "CRE_AR", username: "ar_import", password: "timberline-pw" },
    });
    expect(saved.status).toBe(201);
    const response = await a.c.get(`/api/financial-integrations/${saved.body.integration.id}/import-file`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="timberline-ar-import-2026-02-28.csv"');
    const [header, ...records] = parseCsv(response.text);
    expect(header).toEqual([...TIMBERLINE_AR_COLUMNS]);
    const lines = await dbLines(a.accountId, ["sent", "paid"]);
    expect(records.map((record) => [record[1], record[2], record[7], record[10], record[11]])).toEqual(
      lines.map((line) => [
        guarded(line.client),
        line.invoice_number,
        centsToDecimal(line.amount_cents),
        centsToDecimal(line.total_cents),
        line.currency.toUpperCase(),
      ]),
    );
    const february = await a.c.get(`/api/financial-integrations/${saved.body.integration.id}/import-file?from=2026-02-01`);
    expect(
      parseCsv(february.text)
        .slice(1)
        .every((record) => record[3] === "02/27/2026"),
    ).toBe(true);
  });

  it("is Timberline's only (409), another account's id is a 404, and a reversed range a 400", async () => {
    const csv = await a.c.post("/api/financial-integrations", { integrationId: "csv", config: {} });
    const other = await a.c.get(`/api/financial-integrations/${csv.body.integration.id}/import-file`);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe("CSV Export has no import file: use Sync Now or Export CSV.");
    const timberline = (await a.c.get("/api/financial-integrations")).body.find(
      (record: { integrationId: string }) => record.integrationId === "timberline",
    );
    expect((await b.c.get(`/api/financial-integrations/${timberline.id}/import-file`)).status).toBe(404);
    const reversed = await a.c.get(`/api/financial-integrations/${timberline.id}/import-file?from=2026-02-01&to=2026-01-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe("From must be on or before To");
  });
});

describe("formula-shaped client names in every export (issue 23 defect 6)", () => {
  /** What the probe named its clients: a `;`-split formula and the full-width equals sign. */
  const HOSTILE = [";=1+1;", "\uFF1D1+1", "Smith,=1+1"];
  const TRIGGERS = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

  /** Every piece a spreadsheet splitting on this separator would make, without the quotes around it. */
  const piecesOf = (text: string, separator: string) =>
    text.split(/\r\n/).flatMap((line) => line.split(separator).map((piece) => piece.replace(/^"+/, "")));

  it("the CSV, revenue and Timberline files keep each name as text, whatever the reader splits on", async () => {
    const d = await newAccount(t);
    await t.app.db.execute(
      sql`update accounts set subscription_status = 'active', trial_ends_at = null where id = ${d.accountId}`,
    );
    for (const name of HOSTILE) {
      const client = await buildClient(d.c, { name });
      await logCall(d, client.id, "2026-02-20T14:00:00Z", 900);
    }
    for (const invoice of await invoicesFor(d, { dateFrom: "2026-02-01", dateTo: "2026-02-27" })) await markSent(invoice.id);
    const timberline = await d.c.post("/api/financial-integrations", {
      integrationId: "timberline",
      config: { serverName: "SQL01", databaseName: "CRE_AR", username: "ar_import", password: "timberline-pw" },
    });
    const files = {
      csv: (await d.c.post("/api/financial-integrations/export", { format: "csv" })).body.data as string,
      revenue: (await d.c.get("/api/financial-integrations/export/revenue")).text,
      timberline: (await d.c.get(`/api/financial-integrations/${timberline.body.integration.id}/import-file`)).text,
    };
    for (const [file, text] of Object.entries(files)) {
      const clientColumn = file === "timberline" ? 1 : 5;
      const names = parseCsv(text)
        .slice(1)
        .map((record) => record[clientColumn]);
      expect(new Set(names), file).toEqual(new Set([";'=1+1;", "'\uFF1D1+1", "Smith,'=1+1"]));
      for (const separator of [",", ";", "\t"])
        expect(
          piecesOf(text.replace(/^\uFEFF/, ""), separator).filter((piece) => TRIGGERS.test(piece)),
          `${file} split on ${JSON.stringify(separator)}`,
        ).toEqual([]);
    }
  });
});
