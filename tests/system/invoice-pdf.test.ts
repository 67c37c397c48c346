import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_TEMPLATES } from "../../src/core/invoices.js";
import type { ApiClient } from "../helpers/api-client.js";
import { buildCall, buildCalls, buildClient, buildEmail, newAccount } from "../helpers/factories.js";
import { startSmtpCapture } from "../helpers/smtp-capture.js";
import { joinAs } from "../helpers/team.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The PDF as a reader sees it: poppler's pdftotext (Debian poppler-utils) must find the invoice
 * number, the client, every line and the total in each template; and the mailed invoice, received
 * by a real SMTP server in this process, must carry the same PDF.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-pdf-"));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ smtp: { url: smtp.url, from: "Lovelace Billing <billing@lovelace.test>" } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function pdfToText(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  // -raw keeps each text run in content order, so a line's cells stay together.
  return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

async function seededAccount(): Promise<{ c: ApiClient; accountId: number; clientId: number }> {
  const who = await newAccount(t, { firstName: "Ada", lastName: "Lovelace" });
  const { c } = who;
  expect((await c.put("/api/settings", { firmName: "Lovelace & Partners LLP" })).status).toBe(200);
  // 6-minute rounding on the client: its calls' lines show rounded-up time.
  const client = await buildClient(c, {
    name: "Müller Holdings GmbH",
    company: "Müller Group",
    email: "ap@mueller.example",
    address: "Hauptstraße 5, 10115 Berlin",
    roundingIncrementMinutes: 6,
  });
  await buildCall(who, {
    clientId: client.id,
    startedAt: "2026-01-05T14:00:00Z",
    durationSeconds: 1830,
    notes: "Contract review",
  });
  // Two calls priced by other rules than the client's, so the PDF shows per-minute and per-call rates.
  await buildCall(who, {
    clientId: client.id,
    startedAt: "2026-01-12T09:00:00Z",
    durationSeconds: 720,
    rules: { rateCents: 400, billingType: "minute", roundingIncrementMinutes: 6 },
    callType: "follow-up",
    platform: "phone",
  });
  await buildCall(who, {
    clientId: client.id,
    startedAt: "2026-01-20T16:00:00Z",
    rules: { rateCents: 5000, billingType: "call" },
    callType: "meeting",
  });
  await buildEmail(who, {
    clientId: client.id,
    createdAt: "2026-01-21T10:00:00Z",
    seconds: 1080,
    subject: "Re: Draft settlement",
  });
  return { c, accountId: who.accountId, clientId: client.id };
}

const squash = (text: string) => text.replace(/\s+/g, " ");

describe.each(INVOICE_TEMPLATES)("the %s template", (template) => {
  it("prints the number, firm, client, every line with its amount, the dates and the total", async () => {
    const { c, clientId } = await seededAccount();
    const created = await c.post("/api/invoices", { dateFrom: "2026-01-01", dateTo: "2026-01-31", clientId, template });
    expect(created.status, created.text).toBe(201);
    const invoice = created.body.invoices[0];
    const detail = await c.get(`/api/invoices/${invoice.id}`);
    expect(detail.body.items).toHaveLength(4);

    const response = await fetch(`${t.baseUrl}/api/invoices/${invoice.id}/pdf`, {
      headers: { cookie: `minutely_session=${c.cookie("minutely_session")}` },
    });
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = squash(pdfToText(Buffer.from(await response.arrayBuffer()), `${template}-${invoice.id}`));

    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain("Lovelace & Partners LLP");
    expect(text).toContain("Müller Holdings GmbH");
    expect(text).toContain("ap@mueller.example");
    for (const item of detail.body.items as { description: string; amount: string }[]) {
      expect(text).toContain(item.description);
      expect(text).toContain(`$${item.amount}`);
    }
    // 36 min at $150/h + 12 min at $4/min + one $50 call + 18 min email at $150/h.
    expect(invoice.total).toBe("233.00");
    expect(text).toContain("$233.00");
    expect(text).toMatch(/Jan 1 – Jan 31, 2026/);
    expect(text).toContain("$150.00/hour");
    expect(text).toContain("$4.00/min");
    expect(text).toContain("$50.00/call");
    expect(text).toMatch(/Net 30/);
    expect(text).toMatch(/Page 1 of 1/);
  });
});

describe.each(INVOICE_TEMPLATES)("long names in the %s template", (template) => {
  it("prints a long firm name, client name, email and every line of a 3-line address whole, not cut with …", async () => {
    const who = await newAccount(t, { firstName: "Ada", lastName: "Lovelace" });
    const { c } = who;
    const firmName = "Lovelace & Partners Legal Consulting International LLP";
    expect((await c.put("/api/settings", { firmName })).status).toBe(200);
    const client = await buildClient(c, {
      name: "Müller Holdings GmbH International Trading",
      email: "accounts.payable@mueller-holdings-international.example",
      address: "Hauptstraße 5\n10115 Berlin\nGermany",
    });
    await buildCall(who, { clientId: client.id, startedAt: "2026-03-02T10:00:00Z", notes: "Review" });
    const created = await c.post("/api/invoices", {
      dateFrom: "2026-03-01",
      dateTo: "2026-03-31",
      clientId: client.id,
      template,
    });
    expect(created.status, created.text).toBe(201);
    const response = await fetch(`${t.baseUrl}/api/invoices/${created.body.invoices[0].id}/pdf`, {
      headers: { cookie: `minutely_session=${c.cookie("minutely_session")}` },
    });
    const text = squash(pdfToText(Buffer.from(await response.arrayBuffer()), `long-names-${template}`));
    // The header line carries the whole firm name (the footer repeats it too, so look for it twice).
    expect(text.split(firmName).length - 1).toBeGreaterThanOrEqual(template === "minimal" ? 1 : 2);
    expect(text).toContain("Müller Holdings GmbH International Trading");
    // An address too long even at the smallest size wraps onto a second line.
    expect(text.replace(/\s+/g, "")).toContain("accounts.payable@mueller-holdings-international.example");
    for (const part of ["Hauptstraße 5", "10115 Berlin", "Germany"]) expect(text).toContain(part);
    expect(text).not.toContain("…");
  });
});

describe("a Team practice's invoice (issue 26 §2)", () => {
  // An app without SMTP, so an invitation answers with its link (this file's app mails them).
  let team: TestApp;
  beforeAll(async () => {
    team = await startTestApp();
  });
  afterAll(async () => team?.close());

  it("names each line's member before its description; a solo practitioner's names nobody", async () => {
    const owner = await newAccount(team, { plan: "team", firstName: "Olive", lastName: "Owner" });
    const grace = await joinAs(team, owner.c, "member");
    const client = await buildClient(owner.c, { name: "Team Client" });
    await buildCall(owner, { clientId: client.id, startedAt: "2026-04-01T10:00:00Z", notes: "Owner's review" });
    await buildCall(
      { c: grace.c, accountId: owner.accountId, db: owner.db },
      { clientId: client.id, startedAt: "2026-04-02T10:00:00Z", notes: "Grace's draft" },
    );
    const created = await owner.c.post("/api/invoices", { dateFrom: "2026-04-01", dateTo: "2026-04-30", clientId: client.id });
    expect(created.status, created.text).toBe(201);
    const response = await fetch(`${team.baseUrl}/api/invoices/${created.body.invoices[0].id}/pdf`, {
      headers: { cookie: `minutely_session=${owner.c.cookie("minutely_session")}` },
    });
    const text = squash(pdfToText(Buffer.from(await response.arrayBuffer()), "team"));
    expect(text).toContain("Olive Owner · Consultation call via Zoom — Owner's review");
    expect(text).toContain("Grace member · Consultation call via Zoom — Grace's draft");

    const solo = await newAccount(team, { firstName: "Sol", lastName: "Practitioner" });
    const soloClient = await buildClient(solo.c, { name: "Solo Client" });
    await buildCall(solo, { clientId: soloClient.id, startedAt: "2026-04-01T10:00:00Z", notes: "Solo work" });
    const soloInvoice = await solo.c.post("/api/invoices", {
      dateFrom: "2026-04-01",
      dateTo: "2026-04-30",
      clientId: soloClient.id,
    });
    const soloPdf = await fetch(`${team.baseUrl}/api/invoices/${soloInvoice.body.invoices[0].id}/pdf`, {
      headers: { cookie: `minutely_session=${solo.c.cookie("minutely_session")}` },
    });
    const soloText = squash(pdfToText(Buffer.from(await soloPdf.arrayBuffer()), "solo"));
    expect(soloText).toContain("Consultation call via Zoom — Solo work");
    expect(soloText).not.toContain("Sol Practitioner ·");
  });
});

describe("a long invoice", () => {
  it("continues over pages with every line and the total on the last page", async () => {
    const who = await newAccount(t);
    const { c } = who;
    const client = await buildClient(c, { name: "Busy Client" });
    // One insert, as the 1,000-line invoice below: 60 calls through the API, one after another, were most of this
    // test's time (18 s at load 12 on two cores, of a 60 s budget), and the API's call logging is not what it tests.
    await buildCalls(
      who,
      Array.from({ length: 60 }, (_, i) => ({
        clientId: client.id,
        startedAt: new Date(Date.UTC(2026, 1, 1 + (i % 28), 8 + (i % 10))),
        notes: `Matter ${i + 1}`,
      })),
    );
    const created = await c.post("/api/invoices", {
      dateFrom: "2026-02-01",
      dateTo: "2026-02-28",
      clientId: client.id,
      template: "modern",
    });
    const response = await fetch(`${t.baseUrl}/api/invoices/${created.body.invoices[0].id}/pdf`, {
      headers: { cookie: `minutely_session=${c.cookie("minutely_session")}` },
    });
    const text = squash(pdfToText(Buffer.from(await response.arrayBuffer()), "long"));
    for (let i = 1; i <= 60; i += 1) expect(text).toContain(`Matter ${i}`);
    expect(text).toContain("$4,500.00");
    expect(text).toMatch(/Page 3 of 3|Page 2 of 2/);
  });
});

describe("a 1,000-line invoice", () => {
  it("downloads complete, streamed page by page: every line, every page numbered, the total", async () => {
    const who = await newAccount(t);
    const { c } = who;
    const client = await buildClient(c, { name: "Busiest Client" });
    const lines = 1000;
    const marker = (i: number) => `Matter ${String(i).padStart(4, "0")}`;
    await buildCalls(
      who,
      Array.from({ length: lines }, (_, i) => ({
        clientId: client.id,
        startedAt: new Date(Date.UTC(2026, 2, 1 + (i % 28), 8, i % 60)),
        notes: marker(i + 1),
      })),
    );
    const created = await c.post("/api/invoices", {
      dateFrom: "2026-03-01",
      dateTo: "2026-03-31",
      clientId: client.id,
      template: "professional",
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.invoices[0].totalCalls).toBe(lines);
    const response = await fetch(`${t.baseUrl}/api/invoices/${created.body.invoices[0].id}/pdf?download=1`, {
      headers: { cookie: `minutely_session=${c.cookie("minutely_session")}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    // Sent as pdfkit writes the pages, so its length is not known up front.
    expect(response.headers.get("content-length")).toBeNull();
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(-6).toString("latin1")).toMatch(/%%EOF\s*$/);
    const text = squash(pdfToText(pdf, "thousand"));
    for (let i = 1; i <= lines; i += 1) expect(text).toContain(marker(i));
    // 1,000 half-hour calls at 150.00 an hour.
    expect(text).toContain("$75,000.00");
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(10);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
  });
});

describe("sending by email", () => {
  it("mails the PDF to the client through SMTP with the invoice in the subject and marks it sent", async () => {
    const { c, clientId } = await seededAccount();
    const created = await c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId,
      template: "professional",
    });
    const invoice = created.body.invoices[0];
    const before = smtp.messages.length;
    const sent = await c.post(`/api/invoices/${invoice.id}/send`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(smtp.messages).toHaveLength(before + 1);

    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual(["ap@mueller.example"]);
    expect(mail.from).toBe("billing@lovelace.test");
    expect(mail.headers.subject).toBe(`Invoice ${invoice.invoiceNumber} from Lovelace & Partners LLP`);
    const attachment = mail.parts.find((part) => (part.headers["content-type"] ?? "").startsWith("application/pdf"));
    expect(attachment?.headers["content-disposition"]).toContain(`filename=${invoice.invoiceNumber}.pdf`);
    const text = squash(pdfToText(attachment!.body, "mailed"));
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain("$233.00");
    const body = mail.parts.find((part) => (part.headers["content-type"] ?? "").startsWith("text/plain"));
    expect(body?.body.toString("latin1")).toMatch(/Amount due: \$233\.00/);
    expect((await c.get(`/api/invoices/${invoice.id}`)).body.status).toBe("sent");
  });
});
